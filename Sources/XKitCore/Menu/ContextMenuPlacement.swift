/// Where a context menu goes: its top-left at the pointer, flipped left or up when it would leave
/// the screen, and clamped inside it.
///
/// Opened from the keyboard it hangs below the focused view's rect instead (above when there is no room).
struct ContextMenuPlacement: Sendable, Hashable {
    /// The popup's frame in screen coordinates.
    var frame: Rect
    /// Whether it opens to the left of the anchor (no room on the right).
    var opensLeft: Bool
    /// Whether it opens above the anchor (no room below).
    var opensUp: Bool

    /// The trace name of the direction: "down-right", "up-left", …
    var name: String { (opensUp ? "up" : "down") + "-" + (opensLeft ? "left" : "right") }

    /// Places a menu of `size` at `anchor` (a pointer is a zero-size rect), in screen coordinates.
    ///
    /// Down-right from the anchor's bottom-left when it fits; else left from its right edge, up from its top.
    init(anchor: Rect, size: Size, screen: Rect, margin: Double = 4) {
        let area = screen.insetBy(dx: min(margin, screen.width / 2), dy: min(margin, screen.height / 2))
        let width = max(0, min(size.width, area.width))
        let height = max(0, min(size.height, area.height))
        var x = anchor.minX
        opensLeft = false
        if x + width > area.maxX, anchor.maxX - width >= area.minX {
            x = anchor.maxX - width
            opensLeft = true
        }
        var y = anchor.maxY
        opensUp = false
        if y + height > area.maxY {
            let roomAbove = anchor.minY - area.minY
            let roomBelow = area.maxY - anchor.maxY
            if roomAbove >= height || roomAbove > roomBelow {
                y = anchor.minY - height
                opensUp = true
            }
        }
        x = max(area.minX, min(x, area.maxX - width))
        y = max(area.minY, min(y, area.maxY - height))
        frame = Rect(x: x, y: y, width: width, height: height)
    }
}
