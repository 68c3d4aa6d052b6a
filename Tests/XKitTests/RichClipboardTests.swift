import Testing
@testable import XKit
import XKitTesting

/// The HTML writer and reader, pasteboard items and rich copies from labels, fields and image views,
/// all without a display (here beside the X tests because they use XKit's PNG codec).
@MainActor
@Suite struct RichClipboardTests {
    @Test func theWriterEscapesMarkupCharactersInTextAndLinks() {
        let text = AttributedText("a<b> & \"c\" 'd'", font: .system, link: "https://x.test/?a=1&b=\"2\"")
        let html = HTMLWriter.html(for: text)
        #expect(html.contains("a&lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;"))
        #expect(html.contains("<a href=\"https://x.test/?a=1&amp;b=&quot;2&quot;\">"))
        #expect(!html.contains("<b>"), "a regular run is not bold")
    }

    @Test func eachRunNestsItsElementsAndClosesThemInReverse() {
        var text = AttributedText("plain ")
        text.append(AttributedText("styled", attributes: TextAttributes(
            font: Font(size: 20, weight: .bold, italic: true), color: Color(hex: 0x8944AB), underline: true, link: "https://e.test")))
        text.append(AttributedText(" end"))
        let html = HTMLWriter.html(for: text, direction: .leftToRight)
        #expect(html == "<meta charset=\"utf-8\"><div dir=\"ltr\">plain <a href=\"https://e.test\"><span style=\"color:#8944ab;"
            + "font-size:20px\"><b><i><u>styled</u></i></b></span></a> end</div>")
        #expect(HTMLReader.plainText(fromHTML: html) == "plain styled end")
    }

    @Test func rightToLeftTextIsWrittenWithDirRTLAndNewlinesAsBreaks() {
        let html = HTMLWriter.html(for: AttributedText("שלום\nעולם"))
        #expect(html.hasPrefix("<meta charset=\"utf-8\"><div dir=\"rtl\">"))
        #expect(html.contains("שלום<br>עולם"))
        #expect(HTMLWriter.html(for: AttributedText("123 abc")).contains("dir=\"ltr\""))
        #expect(HTMLWriter.html(for: AttributedText("abc"), direction: .rightToLeft).contains("dir=\"rtl\""))
    }

    @Test func theReaderDecodesUTF8AndUTF16WithAndWithoutAMark() {
        let html = "<b>Giá vé</b>"
        #expect(HTMLReader.decode(Array(html.utf8)) == .init(html: html, warnings: []))
        let le = html.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let be = html.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(HTMLReader.decode([0xFF, 0xFE] + le).html == html)
        #expect(HTMLReader.decode([0xFE, 0xFF] + be).html == html)
        #expect(HTMLReader.decode(le).html == html, "Firefox's UTF-16 without a mark")
        #expect(HTMLReader.decode([0xEF, 0xBB, 0xBF] + Array(html.utf8)).html == html)
    }

    @Test func brokenBytesAreReplacedAndReportedNeverDropped() {
        let invalid = HTMLReader.decode(Array("<p>ok ".utf8) + [0xC3, 0x28, 0xFF] + Array(" end</p>".utf8))
        #expect(invalid.html.hasPrefix("<p>ok ") && invalid.html.hasSuffix(" end</p>"))
        #expect(invalid.html.contains("\u{FFFD}"))
        #expect(invalid.warnings.count == 1 && invalid.warnings[0].contains("not valid UTF-8"))
        let odd = HTMLReader.decode([0xFF, 0xFE] + "<i>x</i>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } + [0x41])
        #expect(odd.html == "<i>x</i>")
        #expect(odd.warnings.first?.contains("odd byte count") == true)
        let surrogate = HTMLReader.decode([0xFF, 0xFE, 0x3C, 0x00, 0x00, 0xD8, 0x3E, 0x00])
        #expect(surrogate.html == "<\u{FFFD}>")
        #expect(surrogate.warnings.count == 1)
    }

    @Test func plainTextFromHTMLDropsScriptsAndDecodesEntities() {
        let html = "<html><head><title>t</title><style>b{}</style></head><body><!-- c --><p>a &amp; b&#39;s &#x1F600;</p>"
            + "<script>x<y</script><div>line<br>two</div></body></html>"
        #expect(HTMLReader.plainText(fromHTML: html) == "a & b's 😀\nline\ntwo")
    }

    @Test func uriListsSkipCommentsAndBlankLines() {
        #expect(HTMLReader.uris(fromURIList: "# comment\r\nfile:///a%20b\r\n\r\nhttps://x.test/\n") == ["file:///a%20b", "https://x.test/"])
    }

    @Test func itemRepresentationsAreMadeOnlyWhenAsked() throws {
        var calls = 0
        var item = PasteboardItem(string: "t")
        item.setDataProvider(forType: "text/x-test") { calls += 1; return [1, 2] }
        #expect(calls == 0)
        #expect(item.types == ["text/x-test", PasteboardType.plainTextUTF8])
        #expect(try item.data(forType: "text/x-test") == [1, 2])
        #expect(calls == 1)
        #expect(try item.data(forType: "UTF8_STRING") == Array("t".utf8))
        #expect(try item.data(forType: "image/png") == nil)
    }

    @Test func aLabelSelectionCopiesItsRangeWithItsAttributes() async throws {
        let scene = HeadlessScene(imageDecoder: CodecImageDecoder(), imageEncoder: PNGImageEncoder())
        let label = Label()
        var text = AttributedText("Price: ")
        text.append(AttributedText("250 €", font: .bold(size: 15), color: Color(hex: 0xFF9500)))
        text.append(AttributedText(" today"))
        label.attributedText = text
        label.isSelectable = true
        label.frame = Rect(x: 0, y: 0, width: 300, height: 30)
        scene.root.addSubview(label)
        let s = text.string
        label.selectedRange = 4..<10
        label.copyToClipboard()
        let board = scene.platform.clipboard
        #expect(try await board.string() == "e: 250")
        let html = try #require(try await board.html())
        #expect(html.contains("e: <span style=\"color:#ff9500;font-size:15px\"><b>250</b></span>"))
        #expect(try await board.availableTypes() == [PasteboardType.html, PasteboardType.plainTextUTF8])
    }

    @Test func aFieldPastesPlainTextFromAnOwnerOfferingOnlyHTML() async {
        let scene = HeadlessScene(imageDecoder: CodecImageDecoder(), imageEncoder: PNGImageEncoder())
        let field = TextField()
        field.frame = Rect(x: 0, y: 0, width: 200, height: 30)
        scene.root.addSubview(field)
        var item = PasteboardItem()
        item.setData(Array("<b>bold</b> &amp; more".utf8), forType: PasteboardType.html)
        scene.platform.clipboard.setItems([item], event: nil)
        #expect(await field.paste(from: .clipboard))
        #expect(field.text == "bold & more")
    }

    @Test func anImageViewCopiesAPNGThatDecodesToItsPixels() async throws {
        let scene = HeadlessScene(imageDecoder: CodecImageDecoder(), imageEncoder: PNGImageEncoder())
        let red = UInt32(0xFFFF0000), halfBlue = UInt32(0x80000080)
        let bitmap = try #require(ImageBitmap(width: 3, height: 2, pixels: [red, halfBlue, red, red, red, halfBlue]))
        let view = ImageView(image: Image(bitmap: bitmap))
        scene.root.addSubview(view)
        #expect(view.copyImage())
        let image = try #require(try await scene.platform.clipboard.image(decoder: scene.platform.imageDecoder))
        #expect(image.bitmap.width == 3 && image.bitmap.height == 2)
        #expect(image.bitmap.pixels == bitmap.pixels)
        #expect(try await scene.platform.clipboard.string() == nil)
    }

    /// 600×700 is four slices: the rows after each slice's first are filtered against the row above
    /// in the slice before.
    @Test(arguments: [(67, 33), (600, 700)])
    func theEncodersUpFilteredRowsDecodeToEveryPixelWithLibpng(width: Int, height: Int) throws {
        // Rows that differ from the row above in every way the filter meets: gradients (small
        // differences), opaque against transparent (wrap-around), and premultiplied half alpha.
        var pixels: [UInt32] = []
        for y in 0..<height {
            for x in 0..<width {
                switch (x + y) % 7 {
                case 0: pixels.append(0)
                case 1: pixels.append(0x8000_0080)
                default: pixels.append(0xFF00_0000 | UInt32((x * 3) & 0xFF) << 16 | UInt32((y * 7) & 0xFF) << 8 | UInt32((x * y) & 0xFF))
                }
            }
        }
        let bitmap = try #require(ImageBitmap(width: width, height: height, pixels: pixels))
        let png = try PNGImageEncoder().pngData(bitmap)
        let decoded = try CodecImageDecoder().decode(png, limits: ImageLimits())
        #expect(decoded.width == width && decoded.height == height)
        let firstWrongPixel = decoded.pixels.indices.first { decoded.pixels[$0] != bitmap.pixels[$0] }
        #expect(firstWrongPixel == nil)
    }

    @Test func anImageOverTheEncoderLimitsIsRefusedWithTheReason() throws {
        let encoder = PNGImageEncoder()
        #expect {
            try encoder.checkEncodable(width: 30_000, height: 30_000)
        } throws: { ($0 as? PasteboardError)?.reason.contains("30000×30000 image is too large to copy as PNG") == true }
        let scene = HeadlessScene(imageDecoder: CodecImageDecoder(), imageEncoder: PNGImageEncoder())
        scene.platform.imageEncoder = PNGImageEncoder(limits: ImageLimits(maximumSide: 4))
        let view = ImageView(image: Image(bitmap: try #require(ImageBitmap(width: 5, height: 1, pixels: Array(repeating: 0xFF000000, count: 5)))))
        scene.root.addSubview(view)
        scene.platform.clipboard.setString("kept", event: nil)
        #expect(!view.copyImage())
        #expect(scene.platform.clipboard.contents == "kept", "a refused copy leaves the clipboard as it was")
    }
}
