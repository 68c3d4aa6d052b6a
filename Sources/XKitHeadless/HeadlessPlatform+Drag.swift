@_spi(Platform) import XKitCore

/// A drag out of a window that the headless platform was asked to start.
public struct HeadlessDrag {
    /// What the drag carries.
    public let item: PasteboardItem
    /// The window it started from.
    public let window: Window
    /// Whether an image follows the pointer.
    public let hasImage: Bool
}

/// Drags are recorded, not carried anywhere: a test sees what would be offered, then ends the drag
/// with the operation a target would have performed.
extension HeadlessPlatform: DragSourcePlatform {
    public var canBeginDrag: Bool { offersDragging && dragCompletion == nil }

    public func beginDrag(_ item: PasteboardItem, from window: Window, event: PointerEvent, image: Window?,
                          completion: @escaping @MainActor (DropOperation) -> Void) -> Bool {
        guard canBeginDrag else { return false }
        drags.append(HeadlessDrag(item: item, window: window, hasImage: image != nil))
        dragCompletion = completion
        return true
    }

    /// Ends the running drag as a target would have (`.cancel` for Escape or a refused drop).
    public func endDrag(_ operation: DropOperation) {
        let completion = dragCompletion
        dragCompletion = nil
        completion?(operation)
        displayPass()
    }
}
