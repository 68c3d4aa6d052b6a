/// The app's popup menus: the touch-style callout and the desktop context menu.
///
/// Like UIMenuController: `showMenu(from:rect:)` places the callout above the rect with an arrow at
/// its centre (below when there is no room). `showContextMenu(for:at:)` opens a vertical list at the
/// pointer, flipped to stay on screen. Either offers the standard actions the target's responder
/// chain can perform plus the target's own `menuItems` (or, when it has none, the app-wide
/// `menuItems`). A click outside, Escape, focus loss or running an item closes it, and the target
/// is highlighted while it is open. The popup is a `.popup` window on the app's platform, which
/// grabs input for it and dismisses it.
/// Opening and closing never run inside the owner's or the popup's event dispatch: they wait for it.
@MainActor
public final class MenuController {
    /// The application whose windows show the menu.
    public unowned let application: Application
    /// Custom items for views that supply none of their own (`View.menuItems`): the app-wide default.
    public var menuItems: [MenuItem] = []
    /// Whether a menu is on screen (or being shown).
    public var isMenuVisible: Bool { current != nil }
    /// The style of the open menu.
    public var menuStyle: MenuStyle? { current?.style }
    /// Called before the menu appears.
    public var menuWillShow: (() -> Void)?
    /// Called after the menu disappeared, whatever closed it.
    public var menuDidHide: (() -> Void)?
    /// The view the menu was shown for.
    public var targetView: View? { current?.target }
    /// The rect the menu points at, in the target view's coordinates.
    public var targetRect: Rect? { current?.rect }
    /// The visible callout.
    public var menuView: MenuView? { current?.popup.content as? MenuView }
    /// The visible context menu.
    public var contextMenuView: ContextMenuView? { current?.popup.content as? ContextMenuView }

    /// The open menu: its style, what it points at and its popup. One value, so a menu is either
    /// wholly open or wholly closed.
    private struct OpenMenu {
        let style: MenuStyle
        weak var target: View?
        let rect: Rect
        let popup: Popup
    }

    private var current: OpenMenu?

    init(application: Application) { self.application = application }

    /// The items a callout for `view` offers: standard actions its responder chain can perform now,
    /// then the custom items (an action item only if some responder can perform it). Submenus are
    /// inlined; separators and disabled items are left out.
    func items(for view: View, extra: [MenuItem] = []) -> [MenuItem] {
        let standard = MenuItem.standard.filter { item in
            item.action.map { view.target(for: $0, sender: self) != nil } ?? false
        }
        let custom = (extra + customItems(for: view)).flatMap { $0.submenu ?? [$0] }.filter { item in
            item.isChoosable && (item.action.map { view.target(for: $0, sender: self) != nil } ?? true)
        }
        return standard + custom
    }

    /// The items a context menu for `view` offers: the edit group, then the custom items after a separator.
    ///
    /// An editable target (one that can paste) gets the whole edit group — Cut, Copy, Paste, Delete,
    /// Select All — with what it cannot do now disabled, as desktop menus do; others get only what they can do.
    func contextItems(for view: View, extra: [MenuItem] = []) -> [MenuItem] {
        let can = { (action: Action) in view.target(for: action, sender: self) != nil }
        let editable = can(.paste)
        let edit = MenuItem.standardContext.compactMap { item -> MenuItem? in
            guard let action = item.action else { return item }
            return editable ? item.enabled(can(action)) : (can(action) ? item : nil)
        }
        let custom = (extra + customItems(for: view)).map { item in
            item.action.map { item.enabled(item.isEnabled && can($0)) } ?? item
        }
        return Self.tidySeparators(edit + [.separator] + custom)
    }

    /// The view's own items, else the app-wide default.
    private func customItems(for view: View) -> [MenuItem] { view.menuItems ?? menuItems }

    /// Drops separators at the ends and doubled ones.
    static func tidySeparators(_ items: [MenuItem]) -> [MenuItem] {
        var out: [MenuItem] = []
        for item in items {
            if item.isSeparator && (out.last?.isSeparator ?? true) { continue }
            out.append(item)
        }
        if out.last?.isSeparator == true { out.removeLast() }
        return out
    }

    /// Whether a right-click or the Menu key on `view` opens a context menu for it: it has its own
    /// items or can perform a standard edit action itself.
    public func offersContextMenu(_ view: View) -> Bool {
        view.menuItems != nil || MenuItem.standard.contains { $0.action.map { view.canPerformAction($0, sender: self) } ?? false }
    }

    /// The nearest view from `view` up that offers a context menu.
    func contextMenuTarget(from view: View?) -> View? {
        var current = view
        while let v = current {
            if offersContextMenu(v) { return v }
            current = v.superview
        }
        return nil
    }

    // MARK: Showing

    /// Shows the callout pointing at `rect` (in `view`'s coordinates); replaces any open menu.
    ///
    /// `event` is the input that asked for the menu; the popup's grab is timed by it.
    public func showMenu(from view: View, rect: Rect, items extra: [MenuItem] = [], event: InputEvent? = nil) {
        if isMenuVisible { hideMenu() }
        guard let owner = view.window, owner.application === application else { return }
        let items = items(for: view, extra: extra)
        guard !items.isEmpty else { return }
        let measurer = owner.measurer
        let widths = items.map { item in
            TextLayout(AttributedText(item.title, font: MenuView.font), measurer: measurer).size.width.rounded(.up)
        }
        let screen = application.platform.screenBounds
        let layout = MenuLayout(titleWidths: widths, maximumWidth: screen.width - 16)
        let placement = MenuPlacement(target: view.convertToScreen(rect), contentSize: layout.size, screen: screen)
        let menu = MenuView(items: items, placement: placement, layout: layout)
        menu.onChoose = { [weak self, weak menu] index, event in
            guard let self, let menu, self.isCurrent(menu), index < menu.items.count else { return }
            self.choose(menu.items[index], event: event)
        }
        menu.onCancel = { [weak self] in self?.hideMenu() }
        begin(.callout, target: view, rect: rect, content: menu, owner: owner)
        let scale = owner.scale
        current?.popup.open(frame: placement.frame, outline: menu.outline, trigger: event) { [weak menu] in
            guard let menu else { return }
            Trace.emit("menu.shown", [("style", .string(MenuStyle.callout.rawValue))] + menu.traceFields(scale: scale))
        }
    }

    /// Shows the context menu for `view` with its top-left at `point` (in `view`'s coordinates),
    /// or, when `point` is nil (the Menu key), hanging below the view; replaces any open menu.
    public func showContextMenu(for view: View, at point: Point?, items extra: [MenuItem] = [], event: InputEvent? = nil) {
        if isMenuVisible { hideMenu() }
        guard let owner = view.window, owner.application === application else { return }
        let items = contextItems(for: view, extra: extra)
        guard !items.isEmpty else { return }
        let menu = ContextMenuView(items: items, measurer: owner.measurer)
        let anchor = point.map { Rect(origin: $0, size: .zero) } ?? Self.keyboardAnchor(for: view)
        let placement = ContextMenuPlacement(anchor: view.convertToScreen(anchor), size: menu.frame.size,
                                             screen: application.platform.screenBounds)
        menu.onChoose = { [weak self, weak menu] item, event in
            guard let self, let menu, self.isCurrent(menu) else { return }
            self.choose(item, event: event)
        }
        menu.onCancel = { [weak self] in self?.hideMenu() }
        begin(.context, target: view, rect: anchor, content: menu, owner: owner)
        let scale = owner.scale
        let fields = { [weak menu] () -> [(String, JSON)] in
            [("style", .string(MenuStyle.context.rawValue))]
                + (menu?.traceFields(origin: placement.frame.origin, placement: placement, scale: scale) ?? [])
        }
        menu.onPanelChange = { Trace.emit("menu.panel", fields()) }
        let outline = [ShapePaths.roundedRect(Rect(origin: .zero, size: placement.frame.size), radius: ContextMenuView.cornerRadius)]
        current?.popup.open(frame: placement.frame, outline: outline, trigger: event) { Trace.emit("menu.shown", fields()) }
    }

    /// Where a keyboard-opened context menu hangs: below the start of the view's `menuTargetRect`.
    private static func keyboardAnchor(for view: View) -> Rect {
        let rect = view.menuTargetRect
        return Rect(x: rect.minX, y: rect.minY, width: min(rect.width, 1), height: rect.height)
    }

    /// Opens the context menu for the nearest view from `view` up that offers one; returns whether one opened.
    @discardableResult
    public func openContextMenu(from view: View?, at windowPoint: Point?, event: InputEvent?) -> Bool {
        guard let target = contextMenuTarget(from: view) else { return false }
        showContextMenu(for: target, at: windowPoint.map { target.convert($0, from: nil) }, event: event)
        return isMenuVisible
    }

    /// Closes the menu if it is open.
    public func hideMenu() {
        guard let open = current else { return }
        current = nil
        open.target?.isMenuTarget = false
        // Reported once the grab is released, so a tool that waits for `menu.hidden` and then
        // types reaches the window underneath, not the closing popup.
        open.popup.close { [weak self] in
            Trace.emit("menu.hidden")
            self?.menuDidHide?()
        }
    }

    /// Whether the open menu belongs to `view` (a second long press on it toggles the menu).
    public func isShowingMenu(for view: View) -> Bool { isMenuVisible && targetView === view }

    /// Records the open menu and highlights its target; its popup opens after the current dispatch.
    private func begin(_ style: MenuStyle, target view: View, rect: Rect, content: View, owner: Window) {
        let popup = Popup(content: content, owner: owner)
        popup.onDismiss = { [weak self, weak content] in
            guard let self, let content, self.isCurrent(content) else { return }
            self.hideMenu()
        }
        current = OpenMenu(style: style, target: view, rect: rect, popup: popup)
        view.isMenuTarget = true
        menuWillShow?()
    }

    private func isCurrent(_ content: View) -> Bool { current?.popup.content === content }

    private func choose(_ item: MenuItem, event: InputEvent) {
        guard item.isChoosable else { return }
        let target = targetView
        hideMenu()
        Trace.emit("menu.action", [("title", .string(item.title))])
        if let action = item.action {
            target?.sendAction(action, sender: self, event: event)
        } else {
            item.handler?(MenuItem.Context(target: target, event: event))
        }
    }
}
