/// Runs closures later on the main actor; the X backend supplies the real timer, tests a manual one.
@MainActor
public enum Scheduler {
    /// Schedules `body` after `seconds`; returns a closure that cancels it.
    public static var schedule: (_ seconds: Double, _ body: @escaping @MainActor () -> Void) -> (() -> Void) = { _, _ in
        // Without a backend nothing runs later; cancelling is a no-op.
        return {}
    }

    /// Runs `body` after `seconds`; returns a closure that cancels it.
    @discardableResult
    public static func after(_ seconds: Double, _ body: @escaping @MainActor () -> Void) -> () -> Void {
        schedule(seconds, body)
    }
}
