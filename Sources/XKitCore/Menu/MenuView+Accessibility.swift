/// The menu's items as accessibility elements: menu items with a click action.
extension MenuView: AccessibilityElementProviding {
    public var accessibilityElements: [AccessibilityElement] {
        zip(items, itemFramesInView).map { item, frame in
            AccessibilityElement(role: .menuItem, name: item.title, frame: frame, actionName: "click")
        }
    }

    /// Chooses the item as Enter on it would; the event carries no server time, so the
    /// pasteboard takes a fresh one.
    public func performAccessibilityAction(ofElementAt index: Int) -> Bool {
        guard index >= 0, index < items.count, let onChoose else { return false }
        let now = window?.platform.clock.now ?? 0
        onChoose(index, KeyEvent(kind: .down, key: .enter, time: now))
        return true
    }
}
