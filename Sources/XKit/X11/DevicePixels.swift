import XKitCore

/// Conversions from logical points to X device pixels that clamp instead of trapping.
///
/// The X protocol carries window and pixmap sizes as CARD16 and positions as INT16, and Xlib
/// truncates larger values silently, while Swift's `Int32(Double)` traps on NaN and overflow.
enum DevicePixels {
    /// The largest window or pixmap side X accepts, in pixels.
    static let maximumExtent = 32767.0

    /// A device coordinate: rounded, NaN as 0, clamped to X's 16-bit signed range.
    static func coordinate(_ pixels: Double) -> Int32 {
        guard !pixels.isNaN else { return 0 }
        return Int32(min(max(pixels.rounded(), -32768), 32767))
    }

    /// A device position for arithmetic before it reaches X: rounded, NaN as 0, clamped to ±2^30.
    static func position(_ pixels: Double) -> Int32 {
        guard !pixels.isNaN else { return 0 }
        return Int32(min(max(pixels.rounded(), -1_073_741_824), 1_073_741_824))
    }

    /// A device width or height: rounded, NaN as 1, clamped to 1...`maximumExtent`.
    static func extent(_ pixels: Double) -> UInt32 {
        guard !pixels.isNaN else { return 1 }
        return UInt32(min(max(pixels.rounded(), 1), maximumExtent))
    }

    /// A window size (points) whose device size is 1...`maximumExtent` pixels a side; NaN is the minimum.
    static func windowSize(_ size: Size, scale: Double) -> Size {
        let valid = Size(width: Double(extent(size.width * scale)) / scale, height: Double(extent(size.height * scale)) / scale)
        if !(abs(valid.width - size.width) * scale < 0.5 && abs(valid.height - size.height) * scale < 0.5) {
            Trace.warnOnce("window.size", "a window size of \(size) points is outside 1...\(Int(maximumExtent)) pixels a side; clamped")
            return valid
        }
        return size
    }

    /// A window origin (points, root coordinates) within X's 16-bit signed range; NaN is 0.
    static func windowOrigin(_ origin: Point, scale: Double) -> Point {
        let x = origin.x * scale, y = origin.y * scale
        guard x.isFinite, y.isFinite, abs(x) <= 32767, abs(y) <= 32767 else {
            Trace.warnOnce("window.origin", "a window origin of \(origin) points is outside X's 16-bit range; clamped")
            return Point(x: Double(coordinate(x)) / scale, y: Double(coordinate(y)) / scale)
        }
        return origin
    }
}
