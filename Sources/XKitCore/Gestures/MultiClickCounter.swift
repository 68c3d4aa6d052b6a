/// Counts presses in a row (single, double, triple click): the one rule labels, text fields and
/// tap recognizers share.
///
/// A press continues the run when it comes within the desktop's double-click time of the previous
/// press (`DesktopSettings.doubleClickTime`, XSETTINGS `Net/DoubleClickTime`) and within its drag
/// threshold of it (`dragThreshold`, `Net/DndDragThreshold`), both inclusive, as GTK counts them.
/// Both are read at each press, so a desktop change applies to the next click.
public struct MultiClickCounter: Sendable {
    /// Presses in the current run, at most `limit` (3: a triple click stays a triple click).
    public private(set) var count = 0
    /// The most a run counts.
    public var limit = 3
    private var lastTime = -Double.infinity
    private var lastLocation = Point.zero

    /// A counter that has seen no click yet.
    public init() {}

    /// Whether a press at `location` and `time` continues a run whose last press was at
    /// `previousLocation` and `previousTime`.
    public static func continues(at location: Point, time: Double, after previousLocation: Point, at previousTime: Double,
                                 settings: DesktopSettings) -> Bool {
        // Compared in whole milliseconds (the X server's unit), so "exactly the interval" does not
        // depend on how the seconds were rounded on their way here.
        let elapsed = ((time - previousTime) * 1000).rounded(), limit = (settings.doubleClickTime * 1000).rounded()
        return elapsed >= 0 && elapsed <= limit && location.distance(to: previousLocation) <= settings.dragThreshold + 1e-9
    }

    /// Records a press and returns its place in the run (1 for a single click).
    public mutating func press(at location: Point, time: Double, settings: DesktopSettings) -> Int {
        let continued = count > 0
            && Self.continues(at: location, time: time, after: lastLocation, at: lastTime, settings: settings)
        count = continued ? min(limit, count + 1) : 1
        lastTime = time
        lastLocation = location
        return count
    }

    /// Forgets the run: the next press is a single click.
    public mutating func reset() { self = MultiClickCounter() }
}

extension View {
    /// The desktop settings of the platform the view is shown on (the defaults before it joins a window).
    var desktopSettings: DesktopSettings {
        window?.platform.settings ?? DesktopSettings.standard
    }
}
