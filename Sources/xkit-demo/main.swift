import Glibc
import XKit

/// A scene builds one window's content.
@MainActor
protocol DemoScene {
    var title: String { get }
    var size: Size { get }
    func build(in window: Window, app: Application)
}

@MainActor
func scene(named name: String, options: DemoOptions) -> DemoScene? {
    switch name {
    case "gallery": return GalleryScene()
    case "hello": return HelloScene()
    case "tags": return TagsScene(count: options.tagCount)
    case "post": return PostScene()
    case "scripts": return ScriptsScene()
    case "contacts": return ContactsScene(rows: options.rowCount)
    case "settings": return SettingsScene()
    case "notes": return NotesScene(file: options.file)
    case "document": return DocumentScene(file: options.file, caretAtMiddle: options.caretAtMiddle)
    default: return nil
    }
}

@MainActor
func runDemo() -> Int32 {
    let options: DemoOptions
    switch DemoOptions.parse(Array(CommandLine.arguments.dropFirst())) {
    case .success(let parsed): options = parsed
    case .failure(let error):
        if error.isHelp { Console.out(error.message) } else { Console.error(error.message) }
        return error.isHelp ? 0 : 2
    }
    guard let scene = scene(named: options.scene, options: options) else {
        Console.error("xkit-demo: unknown scene \"\(options.scene)\"\n" + DemoOptions.usage)
        return 2
    }
    let app: Application
    do {
        app = try Application.start(name: "xkit-demo")
    } catch {
        Console.error("xkit-demo: \(error)")
        return 1
    }
    // Only folders are set here: nothing is read or decoded until a view shows an image.
    app.images.searchPaths = DemoAssets.folders().map { $0 + "/images" }
    let window = Window(title: scene.title, size: scene.size, app: app)
    scene.build(in: window, app: app)
    if let path = options.screenshotPath {
        do {
            try window.writeScreenshot(to: path)
            return 0
        } catch {
            Console.error("xkit-demo: cannot write the screenshot: \(error)")
            return 1
        }
    }
    if let path = options.clipboardFile {
        do {
            try Pasteboard.general.setString(try FileIO.readText(path))
        } catch {
            Console.error("xkit-demo: cannot put \(path) on CLIPBOARD: \(error)")
            return 1
        }
    }
    if options.exitAfterFirstFrame {
        window.whenFirstFrameDrawn { exit(0) }
    }
    window.show()
    app.run()
}

// Top-level code runs on the main actor, so no closure is needed; one (as MainActor.assumeIsolated
// takes) would sit on the stack of every allocation at start-up, and look leaked once dispatchMain
// has ended the main thread.
exit(runDemo())
