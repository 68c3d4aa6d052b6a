/// Shows an image, fitted by `contentMode`, optionally with rounded corners or as a circle (avatars).
///
///     let avatar = ImageView(named: "avatar1")
///     avatar.contentMode = .aspectFill
///     avatar.isCircular = true
///
/// A named image is loaded from `application.images` when the view first draws, at the window's
/// scale (`avatar1@2x.png` on HiDPI screens), so nothing is decoded at launch.
open class ImageView: View {
    /// The image shown; setting it replaces any `imageName`.
    public var image: Image? {
        get { current }
        set {
            guard newValue !== current || name != nil else { return }
            current = newValue
            name = nil
            isLoading = false
            resolvedScale = nil
            loadError = nil
            setNeedsDisplay()
        }
    }

    /// The name of an image to load lazily from the app's `ImageCache`, at the window's scale.
    public var imageName: String? {
        get { name }
        set {
            guard newValue != name else { return }
            name = newValue
            current = nil
            isLoading = false
            resolvedScale = nil
            loadError = nil
            setNeedsDisplay()
        }
    }

    /// How the image fits the bounds (default `.scaleToFill`, as in UIKit).
    ///
    ///     avatar.contentMode = .aspectFill
    public var contentMode: ContentMode = .scaleToFill { didSet { setNeedsDisplay() } }

    /// Clips the image to a circle: the largest one centred in the bounds (anti-aliased).
    ///
    ///     avatar.isCircular = true
    public var isCircular = false { didSet { setNeedsDisplay() } }

    /// Why the named image could not be shown, if it could not.
    public private(set) var loadError: ImageError?
    /// Whether the named image is being decoded in the background.
    public private(set) var isLoading = false

    private var current: Image?
    /// True while `loadImage` runs, so a result that arrives at once does not ask for another pass.
    private var isResolving = false
    private var name: String?
    /// The scale the named image was loaded for (a scale change reloads it).
    private var resolvedScale: Double?

    /// A view showing `image`.
    public init(image: Image? = nil) {
        current = image
        super.init()
    }

    /// A view showing the app's image called `name`, loaded when first drawn.
    ///
    ///     let avatar = ImageView(named: "avatar1")   // avatar1.png, or avatar1@2x.png on HiDPI
    public convenience init(named name: String) {
        self.init(image: nil)
        imageName = name
    }

    /// The image's size in points (zero without an image).
    open override func sizeThatFits(_ size: Size) -> Size {
        resolveNamedImage()
        return image?.size ?? .zero
    }

    open override func draw(in context: GraphicsContext) {
        resolveNamedImage(scale: context.scale)
        guard let image else { return }
        let local = bounds
        let shape: Rect
        let radius: Double
        if isCircular {
            let side = min(local.width, local.height)
            shape = Rect(x: local.midX - side / 2, y: local.midY - side / 2, width: side, height: side)
            radius = side / 2
        } else {
            shape = local
            radius = min(cornerRadius, min(local.width, local.height) / 2)
        }
        context.drawImage(image, in: contentMode.imageRect(for: image.size, in: local), clippedTo: shape,
                          cornerRadius: radius)
    }

    /// Loads `imageName` through the app's cache once per scale; a failure is kept in `loadError`.
    ///
    /// Small files are decoded at once, large ones off the main actor (the view draws once they arrive).
    private func resolveNamedImage(scale: Double? = nil) {
        guard let name, let app = application else { return }
        let wanted = scale ?? window?.scale ?? app.scale
        guard resolvedScale != wanted else { return }
        resolvedScale = wanted
        isLoading = true
        isResolving = true
        defer { isResolving = false }
        app.images.loadImage(named: name, scale: wanted) { [weak self] result in
            // A newer name or scale was asked for meanwhile: this result is stale.
            guard let self, self.name == name, self.resolvedScale == wanted else { return }
            self.isLoading = false
            switch result {
            case .success(let loaded):
                self.current = loaded
                self.loadError = nil
            case .failure(let error):
                self.loadError = error
            }
            // Decoded in the background: draw it now (at once, the draw in progress shows it).
            if !self.isResolving { self.setNeedsDisplay() }
            // The trace reports the pixel size or the error: let the next pass re-emit it.
            self.window?.viewTreeDidChange()
        }
    }

    /// The `views` trace fields: the image's name, its pixel size and scale once loaded, or why it failed.
    package override func traceFields() -> [(String, JSON)] {
        var fields: [(String, JSON)] = []
        if let name = imageName { fields.append(("image", .string(name))) }
        if let image {
            fields.append(("pixels", .array([.int(image.bitmap.width), .int(image.bitmap.height)])))
            fields.append(("imageScale", .double(image.scale)))
        }
        if let loadError { fields.append(("imageError", .string(loadError.description))) }
        return fields
    }
}
