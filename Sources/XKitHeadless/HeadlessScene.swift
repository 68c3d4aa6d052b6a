@_spi(Platform) import XKitCore

/// A headless platform, an application and one shown window: the usual start of a display-free test.
///
///     let scene = HeadlessScene()
///     scene.root.addSubview(label)
///     scene.longPress(at: Point(x: 20, y: 10))
@MainActor
public final class HeadlessScene {
    public let platform: HeadlessPlatform
    public let app: Application
    public let window: Window

    /// A window of `size` on a new headless platform, mapped and drawn once.
    public init(size: Size = Size(width: 400, height: 300), measurer: TextMeasurer = MonospaceMeasurer(),
                origin: Point = Point(x: 100, y: 100), scale: Double = 1, imageDecoder: ImageDecoder = NoImageDecoder(),
                imageEncoder: ImageEncoder = UnavailableImageEncoder()) {
        platform = HeadlessPlatform(scale: scale, measurer: measurer, imageDecoder: imageDecoder, imageEncoder: imageEncoder)
        app = platform.makeApplication()
        window = Window(title: "test", size: size, origin: origin, app: app)
        window.show()
        platform.displayPass()
    }

    /// The window's content view.
    public var root: View { window.contentView }
    /// The window's event router.
    public var eventRouter: EventRouter { window.eventRouter }

    /// Puts a view in the window at `frame` and draws the window once; returns the view.
    ///
    ///     let field = scene.show(TextField(placeholder: "Name"), at: Rect(x: 20, y: 20, width: 200, height: 28))
    @discardableResult
    public func show<V: View>(_ view: V, at frame: Rect) -> V {
        view.frame = frame
        root.addSubview(view)
        platform.displayPass()
        return view
    }

    /// Presses a button at a window point.
    public func press(at point: Point, button: PointerButton = .primary, in target: Window? = nil) {
        send(.down, at: point, button: button, held: [button], in: target)
    }

    /// Releases a button at a window point.
    public func release(at point: Point, button: PointerButton = .primary, in target: Window? = nil) {
        send(.up, at: point, button: button, held: [], in: target)
    }

    /// A press and a release 50 ms apart.
    public func click(at point: Point, button: PointerButton = .primary, in target: Window? = nil) {
        press(at: point, button: button, in: target)
        platform.advance(by: 0.05)
        release(at: point, button: button, in: target)
    }

    /// Holds the primary button for `duration` (past the long-press time by default), then releases.
    public func longPress(at point: Point, duration: Double? = nil) {
        press(at: point)
        platform.advance(by: duration ?? platform.settings.longPressTime + 0.1)
        release(at: point)
    }

    /// Presses and releases a key with the first responder of `target` (the window by default).
    public func key(_ key: Key, text: String? = nil, modifiers: Modifiers = [], in target: Window? = nil) {
        let event = KeyEvent(kind: .down, key: key, text: text, modifiers: modifiers, time: platform.clock.now,
                             timestamp: platform.timestamp())
        platform.send(event, to: target ?? window)
    }

    /// The open popup menu's window, if a menu is showing (not one only fading out).
    public var menuWindow: Window? {
        app.windows.last { window in
            window.kind.role == .popup && !window.isClosed && platform.surface(of: window)?.hasStoppedReceivingInput != true
        }
    }

    /// Chooses a menu item by title with a click, as a user would; returns false when it is not shown.
    ///
    /// Works for the callout and the context menu (in the panel shown: open a submenu first).
    @discardableResult
    public func chooseMenuItem(_ title: String) -> Bool {
        guard let popup = menuWindow, let frame = menuItemFrame(title) else { return false }
        click(at: Point(x: frame.midX, y: frame.midY), in: popup)
        return true
    }

    /// The frame of a shown menu item, in the popup window's coordinates.
    public func menuItemFrame(_ title: String) -> Rect? {
        let menus = app.menuController
        if let menu = menus.menuView, let index = menu.items.firstIndex(where: { $0.title == title }) {
            return menu.convert(menu.itemFramesInView[index], to: nil)
        }
        if let menu = menus.contextMenuView,
           let index = menu.rows.indices.first(where: { menu.rows[$0].title == title && !($0 == 0 && menu.openSubmenu != nil) }) {
            return menu.convert(menu.layout.rowFrames[index], to: nil)
        }
        return nil
    }

    /// The titles of the open menu's items (the context menu's current panel, separators as "-").
    public var menuTitles: [String]? {
        let menus = app.menuController
        if let menu = menus.menuView { return menu.items.map(\.title) }
        if let menu = menus.contextMenuView { return menu.rows.map { $0.isSeparator ? "-" : $0.title } }
        return nil
    }

    private func send(_ kind: PointerEvent.Kind, at point: Point, button: PointerButton, held: Set<PointerButton>,
                      in target: Window?) {
        let event = PointerEvent(kind: kind, location: point, button: button, buttonsDown: held, time: platform.clock.now,
                                 timestamp: platform.timestamp())
        platform.send(event, to: target ?? window)
    }
}
