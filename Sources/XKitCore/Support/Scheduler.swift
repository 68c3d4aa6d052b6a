/// Deferred work for widgets (a brief hint, a blink), without the core owning a timer.
///
/// The X backend installs `handler` when the app starts; tests install one they drive by hand.
/// With no handler, scheduled work never runs, so widgets must look right without it.
@MainActor
public enum Scheduler {
    /// Runs a closure after a delay in seconds; set by the backend or by tests.
    public static var handler: ((Double, @escaping @MainActor () -> Void) -> Void)?

    /// Asks the installed handler to run `body` after `seconds`; does nothing without one.
    public static func schedule(after seconds: Double, _ body: @escaping @MainActor () -> Void) {
        handler?(seconds, body)
    }
}
