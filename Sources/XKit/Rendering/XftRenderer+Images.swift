import CX11
import XKitCore

/// Images: uploaded once into an ARGB32 Picture, then scaled by XRender's transform with the
/// "good" (bilinear) filter and cut by an anti-aliased rounded mask for avatars.
extension XftRenderer {
    func drawImage(_ image: Image, in rect: Rect, clippedTo shape: Rect, cornerRadius: Double) {
        let target = deviceRect(rect)
        guard target.width > 0, target.height > 0 else { return }
        let clip = deviceRect(state.clip, relative: false)
        let shown = deviceRect(shape.intersection(rect))
        let visible = Self.intersect(shown, clip)
        guard visible.width > 0, visible.height > 0, let source = imagePicture(for: image) else { return }

        let bitmap = image.bitmap
        // The transform maps destination pixels (relative to the image's top-left) to source pixels.
        let sx = Double(bitmap.width) / Double(target.width), sy = Double(bitmap.height) / Double(target.height)
        func fixed(_ v: Double) -> XFixed { XFixed(clamping: Int((v * 65536).rounded())) }
        var transform = XTransform(matrix: ((fixed(sx), 0, 0), (0, fixed(sy), 0), (0, 0, fixed(1))))
        XRenderSetPictureTransform(display, source, &transform)

        let radius = min(cornerRadius * scale, Double(min(shown.width, shown.height)) / 2)
        let mask = radius >= 0.5 ? roundedMask(size: visible, shape: shown, radius: radius) : 0
        defer { if mask != 0 { XRenderFreePicture(display, mask) } }
        XRenderComposite(display, Int32(PictOpOver), source, mask, picture,
                         Int32(visible.x - target.x), Int32(visible.y - target.y), 0, 0,
                         Int32(visible.x), Int32(visible.y), UInt32(visible.width), UInt32(visible.height))
    }

    /// The image's server-side picture, uploaded on first use and kept while the image lives.
    private func imagePicture(for image: Image) -> Picture? {
        let key = ObjectIdentifier(image)
        if let entry = imagePictures[key], entry.image === image { return entry.picture }
        let bitmap = image.bitmap
        guard bitmap.width <= 32767, bitmap.height <= 32767,
              let format = XRenderFindStandardFormat(display, Int32(PictStandardARGB32)) else { return nil }
        pruneImagePictures()
        let pixmap = XCreatePixmap(display, drawable, UInt32(bitmap.width), UInt32(bitmap.height), 32)
        guard let gc = XCreateGC(display, pixmap, 0, nil) else { XFreePixmap(display, pixmap); return nil }
        var pixels = bitmap.pixels
        pixels.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self),
                  let ximage = XCreateImage(display, visual, 32, ZPixmap, 0, base, UInt32(bitmap.width),
                                            UInt32(bitmap.height), 32, Int32(bitmap.width * 4)) else { return }
            // The words are in host order (little-endian here); Xlib swaps for a big-endian server.
            ximage.pointee.byte_order = LSBFirst
            // XPutImage splits an image larger than one request into several.
            XPutImage(display, pixmap, gc, ximage, 0, 0, 0, 0, UInt32(bitmap.width), UInt32(bitmap.height))
            // The pixels belong to Swift: detach them before Xlib frees the XImage.
            ximage.pointee.data = nil
            _ = ximage.pointee.f.destroy_image(ximage)
        }
        XFreeGC(display, gc)
        var attributes = XRenderPictureAttributes()
        // Pad, not transparent, past the edges: bilinear samples at the border stay opaque.
        attributes.`repeat` = RepeatPad
        let result = XRenderCreatePicture(display, pixmap, format, UInt(CPRepeat), &attributes)
        XFreePixmap(display, pixmap)
        XRenderSetPictureFilter(display, result, "good", nil, 0)
        imagePictures[key] = ImagePictureEntry(image: image, picture: result)
        return result
    }

    /// Frees pictures whose images are gone, and everything when too many are alive.
    private func pruneImagePictures() {
        guard imagePictures.count >= 32 else { return }
        for (key, entry) in imagePictures where entry.image == nil || imagePictures.count >= 64 {
            XRenderFreePicture(display, entry.picture)
            imagePictures[key] = nil
        }
    }

    func freeImagePictures() {
        for (_, entry) in imagePictures { XRenderFreePicture(display, entry.picture) }
        imagePictures.removeAll()
    }

    /// An A8 mask of `size` (device rect) holding the anti-aliased rounded rect `shape` (device rect).
    private func roundedMask(size: DeviceRect, shape: DeviceRect, radius: Double) -> Picture {
        guard let format = maskFormat else { return 0 }
        let pixmap = XCreatePixmap(display, drawable, UInt32(size.width), UInt32(size.height), 8)
        let mask = XRenderCreatePicture(display, pixmap, format, 0, nil)
        XFreePixmap(display, pixmap)
        var transparent = XRenderColor(red: 0, green: 0, blue: 0, alpha: 0)
        XRenderFillRectangle(display, Int32(PictOpSrc), mask, &transparent, 0, 0, UInt32(size.width), UInt32(size.height))
        let local = Rect(x: Double(shape.x - size.x), y: Double(shape.y - size.y),
                         width: Double(shape.width), height: Double(shape.height))
        var outline = ShapePaths.roundedRect(local, radius: radius,
                                             segmentsPerCorner: min(max(8, Int(radius) / 2), PolygonLimit.maxPoints / 4 - 1))
            .map { XPointDouble(x: $0.x, y: $0.y) }
        XRenderCompositeDoublePoly(display, Int32(PictOpOver), solidFill(.white), mask, maskFormat,
                                   0, 0, 0, 0, &outline, Int32(outline.count), 1)
        return mask
    }

    private static func intersect(_ a: DeviceRect, _ b: DeviceRect) -> DeviceRect {
        let x0 = max(a.x, b.x), y0 = max(a.y, b.y)
        let x1 = min(a.x + a.width, b.x + b.width), y1 = min(a.y + a.height, b.y + b.height)
        return (x0, y0, max(0, x1 - x0), max(0, y1 - y0))
    }
}

/// A device-pixel rectangle.
typealias DeviceRect = (x: Int, y: Int, width: Int, height: Int)

/// One uploaded image; the weak reference tells a live image from a new one at a reused address.
struct ImagePictureEntry {
    weak var image: Image?
    let picture: Picture
}
