// swift-tools-version:6.0
import PackageDescription

// A path dependency's package identity is its folder's name ("xkit" for a clone called xkit), not
// the "XKit" in its manifest, so `.product(name: "XKit", package: "XKit")` would fail with
// "unknown package". Naming the dependency keeps this manifest working whatever the folder is called.
let package = Package(
    name: "ContactCard",
    dependencies: [
        .package(name: "XKit", path: "../.."),
        // From a git URL instead, the identity comes from the URL's last component:
        // .package(url: "https://example.org/xkit.git", branch: "main"),
    ],
    targets: [
        .executableTarget(name: "ContactCard", dependencies: [.product(name: "XKit", package: "XKit")]),
    ],
    swiftLanguageModes: [.v6]
)
