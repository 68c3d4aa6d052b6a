import CX11
import CXKitCursor
import Glibc
import XKitCore

/// The X cursors for XKit's pointer shapes, from the desktop's cursor theme through libXcursor,
/// else the X core cursor font.
///
/// The theme is `Gtk/CursorThemeName` from XSETTINGS, else the `Xcursor.theme` resource, else
/// `$XCURSOR_THEME`, else the freedesktop "default" theme; the size likewise comes from
/// `Gtk/CursorThemeSize`, `Xcursor.size`, `$XCURSOR_SIZE`, else libXcursor's choice (device
/// pixels, as X cursors are). Each shape is looked up by its freedesktop name, then its X11 name.
/// Nothing is resolved and libXcursor is not loaded until a window first needs a cursor; cursors
/// are X resources shared by all the app's windows.
@MainActor
final class CursorShapes {
    /// The largest nominal size accepted from a setting.
    static let maxSize = 512

    private let connection: XConnection
    private var desktopTheme: String?
    private var desktopSize: Int?
    private var source: Source?
    private var made: [Cursor: XID] = [:]
    private var retired: [XID] = []

    /// Where the shapes come from once resolved.
    private enum Source: Equatable {
        /// The X core cursor font (no theme, or the theme is unusable).
        case core
        /// A theme, with the themes it inherits from, searched in `path`.
        case theme(name: String, path: [String])
    }

    init(connection: XConnection) {
        self.connection = connection
    }

    /// The names each shape is looked up by, freedesktop's first.
    static func names(for cursor: Cursor) -> [String] {
        switch cursor {
        case .arrow: return ["default", "left_ptr"]
        case .iBeam: return ["text", "xterm"]
        case .pointingHand: return ["pointer", "hand2"]
        }
    }

    /// Takes the desktop's theme and size (nil for "not set"); returns whether they changed. The
    /// cursors made so far stay valid until `freeRetired()`, so windows can switch first.
    func setDesktopTheme(name: String?, size: Int?) -> Bool {
        guard name != desktopTheme || size != desktopSize else { return false }
        desktopTheme = name
        desktopSize = size
        retired += made.values
        made = [:]
        source = nil
        return true
    }

    /// Frees the cursors replaced by a theme change, once no window shows them.
    func freeRetired() {
        guard !retired.isEmpty else { return }
        let display = connection.display
        connection.trapErrors { for id in retired { XFreeCursor(display, id) } }
        retired = []
    }

    /// Whether a theme (not the core font) supplies the shapes; resolves the theme if needed.
    var isThemed: Bool {
        if case .theme = resolvedSource() { return true }
        return false
    }

    /// The X cursor for a shape, made on first use; nil for the core arrow, which a window gets
    /// by leaving its cursor undefined (the root window's, as before themes).
    func cursor(for shape: Cursor) -> XID? {
        if let id = made[shape] { return id }
        let display = connection.display
        var id: XID = 0
        if case .theme(let theme, let path) = resolvedSource() {
            for name in CursorShapes.names(for: shape) where CursorThemeFiles.theme(theme, in: path, has: name) {
                id = XID(xkit_xcursor_load(UnsafeMutableRawPointer(display), name))
                if id != 0 { break }
            }
        }
        if id == 0 {
            switch shape {
            case .arrow: return nil
            case .iBeam: id = XCreateFontCursor(display, 152)  // XC_xterm
            case .pointingHand: id = XCreateFontCursor(display, 60)  // XC_hand2
            }
        }
        made[shape] = id
        return id
    }

    // MARK: Resolving the theme

    private func resolvedSource() -> Source {
        if let source { return source }
        let resolved = resolve()
        source = resolved
        var fields: [(String, JSON)] = [("size", .int(currentSize()))]
        if case .theme(let name, _) = resolved { fields.append(("theme", .string(name))) }
        Trace.emit("cursor.theme", fields)
        return resolved
    }

    private func resolve() -> Source {
        let display = connection.display
        let configured = desktopTheme ?? connection.resource("Xcursor.theme", class: "Xcursor.Theme")
            ?? CursorShapes.environment("XCURSOR_THEME")
        if let configured, !CursorThemeFiles.isPlainName(configured) {
            Trace.warnOnce("cursor.theme.bad.\(configured)", "cursor theme name \"\(configured)\" is not a plain name; using the X core cursors")
            return .core
        }
        guard xkit_xcursor_available() != 0 else {
            if configured != nil {
                Trace.warnOnce("cursor.xcursor", "libXcursor is not installed (Debian: libxcursor1), so the cursor theme "
                               + "\"\(configured ?? "")\" is not used; using the X core cursors")
            }
            return .core
        }
        let path = CursorThemeFiles.searchPath(xkit_xcursor_library_path().map { String(cString: $0) })
        let theme = configured ?? "default"
        guard CursorThemeFiles.exists(theme, in: path) else {
            // The "default" theme is only a convention; without it the core cursors are what X gives.
            if let configured {
                Trace.warnOnce("cursor.theme.missing.\(configured)", "cursor theme \"\(configured)\" is not installed "
                               + "(looked in \(path.joined(separator: ":"))); using the X core cursors")
            }
            return .core
        }
        xkit_xcursor_set_theme(UnsafeMutableRawPointer(display), theme)
        xkit_xcursor_set_size(UnsafeMutableRawPointer(display), Int32(currentSize()))
        return .theme(name: theme, path: path)
    }

    /// The size the theme's images are picked for.
    private func currentSize() -> Int {
        if let desktopSize { return desktopSize }
        let display = connection.display
        if let size = (connection.resource("Xcursor.size", class: "Xcursor.Size") ?? CursorShapes.environment("XCURSOR_SIZE"))
            .flatMap({ Int($0) }),
           (1...CursorShapes.maxSize).contains(size) {
            return size
        }
        if librarySize == nil, xkit_xcursor_available() != 0 {
            librarySize = Int(xkit_xcursor_default_size(UnsafeMutableRawPointer(display)))
        }
        return librarySize ?? 24
    }

    /// libXcursor's own default, read before we set any size.
    private var librarySize: Int?

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }
}
