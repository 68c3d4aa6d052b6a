import XKit

/// `--scene notes [--file PATH]`: an editable note (empty with a placeholder, or the file's text),
/// a word and line count under it that follows every edit, and a read-only, selectable text view
/// below holding a long Vietnamese, Russian, Japanese and Korean text.
struct NotesScene: DemoScene {
    /// The file to open in the note, or nil for an empty one.
    let file: String?
    let title = "XKit Notes"
    let size = Size(width: 720, height: 600)

    func build(in window: Window, app: Application) {
        let controller = NotesController(size: size)
        controller.install(in: window.contentView)
        if let file { controller.open(file) }
        // Kept for the life of the demo: a text view's delegate is weak, as in UIKit.
        NotesController.shown = controller
    }

    /// The reader's text: each language's title and paragraphs, a blank line between languages.
    @MainActor static var readerText: String {
        ["vi", "ru", "ja", "ko"].map { code in
            ([DemoTexts.text("notes.\(code).title")] + (1...3).map { DemoTexts.text("notes.\(code).\($0)") })
                .joined(separator: "\n")
        }.joined(separator: "\n\n")
    }
}

/// The note's delegate: keeps the count label true to the note's text.
@MainActor
final class NotesController: TextViewDelegate {
    /// The controller of the notes window (one per demo process).
    static var shown: NotesController?
    /// Documents up to this many characters are counted on the main actor at once; longer ones in
    /// the background, so typing in a 10 MB note never waits for the count.
    static let inlineCountLimit = 200_000

    let size: Size
    let editor = TextView()
    let counts = Label(text: "", font: .system(size: 12), textColor: .secondaryLabel)
    let reader = TextView()
    /// Bumped by each edit; a background count whose generation is stale is dropped.
    private var generation = 0
    private var countRunning = false

    init(size: Size) { self.size = size }

    func install(in root: View) {
        root.backgroundColor = .windowBackground
        let width = size.width - 24
        editor.placeholder = DemoTexts.text("notes.placeholder")
        editor.accessibilityIdentifier = "notes.editor"
        editor.font = .system(size: 15)
        editor.frame = Rect(x: 12, y: 12, width: width, height: 290)
        editor.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        editor.delegate = self
        root.addSubview(editor)

        counts.accessibilityIdentifier = "notes.count"
        counts.frame = Rect(x: 14, y: 308, width: width - 4, height: 20)
        counts.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        root.addSubview(counts)

        reader.text = NotesScene.readerText
        reader.isEditable = false
        reader.accessibilityIdentifier = "notes.reader"
        reader.accessibilityLabel = "About notes"
        reader.font = .system(size: 14)
        reader.backgroundColor = .windowBackground
        reader.frame = Rect(x: 12, y: 336, width: width, height: size.height - 348)
        reader.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        root.addSubview(reader)

        editor.becomeFirstResponder()
        recount()
    }

    /// Shows a file's text in the note; invalid UTF-8 becomes U+FFFD with one warning, and a file
    /// that cannot be read leaves the note empty with a warning naming it.
    func open(_ path: String) {
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path) } catch {
            Trace.warn("notes: cannot read \(path): \(error)")
            return
        }
        editor.load(TextStorage(utf8: bytes, source: path))
        recount()
    }

    func textViewDidChange(_ textView: TextView) { recount() }

    /// Counts the note now when it is small, else in the background (one count at a time; an edit
    /// during a count runs one more when it ends).
    private func recount() {
        generation += 1
        let storage = editor.storage
        let segmenter = editor.textMeasurer.textSegmenter
        guard storage.count > NotesController.inlineCountLimit else {
            show(NoteCounts(storage, segmenter: segmenter))
            return
        }
        guard !countRunning else { return }
        countRunning = true
        let started = generation
        Task.detached {
            let result = NoteCounts(storage, segmenter: segmenter)
            await MainActor.run { [weak self] in
                guard let self else { return }
                self.countRunning = false
                self.show(result)
                if self.generation != started { self.recount() }
            }
        }
    }

    private func show(_ result: NoteCounts) {
        counts.text = result.summary
        Trace.emit("notes.counted", [("words", .int(result.words)), ("lines", .int(result.lines))])
    }
}

/// A note's words (`TextWords`: the segments holding a letter, digit or mark, so each CJK word the
/// segmenter finds counts) and lines (paragraphs, not counting an empty one after the last break,
/// as `wc -l` counts a file that ends with one).
struct NoteCounts: Sendable, Equatable {
    var words = 0
    var lines = 0

    init(_ storage: TextStorage, segmenter: TextSegmenter) {
        let paragraphs = storage.paragraphs
        for p in paragraphs where !p.isEmpty { words += TextWords.words(in: p, segmenter: segmenter).count }
        lines = paragraphs.count - (paragraphs.last?.isEmpty == true ? 1 : 0)
    }

    /// "12 words · 3 lines".
    var summary: String {
        "\(words) \(words == 1 ? "word" : "words") · \(lines) \(lines == 1 ? "line" : "lines")"
    }
}

/// `--scene document --file PATH`: the file in one editable TextView filling a 600×700 window,
/// the caret at the end (or the middle): the same window as the GtkTextView and Tk text anchors
/// (`xkit-bench textview` and `textkeys`).
struct DocumentScene: DemoScene {
    let file: String?
    var caretAtMiddle = false
    let title = "TextView XKit"
    let size = Size(width: 600, height: 700)

    func build(in window: Window, app: Application) {
        let view = TextView(frame: Rect(origin: .zero, size: size))
        view.accessibilityIdentifier = "document"
        view.autoresizingMask = .fill
        if let file {
            do { view.load(TextStorage(utf8: try FileIO.read(file), source: file)) } catch {
                Trace.warn("document: cannot read \(file): \(error)")
            }
        }
        let caret = caretAtMiddle ? view.storage.count / 2 : view.storage.count
        view.selectedRange = caret..<caret
        window.contentView.addSubview(view)
        view.becomeFirstResponder()
    }
}
