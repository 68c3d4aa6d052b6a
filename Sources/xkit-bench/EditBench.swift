import XKitTesting
import XKit

/// `xkit-bench edit [KEYS]`: the editing core's cost per key without a display: KEYS keys (typing,
/// Backspace, Ctrl+arrows, Shift+arrows) into a TextField and into a TextView holding a 1 MiB
/// document (at its end and in its middle), each followed by a display pass. Run it under
/// `valgrind --tool=callgrind` to compare instruction counts between builds.
@MainActor
func runEditBench(arguments: [String]) -> Int32 {
    let keys = max(10, Int(arguments.first ?? "") ?? 1_000)
    let script: [(Key, Modifiers)] = Array(repeating: (Key.character("a"), Modifiers()), count: 6)
        + [(.character(" "), []), (.backspace, []), (.left, [.control]), (.right, [.control]), (.left, [.shift]), (.right, [])]
    func drive(_ scene: HeadlessScene) -> Double {
        let start = monotonicSeconds()
        for i in 0..<keys {
            let (key, modifiers) = script[i % script.count]
            if case .character(let c) = key { scene.key(key, text: String(c), modifiers: modifiers) } else { scene.key(key, modifiers: modifiers) }
            scene.platform.displayPass()
        }
        return monotonicSeconds() - start
    }

    let fieldScene = HeadlessScene(size: Size(width: 400, height: 60))
    let field = TextField(frame: Rect(x: 10, y: 10, width: 380, height: 24))
    fieldScene.root.addSubview(field)
    field.becomeFirstResponder()
    let fieldTime = drive(fieldScene)

    let viewScene = HeadlessScene(size: Size(width: 600, height: 700))
    let view = TextView(frame: Rect(x: 0, y: 0, width: 600, height: 700))
    viewScene.root.addSubview(view)
    let line = String(repeating: "Tiếng Việt 東京 서울 Москва ", count: 3)
    view.text = Array(repeating: line, count: 1_048_576 / line.utf8.count).joined(separator: "\n")
    view.becomeFirstResponder()
    view.selectedRange = view.storage.count..<view.storage.count
    let endTime = drive(viewScene)
    let middle = view.storage.count / 2
    view.selectedRange = middle..<middle
    let middleTime = drive(viewScene)

    print("edit: \(keys) keys each, display pass after every key (headless, monospace measurer)")
    for (name, t) in [("TextField", fieldTime), ("TextView 1 MiB, end", endTime), ("TextView 1 MiB, middle", middleTime)] {
        let micros = (t / Double(keys) * 1e7).rounded() / 10
        print("  \(name): \(micros) µs/key")
    }
    return 0
}
