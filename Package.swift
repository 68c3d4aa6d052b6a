// swift-tools-version:6.0
import PackageDescription

/// Release executables link the Swift runtime statically and as non-PIE: no runtime relocations to
/// dirty at start-up, which saves ~3 MiB of peak RSS and several ms before the first frame. The
/// static runtime's link line exports every symbol of the executable (8,800 of them), which each
/// library's symbol lookups then pass through; `--no-export-dynamic` takes that back (467 left),
/// 0.5 MiB of peak RSS and about 1 ms of CPU at launch.
///
/// The functions a key runs, then those launches run, are laid out together, in
/// `assets/link-order.txt`'s order (`scripts/link-order.sh` makes it; `make release` compiles with
/// `-function-sections` so that each function can be placed): the kernel maps an executable 64 KB
/// around each page fault, and a launch that touched a few hundred KB of code spread over 8 MB had
/// 5.4 MB of it resident; a key, whose code is cold again after the pause between two keys, costs
/// fewer TLB and cache misses when that code is packed.
///
/// `.build/link` comes first on the library path: `scripts/static-libstdcxx.sh` (run by `make release`)
/// puts a linker script there that takes libstdc++ from its static archive.
let lean: [LinkerSetting] = [
    .unsafeFlags(["-static-stdlib", "-Xclang-linker", "-no-pie", "-Xclang-linker", "-static-libgcc", "-Xlinker", "--no-export-dynamic",
                  "-L\(Context.packageDirectory)/.build/link",
                  "-Xlinker", "--section-ordering-file=\(Context.packageDirectory)/assets/link-order.txt"],
                 .when(configuration: .release)),
]

let package = Package(
    name: "XKit",
    products: [
        .library(name: "XKit", targets: ["XKit"]),
        .executable(name: "xkit-demo", targets: ["xkit-demo"]),
        .executable(name: "xkit-clip", targets: ["xkit-clip"]),
        // xkit-bench is no product: SwiftPM plans a dependency's executable products in every app's
        // build, and the bench's XTest support would then need libxtst there. The root package still
        // builds and runs it (`swift build --product xkit-bench`, `make bench`).
    ],
    targets: [
        .systemLibrary(name: "CX11", pkgConfig: "x11 xext xft xrender fontconfig",
                       providers: [.apt(["libx11-dev", "libxext-dev", "libxft-dev", "libxrender-dev", "libfontconfig-dev"])]),
        .systemLibrary(name: "CXTest", pkgConfig: "xtst x11",
                       providers: [.apt(["libxtst-dev"])]),
        // Headers only: XKit opens libpng and TurboJPEG with dlopen on the first image decode.
        .systemLibrary(name: "CImageCodecs",
                       providers: [.apt(["libpng-dev", "libturbojpeg0-dev"])]),
        // ICU (libicu-dev) is opened with dlopen on first use, so only its headers are needed to build;
        // libthai (libthai-dev), which breaks Thai words, likewise on the first run of Thai text.
        .target(name: "CXKitICU", linkerSettings: [.linkedLibrary("dl")]),
        // HarfBuzz and FriBidi likewise: dlopen'd on the first cluster that needs shaping (or bidi), so
        // only their headers are needed to build. pkg-config is asked for freetype2 alone (hb-ft.h needs
        // its include path; libfreetype is loaded by Xft anyway): naming harfbuzz or fribidi would link them.
        .systemLibrary(name: "CShapingHeaders", pkgConfig: "freetype2",
                       providers: [.apt(["libharfbuzz-dev", "libfribidi-dev", "libfreetype-dev"])]),
        .target(name: "CXKitShaping", dependencies: ["CShapingHeaders"], linkerSettings: [.linkedLibrary("dl")]),
        // libXcursor (libxcursor-dev for the header) likewise: dlopen'd on the first themed cursor.
        .target(name: "CXKitCursor", linkerSettings: [.linkedLibrary("dl")]),
        // Adler-32 and CRC-32 with SSSE3 and PCLMULQDQ (chosen at run time) for the PNG of a copied image.
        .target(name: "CXKitChecksums", linkerSettings: [.linkedLibrary("z")]),
        .target(name: "XKitCore"),
        // libdbus-1 for the AT-SPI2 accessibility bridge, loaded with dlopen only when accessibility is on.
        .target(name: "CDBus", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "XKit", dependencies: ["XKitCore", "CX11", "CImageCodecs", "CDBus", "CXKitICU", "CXKitShaping", "CXKitCursor", "CXKitChecksums"]),
        // The display-free test support (HeadlessPlatform, HeadlessScene, ...): XKitCore only, no X library.
        .target(name: "XKitHeadless", dependencies: ["XKitCore"]),
        .target(name: "XKitTesting", dependencies: ["XKit", "XKitHeadless", "CX11", "CXTest"]),
        .executableTarget(name: "xkit-demo", dependencies: ["XKit"], linkerSettings: lean),
        .executableTarget(name: "xkit-clip", dependencies: ["XKit"], linkerSettings: lean),
        .executableTarget(name: "xkit-bench", dependencies: ["XKit", "XKitTesting"]),
        .testTarget(name: "XKitCoreTests", dependencies: ["XKitCore", "XKitHeadless"]),
        .testTarget(name: "XKitTests", dependencies: ["XKit", "XKitTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
