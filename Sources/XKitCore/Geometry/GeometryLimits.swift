/// The range of coordinates and lengths views keep, so that NaN, infinities and absurd values set by
/// an app are clamped where they are set instead of trapping later in a Double-to-Int conversion.
public enum GeometryLimits {
    /// The largest magnitude of a view coordinate or length, in points (2^27: a million 100-point
    /// rows of a collection view fit).
    ///
    /// Whole points stay exact in a Double far beyond it, and at the largest scale (8) it is still
    /// well inside Int32 device pixels, so every later conversion is safe.
    public static let maximumMagnitude: Double = 134_217_728

    /// `value` clamped to ±`maximumMagnitude`; NaN becomes `nanReplacement`.
    public static func clamp(_ value: Double, nanReplacement: Double = 0) -> Double {
        if value.isNaN { return nanReplacement }
        return min(max(value, -maximumMagnitude), maximumMagnitude)
    }

    /// Whether `value` is a number within ±`maximumMagnitude`.
    public static func contains(_ value: Double) -> Bool {
        value.isFinite && abs(value) <= maximumMagnitude
    }
}

extension Point {
    /// Whether both coordinates are numbers within `GeometryLimits`.
    public var isWithinLimits: Bool { GeometryLimits.contains(x) && GeometryLimits.contains(y) }
    /// The point with NaN as 0 and each coordinate clamped to `GeometryLimits`.
    public var clampedToLimits: Point { Point(x: GeometryLimits.clamp(x), y: GeometryLimits.clamp(y)) }
}

extension Size {
    /// Whether both lengths are numbers within `GeometryLimits`.
    public var isWithinLimits: Bool { GeometryLimits.contains(width) && GeometryLimits.contains(height) }
    /// The size with NaN as 0 and each length clamped to `GeometryLimits`.
    public var clampedToLimits: Size { Size(width: GeometryLimits.clamp(width), height: GeometryLimits.clamp(height)) }
}

extension Rect {
    /// Whether origin and size are numbers within `GeometryLimits`.
    public var isWithinLimits: Bool { origin.isWithinLimits && size.isWithinLimits }
    /// The rect with NaN as 0 and each component clamped to `GeometryLimits`.
    public var clampedToLimits: Rect { Rect(origin: origin.clampedToLimits, size: size.clampedToLimits) }
}
