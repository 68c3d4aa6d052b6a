@_spi(Platform) import XKitCore

extension X11Platform: DragSourcePlatform {
    public var canBeginDrag: Bool { !xdnd.source.isDragging }

    public func beginDrag(_ item: PasteboardItem, from window: Window, event: PointerEvent, image: Window?,
                          completion: @escaping @MainActor (DropOperation) -> Void) -> Bool {
        xdnd.source.begin(item, from: window, event: event, image: image, completion: completion)
    }
}
