/// A platform that can carry a drag out of a window to other apps (XDND on X11).
///
/// The toolkit starts the drag once the pointer passed the drag threshold with the button still
/// down; from then on the platform follows the pointer (moving `image`), talks to the window
/// under it, and calls `completion` with what the target did when the button goes up or Escape
/// cancels. Headless platforms need not adopt it: dragging is then simply not offered.
@MainActor
public protocol DragSourcePlatform: AnyObject {
    /// Whether a drag can start now (none is running, and dragging is offered at all).
    var canBeginDrag: Bool { get }
    /// Starts dragging `item` from `window`, `event` being the motion that passed the threshold.
    /// Returns false when no drag could start (the data could not be offered).
    func beginDrag(_ item: PasteboardItem, from window: Window, event: PointerEvent, image: Window?,
                   completion: @escaping @MainActor (DropOperation) -> Void) -> Bool
}

extension DragSourcePlatform {
    /// A platform that says nothing can always start a drag (its `beginDrag` may still refuse).
    public var canBeginDrag: Bool { true }
}
