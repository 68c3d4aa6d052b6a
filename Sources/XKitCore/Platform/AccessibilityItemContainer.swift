/// A view whose items assistive technologies see as its children although most have no view: a
/// collection view's million rows. Children are counted and resolved by index, on demand.
@MainActor
public protocol AccessibilityItemContainer: View {
    /// How many items there are (not how many have views).
    var accessibilityItemCount: Int { get }
    /// The view shown for item `index`, or nil when it has none now.
    func accessibilityItemView(at index: Int) -> View?
    /// What an item without a view is: its role, name and frame (bounds coordinates); nil out of range.
    func accessibilityItemElement(at index: Int) -> AccessibilityElement?
    /// The item a view stands for, or nil when it is not one of the items' views.
    func accessibilityIndex(ofItemView view: View) -> Int?
    /// The items that have views now, in order (what change events and hit tests walk).
    var accessibilityShownItemIndices: [Int] { get }
    /// The selected items, in order.
    var accessibilitySelectedItemIndices: [Int] { get }
    /// Selects or deselects an item as the user could; returns whether it is now as asked.
    func setAccessibilityItem(at index: Int, selected: Bool) -> Bool
    /// Deselects every item.
    func clearAccessibilitySelection()
}
