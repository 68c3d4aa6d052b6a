import Foundation

extension AppProcess {
    /// What the X server says about the app's windows, for a test that waited in vain for one to map.
    ///
    /// A window that stays unmapped and unframed while the window manager lists a client with its
    /// id points at the manager (a MapRequest it dropped, or a record of an earlier window whose
    /// id the server gave out again); one that is mapped points at the app's first frame.
    func mapDiagnosis(display: String?) -> String {
        guard let finder = try? WindowFinder(display: display) else { return "X state: cannot connect to look" }
        let listed = finder.integerListProperty(finder.rootWindow, "_NET_CLIENT_LIST") ?? []
        let ours = finder.allWindows(ofProcess: pid)
        let windows = ours.map { window in
            let name = finder.name(of: window).map { " \($0.debugDescription)" } ?? ""
            let parent = finder.parent(of: window).map { $0 == finder.rootWindow ? "root" : hex($0) } ?? "gone"
            let state = finder.isViewable(window) ? "viewable" : "not viewable"
            let managed = listed.contains(Int(bitPattern: window)) ? ", in _NET_CLIENT_LIST" : ""
            return "\(hex(window))\(name): \(state), parent \(parent)\(managed)"
        }
        let list = listed.map { hex(UInt(bitPattern: $0)) }.joined(separator: " ")
        return "X state: windows of pid \(pid): \(windows.isEmpty ? "none" : windows.joined(separator: "; "))"
            + "\n  _NET_CLIENT_LIST: \(list.isEmpty ? "empty or unset" : list)"
    }
}

private func hex(_ window: UInt) -> String { "0x" + String(window, radix: 16) }
