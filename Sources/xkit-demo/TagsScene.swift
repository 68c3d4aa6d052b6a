import XKit

/// `--scene tags --tags N`: N generated tags in a 600×700 window, the benchmark scene.
///
/// The words come from the same generator as the anchors' words.h (ANSI C LCG, seed 12345), so
/// XKit lays out the same titles as the Xft, GTK and Tk programs it is timed against.
struct TagsScene: DemoScene {
    let count: Int
    let title = "XKit Tags"
    let size = Size(width: 600, height: 700)

    func build(in window: Window, app: Application) {
        let input = TagInputView()
        input.accessibilityIdentifier = "tags.input"
        input.placeholder = "Add a tag"
        // Loops rather than closures here and below: a closure in main-actor code checks its actor on
        // every call (a dynamic isolation check, about 200 instructions on Linux), 85,000 times for 10,000 tags.
        var tags: [Tag] = []
        tags.reserveCapacity(count)
        for word in TagsScene.words(count) { tags.append(Tag(title: word)) }
        input.tags = tags
        input.frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
        input.cornerRadius = 0
        window.contentView.addSubview(input)
    }

    /// `count` words of 3 to 10 lowercase letters, as words.h makes them.
    static func words(_ count: Int) -> [String] {
        var seed: UInt = 12345
        func next() -> Int {
            seed = (seed &* 1_103_515_245 &+ 12345) & 0x7FFF_FFFF
            return Int(seed >> 16)
        }
        var words: [String] = []
        words.reserveCapacity(count)
        for _ in 0..<count {
            let length = 3 + next() % 8
            var bytes: [UInt8] = []
            bytes.reserveCapacity(length)
            for _ in 0..<length { bytes.append(UInt8(97 + next() % 26)) }
            words.append(String(decoding: bytes, as: UTF8.self))
        }
        return words
    }
}
