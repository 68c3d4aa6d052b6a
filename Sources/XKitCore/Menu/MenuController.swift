/// The shared popup menu: standard actions the target can perform plus the app's custom items.
///
/// Like UIMenuController: `showMenu(from:rect:)` places the menu above the rect with an arrow at its
/// centre (below when there is no room); a click outside, Escape, focus loss or running an item
/// closes it. The popup itself comes from the backend's `MenuPresenter`.
@MainActor
public final class MenuController {
    /// The one menu controller.
    public static let shared = MenuController()

    /// Custom items shown after the standard ones.
    public var menuItems: [MenuItem] = []
    /// Whether a menu is on screen (or being shown).
    public private(set) var isMenuVisible = false
    /// Called before the menu appears.
    public var menuWillShow: (() -> Void)?
    /// Called after the menu disappeared, whatever closed it.
    public var menuDidHide: (() -> Void)?
    /// Shows the popup; set by the X backend.
    public weak var presenter: MenuPresenter?
    /// The view the menu was shown for.
    public private(set) weak var targetView: View?
    /// The rect the menu points at, in the target view's coordinates.
    public private(set) var targetRect: Rect?
    /// The server time of the click or key that chose the latest item: actions such as Copy use it
    /// as their event time.
    public private(set) var lastChoiceTime: UInt32?
    /// The visible menu view.
    public private(set) var menuView: MenuView?

    public init() {}

    /// The items a menu for `view` offers: standard actions its responder chain can perform now,
    /// then the custom items (an action item only if some responder can perform it).
    public func items(for view: View, extra: [MenuItem] = []) -> [MenuItem] {
        let standard = MenuItem.standard.filter { item in
            item.action.map { view.target(for: $0, sender: self) != nil } ?? false
        }
        let custom = (extra + menuItems).filter { item in
            item.action.map { view.target(for: $0, sender: self) != nil } ?? true
        }
        return standard + custom
    }

    /// Shows the menu pointing at `rect` (in `view`'s coordinates); replaces any open menu.
    ///
    /// `time` is the triggering event's server time, used for the pointer grab.
    public func showMenu(from view: View, rect: Rect, items extra: [MenuItem] = [], time: UInt32? = nil) {
        if isMenuVisible { hideMenu() }
        guard let presenter, let host = view.windowHost else { return }
        let items = items(for: view, extra: extra)
        guard !items.isEmpty else { return }
        let measurer = host.measurer
        let widths = items.map { item in
            TextLayout(AttributedText(item.title, font: MenuView.font), measurer: measurer).size.width.rounded(.up)
        }
        let screen = presenter.screenBounds
        let layout = MenuLayout(titleWidths: widths, maximumWidth: screen.width - 16)
        let target = view.convertToScreen(rect)
        let placement = MenuPlacement(target: target, contentSize: layout.size, screen: screen)
        let menu = MenuView(items: items, placement: placement, layout: layout)
        menu.onChoose = { [weak self, weak menu] index, time in
            guard let self, let menu, menu === self.menuView else { return }
            self.choose(index, time: time)
        }
        menu.onCancel = { [weak self] in self?.hideMenu() }
        targetView = view
        targetRect = rect
        menuView = menu
        isMenuVisible = true
        menuWillShow?()
        let scale = host.scale
        presenter.present(menu, frame: placement.frame, from: view, time: time, onShown: { [weak menu] in
            guard let menu else { return }
            Trace.emit("menu.shown", [
                ("frame", .rect(placement.frame, scale: scale)),
                ("placement", .string(placement.pointsDown ? "above" : "below")),
                ("items", .array(zip(items, menu.itemFramesInView).map { item, frame in
                    .object([("title", .string(item.title)),
                             ("frame", .rect(frame.offsetBy(dx: placement.frame.x, dy: placement.frame.y), scale: scale))])
                })),
            ])
        }, onDismissRequest: { [weak self, weak menu] in
            guard let self, let menu, menu === self.menuView else { return }
            self.hideMenu()
        })
    }

    /// Closes the menu if it is open.
    public func hideMenu() {
        guard isMenuVisible, let menu = menuView else { return }
        isMenuVisible = false
        menuView = nil
        presenter?.dismiss(menu)
        Trace.emit("menu.hidden")
        menuDidHide?()
    }

    /// Whether the open menu belongs to `view` (a second long press on it toggles the menu).
    public func isShowingMenu(for view: View) -> Bool { isMenuVisible && targetView === view }

    private func choose(_ index: Int, time: UInt32) {
        guard let menu = menuView, index < menu.items.count else { return }
        lastChoiceTime = time
        let item = menu.items[index]
        let target = targetView
        hideMenu()
        Trace.emit("menu.action", [("title", .string(item.title))])
        if let action = item.action {
            target?.sendAction(action, sender: self)
        } else {
            item.handler?()
        }
    }
}
