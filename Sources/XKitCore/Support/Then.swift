/// Inline configuration: `then` for objects, `with` for modified copies of values.
///
/// The methods are nonisolated and take non-escaping `rethrows` closures, so they run on the
/// caller's actor: a `@MainActor` view can be configured from main-actor code without hops.
public protocol Then {}

extension Then where Self: AnyObject {
    /// Runs `configure` on the object and returns it: `let label = Label().then { $0.text = "Hi" }`.
    @discardableResult
    @inlinable
    public func then(_ configure: (Self) throws -> Void) rethrows -> Self {
        try configure(self)
        return self
    }
}

extension Then {
    /// Returns a copy changed by `configure`: `let wider = frame.with { $0.size.width += 10 }`.
    @inlinable
    public func with(_ configure: (inout Self) throws -> Void) rethrows -> Self {
        var copy = self
        try configure(&copy)
        return copy
    }
}

extension Responder: Then {}
extension Point: Then {}
extension Size: Then {}
extension Rect: Then {}
extension EdgeInsets: Then {}
