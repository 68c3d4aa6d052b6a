import Testing
@_spi(Platform) @testable import XKitCore
import XKitHeadless

/// What a presented dialog tells the desktop, display-free: an alert keeps its size (min = max
/// size hints) and is an `alert` to assistive technologies; any other presented controller is a
/// resizable `dialog`.
@MainActor
@Suite struct DialogDesktopTests {
    @Test func anAlertIsAFixedSizeAlertAndAnyOtherDialogAResizableDialog() throws {
        let scene = HeadlessScene()
        let root = ViewController()
        scene.window.rootViewController = root
        let alert = AlertController(title: "Delete?", message: "This cannot be undone.", preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel) { _ in })
        root.present(alert, animated: false)
        scene.platform.displayPass()
        let alertWindow = try #require(alert.view.window)
        let alertSurface = try #require(scene.platform.surface(of: alertWindow))
        #expect(!alertWindow.isResizable)
        #expect(alertSurface.fixedSize == alertWindow.size)
        #expect(alertWindow.dialogAccessibilityRole == .alert)
        #expect(scene.window.dialogAccessibilityRole == nil)
        #expect(scene.platform.surface(of: scene.window)?.fixedSize == nil)
        alert.dismiss(animated: false)

        let sheet = ViewController()
        root.present(sheet, animated: false)
        scene.platform.displayPass()
        let sheetWindow = try #require(sheet.view.window)
        #expect(sheetWindow.isResizable && scene.platform.surface(of: sheetWindow)?.fixedSize == nil)
        #expect(sheetWindow.dialogAccessibilityRole == .dialog)
        // A fixed window follows its own later resizes.
        sheetWindow.isResizable = false
        sheetWindow.setFrame(Rect(x: 10, y: 10, width: 300, height: 200))
        #expect(scene.platform.surface(of: sheetWindow)?.fixedSize == Size(width: 300, height: 200))
        sheetWindow.isResizable = true
        #expect(scene.platform.surface(of: sheetWindow)?.fixedSize == nil)
    }
}
