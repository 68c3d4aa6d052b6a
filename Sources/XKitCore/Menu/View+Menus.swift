/// Per-view menu items and the highlight of a view whose menu is open.
extension View {
    /// Items this view adds to its callout and context menu, after the standard edit actions; nil
    /// (the default) uses the app-wide `application.menuController.menuItems`, `[]` shows none.
    ///
    /// Setting items turns on `isUserInteractionEnabled`, so that a right-click reaches even a plain
    /// label. A handler gets the view as `context.target`:
    ///
    ///     name.menuItems = [MenuItem(title: "Copy as vCard") { context in copyVCard(of: context.target) }]
    public var menuItems: [MenuItem]? {
        get { associatedValues[View.menuItemsKey] }
        set {
            associatedValues[View.menuItemsKey] = newValue
            if newValue != nil { isUserInteractionEnabled = true }
        }
    }

    private static let menuItemsKey = AssociatedKey<[MenuItem]?>("xkit.view.menuItems", default: nil)
}
