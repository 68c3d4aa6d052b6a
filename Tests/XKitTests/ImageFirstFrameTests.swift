import Foundation
import Testing
import XKit
import XKitTesting

/// Small files whose decode is costly (huge pixels, hundreds of progressive scans) must not hold up
/// the first frame: the cache reads the header and decodes them in the background.
@MainActor
@Suite(.serialized) struct ImageFirstFrameTests {
    /// A 16384×2048 RGBA PNG of one colour, written by python3 with zlib: 128 MiB of pixels in ~130 KB.
    static let widePNGScript = """
    import struct, sys, zlib
    w, h, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    row = b"\\x00" + b"\\x20\\x40\\x80\\xff" * w
    z = zlib.compressobj(9)
    body = b"".join(z.compress(row) for _ in range(h)) + z.flush()
    with open(path, "wb") as f:
        f.write(b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
                + chunk(b"IDAT", body) + chunk(b"IEND", b""))
    """

    /// A grayscale progressive JPEG of noise in 64 one-coefficient bands of 11 scans each (a first
    /// scan at Al=10, then ten refinements): 704 scans, written through libjpeg's API (cjpeg's
    /// -scans reads at most 100).
    static let manyScansJPEGSource = """
    #include <stdio.h>
    #include <stdlib.h>
    #include <jpeglib.h>
    int main(int argc, char **argv) {
        if (argc < 4) return 2;
        int w = atoi(argv[2]), h = atoi(argv[3]);
        FILE *out = fopen(argv[1], "wb");
        if (!out) return 3;
        struct jpeg_compress_struct c;
        struct jpeg_error_mgr err;
        c.err = jpeg_std_error(&err);
        jpeg_create_compress(&c);
        jpeg_stdio_dest(&c, out);
        c.image_width = w; c.image_height = h; c.input_components = 1; c.in_color_space = JCS_GRAYSCALE;
        jpeg_set_defaults(&c);
        jpeg_set_quality(&c, 75, TRUE);
        static jpeg_scan_info scans[704];
        int n = 0;
        for (int k = 0; k < 64; k++)
            for (int a = 10; a >= 0; a--) {
                jpeg_scan_info *s = &scans[n++];
                s->comps_in_scan = 1; s->component_index[0] = 0; s->Ss = k; s->Se = k;
                s->Ah = a == 10 ? 0 : a + 1; s->Al = a;
            }
        c.scan_info = scans; c.num_scans = n;
        jpeg_start_compress(&c, TRUE);
        unsigned char *row = malloc(w);
        unsigned int seed = 7;
        while (c.next_scanline < c.image_height) {
            for (int x = 0; x < w; x++) { seed = seed * 1103515245u + 12345u; row[x] = (seed >> 16) & 0xff; }
            JSAMPROW rows[1] = { row };
            jpeg_write_scanlines(&c, rows, 1);
        }
        jpeg_finish_compress(&c);
        fclose(out);
        return 0;
    }
    """

    /// Writes the two stalling files into a fresh folder and returns it.
    static func stallingFiles() throws -> String {
        let folder = NSTemporaryDirectory() + "xkit-first-frame-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try widePNGScript.write(toFile: folder + "/wide.py", atomically: true, encoding: .utf8)
        let png = try runProcess(["/usr/bin/python3", folder + "/wide.py", "16384", "2048", folder + "/wide.png"], timeout: 120)
        try #require(png.succeeded, "python3 did not write the PNG: \(png)")
        try manyScansJPEGSource.write(toFile: folder + "/scans.c", atomically: true, encoding: .utf8)
        let built = try runProcess(["sh", "-c", "gcc -o \(folder)/scans \(folder)/scans.c $(pkg-config --cflags --libs libjpeg)"], timeout: 60)
        try #require(built.succeeded, "the JPEG writer did not compile (libjpeg62-turbo-dev): \(built)")
        let jpeg = try runProcess([folder + "/scans", folder + "/scans.jpg", "512", "512"], timeout: 60)
        try #require(jpeg.succeeded, "\(jpeg)")
        return folder
    }

    @Test func theTwoStallingFilesDecodeInTheBackgroundAndTheFirstFrameDoesNotWait() async throws {
        let folder = try Self.stallingFiles()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = HeadlessScene(imageDecoder: CodecImageDecoder())
        let cache = scene.app.images
        cache.searchPaths = [folder]
        let expected: [(name: String, width: Int, height: Int)] = [("wide.png", 16_384, 2_048), ("scans.jpg", 512, 512)]
        for file in expected {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + file.name)))
            // Under the file-size rule both were "small" and decoded inside the first frame.
            #expect(bytes.count < cache.synchronousLimit, "\(file.name) is \(bytes.count) bytes")
            let header = try #require(ImageHeader(parsing: bytes))
            #expect(header.width == file.width && header.height == file.height)
            #expect(cache.decodesInBackground(header))
        }
        let header = try #require(ImageHeader(parsing: try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/scans.jpg")))))
        #expect(header.isProgressive && header.scanCount == 704)
        #expect(header.decodedBytes <= cache.synchronousDecodedLimit, "the JPEG is costly for its scans alone")

        let views = expected.map { file -> ImageView in
            let view = ImageView(named: file.name)
            view.frame = Rect(x: 0, y: 0, width: 100, height: 100)
            scene.root.addSubview(view)
            return view
        }
        scene.platform.displayPass()
        for view in views { #expect(view.isLoading && view.image == nil, "the first frame waited for \(view.imageName ?? "")") }
        for _ in 0..<3000 where views.contains(where: \.isLoading) { try await Task.sleep(nanoseconds: 10_000_000) }
        for (view, file) in zip(views, expected) {
            #expect(view.loadError == nil, "\(String(describing: view.loadError))")
            #expect(view.image?.bitmap.width == file.width && view.image?.bitmap.height == file.height)
        }
    }

    @Test func aSmallImageStillDecodesInsideTheFirstFrame() throws {
        let folder = NSTemporaryDirectory() + "xkit-first-frame-small-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ImageFirstFrameTests.widePNGScript.write(toFile: folder + "/wide.py", atomically: true, encoding: .utf8)
        let png = try runProcess(["/usr/bin/python3", folder + "/wide.py", "256", "256", folder + "/icon.png"], timeout: 60)
        try #require(png.succeeded, "\(png)")
        let scene = HeadlessScene(imageDecoder: CodecImageDecoder())
        scene.app.images.searchPaths = [folder]
        let view = ImageView(named: "icon")
        view.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        scene.root.addSubview(view)
        scene.platform.displayPass()
        #expect(!view.isLoading && view.image?.bitmap.width == 256, "256×256 is cheap: decoded in the first frame")
    }
}
