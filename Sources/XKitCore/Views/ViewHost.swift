/// What a view tree needs from the native window that shows it.
@MainActor
public protocol ViewHost: AnyObject {
    /// Device pixels per logical point.
    var scale: Double { get }
    /// The measurer matching the host's renderer.
    var measurer: TextMeasurer { get }
    /// The window's top-left corner in root-window (screen) coordinates.
    var screenOrigin: Point { get }
    /// Marks part of the window, in window coordinates, for redrawing on the next pass.
    func setNeedsDisplay(in rect: Rect)
    /// Asks for a layout pass before the next draw.
    func setNeedsLayout()
    /// Notes that views were added, removed, moved or renamed (for the `views` trace event).
    func viewTreeDidChange()
    /// The root of the hosted view tree.
    var rootView: View { get }
    /// The router dispatching this window's events (gestures, focus, first responder).
    var eventRouter: EventRouter { get }
}

/// Every live view host, so app-wide switches can reach all windows.
@MainActor
public enum ViewHosts {
    private struct WeakHost { weak var host: ViewHost? }
    private static var hosts: [WeakHost] = []

    /// Adds a host (held weakly).
    public static func register(_ host: ViewHost) {
        hosts.removeAll { $0.host == nil }
        hosts.append(WeakHost(host: host))
    }

    /// The live hosts.
    public static var all: [ViewHost] { hosts.compactMap(\.host) }
}

/// The measurer used by views outside any window and by the default layout paths.
@MainActor
public enum TextSystem {
    /// Set by the X backend when the app starts; tests set a fake.
    public static var measurer: TextMeasurer = MonospaceMeasurer()
}

/// A display-free measurer: every cluster is `size × 0.6` wide (CJK twice that).
///
/// It keeps layout working before a backend exists and gives tests simple, predictable numbers.
public final class MonospaceMeasurer: TextMeasurer {
    public init() {}
    public func metrics(for font: Font) -> FontMetrics {
        FontMetrics(ascent: (font.size * 0.8).rounded(), descent: (font.size * 0.25).rounded())
    }
    public func advance(of character: Character, in font: Font) -> Double {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if character == "\n" { return 0 }
        let wide = CharacterClass.isWide(scalar)
        return (font.size * (wide ? 1.2 : 0.6)).rounded()
    }
}
