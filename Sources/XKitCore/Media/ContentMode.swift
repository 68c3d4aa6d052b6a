/// How an image view fits its image into its bounds, as UIView.ContentMode does.
public enum ContentMode: Sendable, Hashable {
    /// Stretches the image to the bounds, ignoring its aspect ratio.
    case scaleToFill
    /// Scales to fit inside the bounds, keeping the aspect ratio (letterboxed, centred).
    case aspectFit
    /// Scales to cover the bounds, keeping the aspect ratio (the overflow is clipped, centred).
    case aspectFill
    /// Keeps the natural size, centred (clipped when larger).
    case center

    /// Where an image of `imageSize` points is drawn for `bounds`; it may extend past the bounds.
    public func imageRect(for imageSize: Size, in bounds: Rect) -> Rect {
        guard imageSize.width > 0, imageSize.height > 0 else { return Rect(origin: bounds.origin, size: .zero) }
        let size: Size
        switch self {
        case .scaleToFill:
            return bounds
        case .aspectFit, .aspectFill:
            let sx = bounds.width / imageSize.width, sy = bounds.height / imageSize.height
            let s = self == .aspectFit ? min(sx, sy) : max(sx, sy)
            size = Size(width: imageSize.width * s, height: imageSize.height * s)
        case .center:
            size = imageSize
        }
        return Rect(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2,
                    width: size.width, height: size.height)
    }
}
