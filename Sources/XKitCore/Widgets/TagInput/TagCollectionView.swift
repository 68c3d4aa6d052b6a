/// The tag input's collection view: it scrolls and places the chip and field cells, and leaves
/// clicks, keys and focus to the chips, the field and the tag input around it.
@MainActor
final class TagCollectionView: CollectionView {
    init(layout: CollectionViewFlowLayout) {
        super.init(frame: .zero, collectionViewLayout: layout)
        // The tag input draws the background and border; its chips and field are the list's items.
        backgroundColor = nil
        isFocusable = false
        allowsSelection = false
        isAccessibilityElement = false
        showsHorizontalScrollBar = false
        // Only the chips in sight exist, as before: no margin of prepared cells.
        preparedMarginFraction = 0
        // Chips have their own press and menu; the list's long press would open the cell's.
        removeGestureRecognizer(longPress)
    }

    /// A click between chips reaches the tag input, which puts the caret in the field.
    override func pointerDown(_ event: PointerEvent) -> Bool { false }

    /// Keys from a focused chip go on to the tag input, which moves between chips and the field.
    override func keyDown(_ event: KeyEvent) -> Bool { false }
}
