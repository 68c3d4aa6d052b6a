import Foundation

extension TestWindowManager {
    /// Windows the manager still lists in `_NET_CLIENT_LIST` though the server has destroyed them.
    ///
    /// openbox keeps such a record when an app dies while openbox is managing its window (after its
    /// checks that the window is there): it goes on with garbage geometry and never hears of the
    /// window again. The server hands the same id to the next client's first window, whose
    /// MapRequest openbox takes for the dead record's and drops, so that app never maps.
    public func clientsThatNoLongerExist() throws -> [XWindowID] {
        let finder = try WindowFinder(display: display)
        let listed = finder.integerListProperty(finder.rootWindow, "_NET_CLIENT_LIST") ?? []
        return listed.map { XWindowID(bitPattern: $0) }.filter { finder.parent(of: $0) == nil }
    }

    /// Restarts the manager if it goes on listing destroyed windows (see `clientsThatNoLongerExist`),
    /// so the next app's window is not mistaken for one of them; returns the ids it had kept.
    ///
    /// A window destroyed a moment ago is still listed until the manager reads its DestroyNotify, so
    /// a list is stale only if it stays so for `grace` seconds. `AppProcess` calls this before it
    /// launches an app on a display the harness runs a manager on.
    @discardableResult
    public func forgetDestroyedClients(grace: TimeInterval = 1) throws -> [XWindowID] {
        var stale = try clientsThatNoLongerExist()
        guard !stale.isEmpty else { return [] }
        if waitUntil(timeout: grace, interval: 0.02, { (try? self.clientsThatNoLongerExist())?.isEmpty ?? false }) { return [] }
        stale = try clientsThatNoLongerExist()
        guard !stale.isEmpty else { return [] }
        let ids = stale.map { "0x" + String($0, radix: 16) }.joined(separator: " ")
        FileHandle.standardError.write(Data("""
            [XKitTesting] \(kind.rawValue) goes on listing destroyed windows (\(ids)) in _NET_CLIENT_LIST; \
            restarting it so a new window with the same id is managed\n
            """.utf8))
        try restart()
        let left = try clientsThatNoLongerExist()
        guard left.isEmpty else {
            throw XKitTestingError("\(kind.rawValue) still lists destroyed windows \(left) after a restart; see \(logFile)")
        }
        return stale
    }
}
