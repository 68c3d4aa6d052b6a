/// What a surface is for, which decides what the platform does when it creates it.
///
/// The kind is fixed at creation: the X backend chooses override-redirect, the EWMH window
/// type, transient-for and the modal state from it, cuts a popup to its outline and grabs input
/// for it once it is mapped. Each kind's needs are listed in `docs/ARCHITECTURE.md`.
///
///     Window(title: "Delete?", size: size, kind: .dialog(parent: main, modal: true), app: app)
public enum SurfaceKind: Sendable {
    /// An application window with decorations, managed by the window manager.
    case normal
    /// A dialog belonging to `parent` (kept above it); a `modal` one blocks its parent's input.
    case dialog(parent: Window?, modal: Bool)
    /// A popup (a menu, a callout) over `owner`: undecorated, above everything, cut to `outline`
    /// (convex polygons in window coordinates; empty keeps it rectangular), grabbing pointer and
    /// keyboard once mapped, timed by `trigger` (the input that opened it). A press outside it,
    /// or its owner losing focus, dismisses it (`WindowSurfaceDelegate.surfaceWasDismissed()`).
    case popup(owner: Window, outline: [[Point]], trigger: InputEvent?)
    /// The image that follows the pointer during a drag: undecorated, above everything, and
    /// transparent to input, so the window under the pointer still receives the drag.
    case dragImage

    /// The kind without its associated values, for comparisons and traces.
    public enum Role: String, Sendable {
        /// The role of `.normal`, `.dialog`, `.popup` and `.dragImage` surfaces.
        case normal, dialog, popup, dragImage
    }

    /// The kind without its associated values.
    public var role: Role {
        switch self {
        case .normal: .normal
        case .dialog: .dialog
        case .popup: .popup
        case .dragImage: .dragImage
        }
    }

    /// Whether the window manager leaves the surface alone (popups and drag images are placed by us).
    public var bypassesWindowManager: Bool { role == .popup || role == .dragImage }

    /// The window this surface belongs to (a dialog's parent, a popup's owner), if any.
    public var owner: Window? {
        switch self {
        case .dialog(let parent, _): parent
        case .popup(let owner, _, _): owner
        case .normal, .dragImage: nil
        }
    }
}

/// The old name of `SurfaceKind`.
public typealias WindowKind = SurfaceKind
