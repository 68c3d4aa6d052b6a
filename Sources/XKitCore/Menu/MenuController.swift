/// The app's popup menu: standard actions the target can perform plus custom items.
///
/// Like UIMenuController: `showMenu(from:rect:)` places the menu above the rect with an arrow at its
/// centre (below when there is no room); a click outside, Escape, focus loss or running an item
/// closes it. The popup is a `.popupMenu` window on the app's platform. Opening and closing never
/// run inside the owner's or the popup's event dispatch: they wait for it to finish.
@MainActor
public final class MenuController {
    /// The application whose windows show the menu.
    public unowned let application: Application
    /// Custom items shown after the standard ones, for every view (the app-wide default).
    public var menuItems: [MenuItem] = []
    /// Whether a menu is on screen (or being shown).
    public private(set) var isMenuVisible = false
    /// Called before the menu appears.
    public var menuWillShow: (() -> Void)?
    /// Called after the menu disappeared, whatever closed it.
    public var menuDidHide: (() -> Void)?
    /// The view the menu was shown for.
    public private(set) weak var targetView: View?
    /// The rect the menu points at, in the target view's coordinates.
    public private(set) var targetRect: Rect?
    /// The visible menu view.
    public private(set) var menuView: MenuView?

    private var popup: Window?
    private var ownerFocusObserver: (window: Window, id: Int)?

    init(application: Application) { self.application = application }

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
            guard let self, let menu, menu === self.menuView else { return }
            self.choose(index, event: event)
        }
        menu.onCancel = { [weak self] in self?.hideMenu() }
        targetView = view
        targetRect = rect
        menuView = menu
        isMenuVisible = true
        menuWillShow?()
        // The press that opened the menu is still being dispatched: open the popup after it.
        owner.eventRouter.afterDispatch { [weak self, weak menu, weak owner] in
            guard let self, let menu, let owner, menu === self.menuView else { return }
            self.present(menu, from: owner, event: event)
        }
    }

    /// Closes the menu if it is open.
    public func hideMenu() {
        guard isMenuVisible else { return }
        isMenuVisible = false
        menuView = nil
        if let observer = ownerFocusObserver {
            observer.window.removeFocusLostObserver(observer.id)
            ownerFocusObserver = nil
        }
        // Reported once the grab is released, so a tool that waits for `menu.hidden` and then
        // types reaches the window underneath, not the closing popup.
        let didHide = { [weak self] in
            Trace.emit("menu.hidden")
            self?.menuDidHide?()
        }
        guard let popup else { return didHide() }
        self.popup = nil
        // The click that chose an item is still being dispatched in the popup: close it after.
        popup.eventRouter.afterDispatch {
            popup.surface.releaseInput()
            popup.close()
            didHide()
        }
    }

    /// Whether the open menu belongs to `view` (a second long press on it toggles the menu).
    public func isShowingMenu(for view: View) -> Bool { isMenuVisible && targetView === view }

    private func present(_ menu: MenuView, from owner: Window, event: InputEvent?) {
        // The press that opened the menu must not keep driving the view underneath.
        owner.eventRouter.cancelPointerCapture()
        let frame = menu.placement.frame
        let popup = Window(title: "menu", size: frame.size, origin: frame.origin, kind: .popupMenu, app: application)
        popup.contentView.backgroundColor = nil
        menu.frame = Rect(origin: .zero, size: frame.size)
        popup.contentView.addSubview(menu)
        popup.pointerDownOutsideHandler = { [weak self, weak menu] in
            guard let self, let menu, menu === self.menuView else { return }
            self.hideMenu()
        }
        let id = owner.addFocusLostObserver { [weak self, weak menu] in
            guard let self, let menu, menu === self.menuView else { return }
            self.hideMenu()
        }
        ownerFocusObserver = (owner, id)
        self.popup = popup
        // Whose popup it is, for window managers, compositors and accessibility tools.
        popup.setTransient(for: owner)
        popup.surface.setShape(menu.outline)
        popup.show()
        let scale = owner.scale
        popup.whenFirstFrameDrawn { [weak popup, weak menu] in
            guard let popup, let menu, !popup.isClosed else { return }
            // Grab only once mapped: X refuses a grab on an unviewable window.
            if !popup.surface.grabInput(for: event) {
                Trace.warn("the menu could not grab the pointer and keyboard")
            }
            menu.becomeFirstResponder()
            Trace.emit("menu.shown", menu.traceFields(scale: scale))
        }
    }

    private func choose(_ index: Int, event: InputEvent) {
        guard let menu = menuView, index < menu.items.count else { return }
        let item = menu.items[index]
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
