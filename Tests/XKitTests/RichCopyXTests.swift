import Foundation
import Testing
import XKit
import XKitTesting

extension SelectionTests {
/// Rich copies read by other X clients: `xclip` asks the in-process owner for `text/html` and `image/png`.
@MainActor
@Suite(.serialized)
struct RichCopy {
    let app: Application
    init() throws { app = try PrivateDisplay.application() }

    @Test func xclipReadsTheAttributedTextAsHTMLWithBoldAndColour() async throws {
        var styled = AttributedText("Attributed: ", font: .system(size: 15))
        styled.append(AttributedText("bold ", font: .system(size: 15, weight: .bold), color: .systemPurple))
        styled.append(AttributedText("và tiếng Việt", font: Font(family: "serif", size: 15, italic: true), color: .systemGreen))
        try Pasteboard.general.setItem(PasteboardItem(attributedText: styled))
        let reader = try ClipboardReader()
        let targets = try await reader.xclipAsync(target: "TARGETS")
        #expect(targets.stdoutString.split(separator: "\n").contains("text/html"))
        let html = try await reader.xclipAsync(target: "text/html")
        #expect(html.succeeded)
        #expect(html.stdoutString.contains("<b>bold </b>"))
        #expect(html.stdoutString.contains("color:#8944ab"))
        #expect(HTMLReader.plainText(fromHTML: html.stdoutString) == "Attributed: bold và tiếng Việt")
        let text = try await reader.xclipAsync(target: "UTF8_STRING")
        #expect(text.stdoutString == "Attributed: bold và tiếng Việt")
    }

    /// GTK 3 reads the same HTML through `gtk_clipboard_wait_for_contents`, compiled here from a tiny C peer.
    @Test func gtk3ReadsTheHTMLThroughItsClipboardAPI() async throws {
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-gtk-html-peer.c")
        let binary = source.deletingPathExtension().path
        try """
        #include <gtk/gtk.h>
        int main(int argc, char **argv) {
            gtk_init(&argc, &argv);
            GtkClipboard *board = gtk_clipboard_get(GDK_SELECTION_CLIPBOARD);
            GtkSelectionData *data = gtk_clipboard_wait_for_contents(board, gdk_atom_intern("text/html", FALSE));
            if (!data) return 2;
            gint length = 0;
            const guchar *bytes = gtk_selection_data_get_data_with_length(data, &length);
            fwrite(bytes, 1, length, stdout);
            return 0;
        }
        """.write(to: source, atomically: true, encoding: .utf8)
        let cflags = try runProcess(["sh", "-c", "gcc -o \(binary) \(source.path) $(pkg-config --cflags --libs gtk+-3.0)"], timeout: 60)
        try #require(cflags.succeeded, "the GTK 3 peer did not compile (libgtk-3-dev): \(cflags)")
        var styled = AttributedText("GTK ")
        styled.append(AttributedText("bold", font: .bold(size: 15), color: .systemPurple))
        try Pasteboard.general.setItem(PasteboardItem(attributedText: styled))
        let read = try await runProcessAsync([binary], timeout: 10, environment: try ClipboardReader().environment)
        #expect(read.succeeded, "\(read)")
        #expect(read.stdoutString.contains("<b>bold</b>"))
        #expect(read.stdoutString.contains("color:#8944ab"))
        #expect(HTMLReader.plainText(fromHTML: read.stdoutString) == "GTK bold")
    }

    @Test func xclipReadsACopiedImageAsAPNGOfItsSizeAndPixels() async throws {
        let side = 700 // 700×700 RGBA is about 2 MiB raw: the PNG of noise goes INCR
        var pixels = [UInt32](repeating: 0, count: side * side)
        var seed: UInt32 = 1
        for i in pixels.indices {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            pixels[i] = 0xFF00_0000 | (seed >> 8)
        }
        pixels[0] = 0xFF12_3456
        let bitmap = try #require(ImageBitmap(width: side, height: side, pixels: pixels))
        try Pasteboard.general.setItem(try PasteboardItem(image: Image(bitmap: bitmap), encoder: PNGImageEncoder()))
        let png = try await ClipboardReader().xclipAsync(target: "image/png", timeout: 20)
        #expect(png.succeeded)
        #expect(png.stdout.count > 1 << 20, "the reply is big enough to need INCR")
        let decoded = try CodecImageDecoder().decode([UInt8](png.stdout), limits: ImageLimits())
        #expect(decoded.width == side && decoded.height == side)
        #expect(decoded.pixels[0] == 0xFF12_3456)
        #expect(decoded.pixels == pixels)
    }
}
}
