/// The slide of an animated push or pop, on the app's frame clock.
extension NavigationController {
    /// How long a push or pop slides, in seconds (GTK's stack slides take about as long).
    static let slideDuration = 0.3

    /// Slides `incoming` in over `outgoing` (from the trailing edge on a push: the right, or the
    /// left in a right-to-left interface), or `outgoing` off to the trailing edge over `incoming` (a
    /// pop); the old screen moves a third of the way the other way, and leaves the view tree when
    /// the slide ends or is taken over by another push or pop.
    func slide(_ incoming: View, replacing outgoing: View, forward: Bool, in container: NavigationContainerView) {
        let end = container.contentFrame
        let width = container.laysOutRightToLeft ? -end.width : end.width
        if !forward, let index = container.subviews.firstIndex(where: { $0 === outgoing }) {
            container.insertSubview(incoming, at: index)
        }
        container.departing.insert(ObjectIdentifier(outgoing))
        // Keys must go to the new screen, not to a field sliding away.
        if let router = container.window?.eventRouter, let focused = router.firstResponder,
           focused.isDescendant(of: outgoing) {
            router.makeFirstResponder(nil)
        }
        View.performWithoutAnimation {
            incoming.frame = end.offsetBy(dx: forward ? width : -width / 3, dy: 0)
        }
        View.animate(withDuration: NavigationController.slideDuration, delay: 0, options: [.curveEaseInOut], animations: {
            incoming.frame = end
            outgoing.frame = end.offsetBy(dx: forward ? -width / 3 : width, dy: 0)
        }, completion: { [weak self, weak container] _ in
            guard let container else { return }
            container.departing.remove(ObjectIdentifier(outgoing))
            // A pop during a push brings the old screen back on top: it stays then.
            guard outgoing.superview === container, outgoing !== self?.topViewController?.viewIfLoaded else { return }
            outgoing.removeFromSuperview()
            View.performWithoutAnimation { outgoing.frame = container.contentFrame }
        })
    }
}
