/// XDND for one X connection: our top-level windows as drop targets, and drags out of them.
@MainActor
final class XdndController {
    let target: XdndTarget
    let source: XdndSource

    init(platform: X11Platform) {
        target = XdndTarget(platform: platform)
        source = XdndSource(platform: platform, atoms: target.atoms)
    }
}
