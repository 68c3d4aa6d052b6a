/// The rules for the device-pixel scale a user may set (`XKIT_SCALE`, `Xft.dpi`).
///
/// A scale outside 0.5–8 is never what anyone wants, and far outside it the back buffer of an
/// ordinary window grows past memory (`XKIT_SCALE=1000`) or its size stops being a number (`inf`).
public enum DisplayScale {
    /// The scales accepted (the warnings quote these bounds as text).
    public static let range: ClosedRange<Double> = 0.5...8
    /// The `Xft.dpi` values accepted: 96 dpi is scale 1.
    public static let dpiRange: ClosedRange<Double> = (range.lowerBound * 96)...(range.upperBound * 96)

    /// The scale an `XKIT_SCALE` value asks for, or nil when it is not a number in `range`.
    public static func scale(fromSetting text: String) -> Double? {
        guard let value = Double(text.trimmingSpaces), value.isFinite, range.contains(value) else { return nil }
        return value
    }

    /// The scale for an `Xft.dpi` value, in whole and half steps and never below 1 (so 1-pixel lines
    /// stay crisp; 144 dpi gives 1.5), or nil when it is not a number in `dpiRange`.
    public static func scale(fromDPI text: String) -> Double? {
        Double(text.trimmingSpaces).flatMap(scale(dpi:))
    }

    /// The scale for a DPI (the XSETTINGS manager's `Xft/DPI` / 1024), by the same rule as
    /// `scale(fromDPI:)`, or nil when it is outside `dpiRange`.
    public static func scale(dpi: Double) -> Double? {
        guard dpi.isFinite, dpiRange.contains(dpi) else { return nil }
        return max(1, (dpi / 96 * 2).rounded() / 2)
    }
}

private extension String {
    var trimmingSpaces: Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return self[first...last]
    }
}
