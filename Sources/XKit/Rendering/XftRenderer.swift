import CX11
import XKitCore

/// Draws into an X drawable with Xft (text) and XRender (anti-aliased shapes, alpha).
///
/// Logical coordinates are multiplied by `scale`; shapes are composited with an A8 mask so edges
/// are anti-aliased, and every colour goes through Render so alpha works everywhere.
@MainActor
final class XftRenderer: GraphicsContext {
    struct State { var origin: Point; var clip: Rect }

    let scale: Double
    let fonts: FontRegistry
    var measurer: TextMeasurer { fonts }
    let display: OpaquePointer
    let draw: OpaquePointer
    let picture: Picture
    let maskFormat: UnsafeMutablePointer<XRenderPictFormat>?
    // Read by every draw call; the exclusivity check cost more than the read (see `View.frame`).
    @exclusivity(unchecked) private(set) var state: State
    @exclusivity(unchecked) private var stack: [State] = []
    private var solidFills: [Color: Picture] = [:]
    let drawable: Drawable
    let visual: UnsafeMutablePointer<Visual>
    /// Uploaded images by identity (see `XftRenderer+Images`).
    var imagePictures: [ObjectIdentifier: ImagePictureEntry] = [:]
    /// The most glyphs one Xft draw call may send (see `XRequestLimits.glyphsPerRequest`).
    private let glyphsPerRequest: Int
    /// Anti-aliased discs (A8, 2r × 2r) by radius in device pixels; their quadrants are the corners.
    private var cornerMasks: [Int: Picture] = [:]

    init?(display: OpaquePointer, drawable: Drawable, visual: UnsafeMutablePointer<Visual>, colormap: Colormap,
          fonts: FontRegistry, size: Size, limits: XRequestLimits) {
        guard let draw = XftDrawCreate(display, drawable, visual, colormap) else { return nil }
        self.display = display
        self.drawable = drawable
        self.visual = visual
        self.draw = draw
        self.fonts = fonts
        glyphsPerRequest = limits.glyphsPerRequest
        scale = fonts.scale
        picture = XftDrawPicture(draw)
        maskFormat = XRenderFindStandardFormat(display, Int32(PictStandardA8))
        state = State(origin: .zero, clip: Rect(origin: .zero, size: size))
    }

    /// Frees the Xft draw and cached fills (the drawable belongs to the caller).
    func destroy() {
        for (_, fill) in solidFills { XRenderFreePicture(display, fill) }
        solidFills.removeAll()
        for (_, mask) in cornerMasks { XRenderFreePicture(display, mask) }
        cornerMasks.removeAll()
        freeImagePictures()
        XftDrawDestroy(draw)
    }

    /// Starts a frame clipped to `rect` (window coordinates), whose window point `bufferOrigin`
    /// lands at the drawable's top-left corner (the back buffer may hold one tile of a larger window).
    func begin(clip rect: Rect, bufferOrigin: Point = .zero) {
        stack.removeAll()
        state = State(origin: Point(x: -bufferOrigin.x, y: -bufferOrigin.y),
                      clip: rect.offsetBy(dx: -bufferOrigin.x, dy: -bufferOrigin.y))
        applyClip()
    }

    var clipBounds: Rect { state.clip.offsetBy(dx: -state.origin.x, dy: -state.origin.y) }

    func translate(by offset: Point) { state.origin = state.origin + offset }

    func clip(to rect: Rect) {
        state.clip = state.clip.intersection(rect.offsetBy(dx: state.origin.x, dy: state.origin.y))
        applyClip()
    }

    func saveState() { stack.append(state) }

    func restoreState() {
        guard let saved = stack.popLast() else { return }
        let clipChanged = saved.clip != state.clip
        state = saved
        if clipChanged { applyClip() }
    }

    func fill(_ rect: Rect, color: Color) {
        guard color.alpha > 0 else { return }
        let r = deviceRect(rect)
        guard r.width > 0, r.height > 0 else { return }
        var c = renderColor(color)
        XRenderFillRectangle(display, Int32(PictOpOver), picture, &c, Int32(r.x), Int32(r.y), UInt32(r.width), UInt32(r.height))
    }

    /// Fills a rounded rectangle as three solid bands plus four corners cut from a cached disc.
    ///
    /// Rasterising a polygon per chip made the server do most of the first frame's work with
    /// thousands of tags; bands and cached corner masks are plain composites.
    func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) {
        guard radius > 0 else { return fill(rect, color: color) }
        guard color.alpha > 0 else { return }
        let d = deviceRect(rect)
        let r = min(Int(min(radius * scale, DevicePixels.maximumExtent).rounded()), d.width / 2, d.height / 2)
        guard r > 0, let mask = cornerMask(radius: r) else { return fill(rect, color: color) }
        let source = solidFill(color)
        let corners = [(0, 0, d.x, d.y), (r, 0, d.x + d.width - r, d.y),
                       (0, r, d.x, d.y + d.height - r), (r, r, d.x + d.width - r, d.y + d.height - r)]
        for (maskX, maskY, x, y) in corners {
            XRenderComposite(display, Int32(PictOpOver), source, mask, picture, 0, 0, Int32(maskX), Int32(maskY),
                             Int32(x), Int32(y), UInt32(r), UInt32(r))
        }
        var c = renderColor(color)
        let bands = [(d.x + r, d.y, d.width - 2 * r, d.height), (d.x, d.y + r, r, d.height - 2 * r),
                     (d.x + d.width - r, d.y + r, r, d.height - 2 * r)]
        for (x, y, w, h) in bands where w > 0 && h > 0 {
            XRenderFillRectangle(display, Int32(PictOpOver), picture, &c, Int32(x), Int32(y), UInt32(w), UInt32(h))
        }
    }

    private func cornerMask(radius r: Int) -> Picture? {
        if let cached = cornerMasks[r] { return cached }
        guard let format = maskFormat, r <= 512 else { return nil }
        let size = UInt32(2 * r)
        let pixmap = XCreatePixmap(display, drawable, size, size, 8)
        let mask = XRenderCreatePicture(display, pixmap, format, 0, nil)
        // The picture holds its own reference to the pixmap.
        XFreePixmap(display, pixmap)
        var transparent = XRenderColor(red: 0, green: 0, blue: 0, alpha: 0)
        XRenderFillRectangle(display, Int32(PictOpSrc), mask, &transparent, 0, 0, size, size)
        var disc = ShapePaths.roundedRect(Rect(x: 0, y: 0, width: Double(size), height: Double(size)), radius: Double(r),
                                          segmentsPerCorner: min(max(8, r / 2), PolygonLimit.maxPoints / 4 - 1))
            .map { XPointDouble(x: $0.x, y: $0.y) }
        XRenderCompositeDoublePoly(display, Int32(PictOpOver), solidFill(.white), mask, maskFormat,
                                   0, 0, 0, 0, &disc, Int32(disc.count), 1)
        cornerMasks[r] = mask
        return mask
    }

    func strokeRoundedRect(_ rect: Rect, radius: Double, color: Color, lineWidth: Double) {
        guard color.alpha > 0, lineWidth > 0 else { return }
        if radius <= 0 {
            // Four bands, pixel-aligned, so thin borders stay crisp.
            fill(Rect(x: rect.x, y: rect.y, width: rect.width, height: lineWidth), color: color)
            fill(Rect(x: rect.x, y: rect.maxY - lineWidth, width: rect.width, height: lineWidth), color: color)
            fill(Rect(x: rect.x, y: rect.y + lineWidth, width: lineWidth, height: rect.height - 2 * lineWidth), color: color)
            fill(Rect(x: rect.maxX - lineWidth, y: rect.y + lineWidth, width: lineWidth, height: rect.height - 2 * lineWidth), color: color)
            return
        }
        fillPolygon(ShapePaths.ring(rect, radius: radius, width: lineWidth), color: color)
    }

    func fillPolygon(_ points: [Point], color: Color) {
        guard points.count >= 3, color.alpha > 0 else { return }
        var device = PolygonLimit.thinned(points).map { p in
            XPointDouble(x: (p.x + state.origin.x) * scale, y: (p.y + state.origin.y) * scale)
        }
        let source = solidFill(color)
        XRenderCompositeDoublePoly(display, Int32(PictOpOver), source, picture, maskFormat,
                                   0, 0, 0, 0, &device, Int32(device.count), 1)
    }

    func drawText(_ text: Substring, font: Font, color: Color, at origin: Point) {
        guard color.alpha > 0, !text.isEmpty else { return }
        guard let face = fonts.face(for: font) else { return drawTextWithoutFont(text, font: font, color: color, at: origin) }
        var xftColor = XftColor(pixel: 0, color: renderColor(color))
        let startX = ((origin.x + state.origin.x) * scale).rounded()
        let baseline = ((origin.y + state.origin.y) * scale).rounded()
        guard startX.isFinite, baseline.isFinite, abs(baseline) < 32000 else { return }
        let clip = deviceRect(state.clip, relative: false)
        let y = Int32(baseline)
        let penX = Int(max(min(startX, 1e15), -1e15))
        let margin = Int(face.height)
        func drawRun(_ run: GlyphRun) {
            if let cluster = run.shaped, face.isMissing(cluster) {
                drawMissingGlyphBox(x: run.x, baseline: Int(y), advance: Int(face.advance(of: cluster)),
                                    ascent: Int(face.ascent), color: &xftColor)
                return
            }
            if let cluster = run.shaped, let shaped = face.shaped(cluster) {
                drawGlyphs(shaped, font: face.fonts[shaped.font], penX: run.x, baseline: Int(y), color: &xftColor)
                return
            }
            // Runs start near the clip, so x fits the protocol's 16-bit coordinates.
            XftDrawStringUtf8(draw, &xftColor, face.fonts[run.font], Int32(clamping: run.x), y, run.utf8,
                              Int32(run.utf8.count))
        }
        let planner = GlyphRunPlanner(minX: clip.x, maxX: clip.x + clip.width, margin: margin, maxGlyphs: glyphsPerRequest)
        // A short line's runs are cut once for the whole line and kept (`LineRunCache`); each draw moves
        // them to its pen and skips those outside the clip. Far left of the window a kept run could
        // start beyond X's 16-bit coordinates, so such lines are cut afresh around the clip.
        if text.utf8.count <= LineRunCache.longestLine, penX > -8_192,
           let runs = text.utf8.withContiguousStorageIfAvailable({ keptRuns(for: text, utf8: $0, face: face) }) {
            for var run in runs {
                run.x += penX
                if planner.mayReach(run) { drawRun(run) }
            }
            return
        }
        planner.forEachRun(in: text, startX: penX, font: { face.fontIndex(for: $0) },
                           advance: { Int(face.advance(of: $0)) },
                           isShaped: { face.isMissing($0) || face.shaped($0) != nil }, drawRun)
    }

    /// The runs of a whole line (pens from 0), from the face's cache or cut now and kept.
    private func keptRuns(for text: Substring, utf8: UnsafeBufferPointer<UInt8>, face: FontFace) -> [GlyphRun] {
        let hash = LineRunCache.hash(utf8)
        if let runs = face.lineRuns.runs(for: utf8, hash: hash) { return runs }
        var runs: [GlyphRun] = []
        GlyphRunPlanner(minX: Int.min / 4, maxX: Int.max / 4, margin: 0, maxGlyphs: glyphsPerRequest)
            .forEachRun(in: text, startX: 0, font: { face.fontIndex(for: $0) }, advance: { Int(face.advance(of: $0)) },
                        isShaped: { face.isMissing($0) || face.shaped($0) != nil }) { runs.append($0) }
        face.lineRuns.insert(runs, for: utf8, hash: hash)
        return runs
    }

    /// Draws a right-to-left run from its left end: clusters in reverse logical order, each at the
    /// advance `FontRegistry` measured (shaped words never come here: `drawShapedWord` draws them).
    func drawRightToLeftText(_ text: Substring, font: Font, color: Color, at origin: Point) {
        guard color.alpha > 0, !text.isEmpty else { return }
        guard let face = fonts.face(for: font) else {
            return drawTextWithoutFont(Substring(String(text.reversed())), font: font, color: color, at: origin)
        }
        var xftColor = XftColor(pixel: 0, color: renderColor(color))
        let startX = ((origin.x + state.origin.x) * scale).rounded()
        let baseline = ((origin.y + state.origin.y) * scale).rounded()
        guard startX.isFinite, baseline.isFinite, abs(baseline) < 32000, abs(startX) < 1e15 else { return }
        let clip = deviceRect(state.clip, relative: false)
        let margin = Int(face.height)
        var x = Int(startX)
        for c in text.reversed() {
            if x > clip.x + clip.width + margin { break }
            let advance = Int(face.advance(of: c))
            defer { x += max(0, advance) }
            guard x + advance >= clip.x - margin, let first = c.unicodeScalars.first, first.value >= 0x20 else { continue }
            if face.isMissing(c) {
                drawMissingGlyphBox(x: x, baseline: Int(baseline), advance: advance, ascent: Int(face.ascent), color: &xftColor)
            } else if let shaped = face.shaped(c) {
                drawGlyphs(shaped, font: face.fonts[shaped.font], penX: x, baseline: Int(baseline), color: &xftColor)
            } else {
                // UAX #9 L4: paired punctuation in right-to-left text shows its mirror image.
                let scalars = c.unicodeScalars.count == 1 ? [XftRenderer.mirrored(first)] : Array(c.unicodeScalars)
                let utf8 = Array(scalars.prefix(max(1, glyphsPerRequest)).map { String($0) }.joined().utf8)
                XftDrawStringUtf8(draw, &xftColor, face.fonts[face.fontIndex(for: c)], Int32(clamping: x),
                                  Int32(baseline), utf8, Int32(utf8.count))
            }
        }
    }

    /// Draws a word's HarfBuzz glyphs where layout placed them: each glyph at the word's left edge
    /// plus its rounded pen position, so ink lands exactly on the clusters hit tests find.
    func drawShapedWord(_ word: ShapedWord, clusters: Range<Int>, font: Font, color: Color, at origin: Point) {
        guard color.alpha > 0, !clusters.isEmpty, let face = fonts.face(for: font) else { return }
        let startX = ((origin.x + state.origin.x) * scale).rounded()
        let baseline = ((origin.y + state.origin.y) * scale).rounded()
        guard startX.isFinite, baseline.isFinite, abs(baseline) < 32000, abs(startX) < 1e9 else { return }
        let clip = deviceRect(state.clip, relative: false)
        let margin = Int(face.height)
        let x0 = Int(startX), y0 = Int(baseline)
        let whole = clusters.lowerBound == 0 && clusters.upperBound >= word.clusterCount
        var specs: [XftGlyphFontSpec] = []
        for run in word.runs where run.font >= 0 && run.font < face.fonts.count {
            let xft = face.fonts[run.font]
            for g in run.glyphs.indices where whole || clusters.contains(run.clusters[g]) {
                let x = x0 + Int(run.x[g])
                guard x >= clip.x - margin, x <= clip.x + clip.width + margin else { continue }
                specs.append(XftGlyphFontSpec(font: xft, glyph: FT_UInt(run.glyphs[g]), x: Int16(clamping: x),
                                              y: Int16(clamping: y0 + Int(run.y[g]))))
            }
        }
        var xftColor = XftColor(pixel: 0, color: renderColor(color))
        drawSpecs(&specs, color: &xftColor)
    }

    /// The Bidi_Mirroring_Glyph of the common paired punctuation (same advance as the original).
    private static func mirrored(_ s: Unicode.Scalar) -> Unicode.Scalar {
        switch s {
        case "(": return ")"
        case ")": return "("
        case "[": return "]"
        case "]": return "["
        case "{": return "}"
        case "}": return "{"
        case "<": return ">"
        case ">": return "<"
        case "«": return "»"
        case "»": return "«"
        case "‹": return "›"
        case "›": return "‹"
        default: return s
        }
    }

    /// Draws a shaped cluster's glyph ids, at most `glyphsPerRequest` per request.
    private func drawGlyphs(_ cluster: ShapedCluster, font: UnsafeMutablePointer<XftFont>, penX: Int, baseline: Int,
                            color: inout XftColor) {
        var specs = cluster.glyphs.map { g in
            XftGlyphFontSpec(font: font, glyph: FT_UInt(g.id), x: Int16(clamping: penX + Int(g.x)),
                             y: Int16(clamping: baseline + Int(g.y)))
        }
        drawSpecs(&specs, color: &color)
    }

    /// Draws positioned glyphs, at most `glyphsPerRequest` per request.
    private func drawSpecs(_ specs: inout [XftGlyphFontSpec], color: inout XftColor) {
        let chunk = max(1, glyphsPerRequest)
        var start = 0
        while start < specs.count {
            let n = min(chunk, specs.count - start)
            specs.withUnsafeMutableBufferPointer { all in
                XftDrawGlyphFontSpec(draw, &color, all.baseAddress.map { $0 + start }, Int32(n))
            }
            start += n
        }
    }

    // MARK: Helpers

    private func applyClip() {
        let r = deviceRect(state.clip, relative: false)
        var rect = XRectangle(x: Int16(clamping: r.x), y: Int16(clamping: r.y),
                              width: UInt16(clamping: max(0, r.width)), height: UInt16(clamping: max(0, r.height)))
        XftDrawSetClipRectangles(draw, 0, 0, &rect, 1)
    }

    func deviceRect(_ rect: Rect, relative: Bool = true) -> (x: Int, y: Int, width: Int, height: Int) {
        let dx = relative ? state.origin.x : 0, dy = relative ? state.origin.y : 0
        let x0 = ((rect.minX + dx) * scale).rounded(), y0 = ((rect.minY + dy) * scale).rounded()
        let x1 = ((rect.maxX + dx) * scale).rounded(), y1 = ((rect.maxY + dy) * scale).rounded()
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return (0, 0, 0, 0) }
        let clampLo = -32000.0, clampHi = 32000.0
        let cx0 = Int(min(max(x0, clampLo), clampHi)), cy0 = Int(min(max(y0, clampLo), clampHi))
        let cx1 = Int(min(max(x1, clampLo), clampHi)), cy1 = Int(min(max(y1, clampLo), clampHi))
        return (cx0, cy0, cx1 - cx0, cy1 - cy0)
    }

    /// Render wants premultiplied 16-bit components.
    func renderColor(_ color: Color) -> XRenderColor {
        let a = min(1, max(0, color.alpha))
        func channel(_ v: Double) -> UInt16 { UInt16((min(1, max(0, v)) * a * 65535).rounded()) }
        return XRenderColor(red: channel(color.redComponent), green: channel(color.greenComponent), blue: channel(color.blueComponent),
                            alpha: UInt16((a * 65535).rounded()))
    }

    func solidFill(_ color: Color) -> Picture {
        if let cached = solidFills[color] { return cached }
        var c = renderColor(color)
        let fill = XRenderCreateSolidFill(display, &c)
        if solidFills.count > 64 {
            for (_, old) in solidFills { XRenderFreePicture(display, old) }
            solidFills.removeAll()
        }
        solidFills[color] = fill
        return fill
    }
}
