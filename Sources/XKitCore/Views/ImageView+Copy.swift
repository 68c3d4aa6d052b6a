/// Copying an image view's picture as `image/png`.
extension ImageView {
    /// Puts the image on the CLIPBOARD as `image/png`, encoded only when an app pastes it.
    ///
    /// Returns false, with the reason traced as a warning, when there is no image, the view is in no
    /// application, or the image is too large to encode (a 30000×30000 picture is refused up front).
    ///
    ///     avatar.menuItems = [.copyImage]
    @discardableResult
    public func copyImage(event: InputEvent? = nil) -> Bool {
        guard let image else {
            Trace.warn("Copy Image: the image view shows no image\(loadError.map { " (\($0))" } ?? "")")
            return false
        }
        guard let platform = application?.platform else {
            Trace.warn("Copy Image: the image view is in no application")
            return false
        }
        let item: PasteboardItem
        do {
            item = try PasteboardItem(image: image, encoder: platform.imageEncoder)
        } catch {
            Trace.warn("Copy Image refused: \(error)")
            return false
        }
        platform.pasteboard(.clipboard).setItems([item], event: event)
        Trace.emit("copied", [("id", accessibilityIdentifier.map { JSON.string($0) } ?? .null), ("type", .string(PasteboardType.png)),
                              ("width", .int(image.bitmap.width)), ("height", .int(image.bitmap.height))])
        return true
    }
}

extension MenuItem {
    /// "Copy Image": copies the menu's image view (see `ImageView.copyImage`).
    public static var copyImage: MenuItem {
        MenuItem(title: "Copy Image") { context in
            (context.target as? ImageView)?.copyImage(event: context.event)
        }
    }
}
