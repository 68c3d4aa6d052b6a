import XKitCore

/// The portal's `org.freedesktop.appearance` settings as they arrive on the bus: parsing only.
///
/// `ReadAll` answers `a{sa{sv}}`; `SettingChanged` carries `(namespace, key, value)`. A value is a
/// `uint32` inside variants: one in the spec, two in xdg-desktop-portal 1.16's `Read` (a variant in a
/// variant), so up to three are unwrapped.
enum PortalSettings {
    static let namespace = "org.freedesktop.appearance"
    static let colorSchemeKey = "color-scheme"
    static let contrastKey = "contrast"
    static let reducedMotionKey = "reduced-motion"

    /// Why a reply or signal was not understood.
    struct Malformed: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    /// The `uint32` inside at most three variants; nil for anything else.
    static func uint32(_ value: DBusValue) -> UInt32? {
        var value = value
        for _ in 0...3 {
            switch value {
            case .uint32(let number): return number
            case .variant(let inner): value = inner
            default: return nil
            }
        }
        return nil
    }

    /// The appearance settings in a `ReadAll(["org.freedesktop.appearance"])` reply; keys the portal
    /// does not have stay nil (xdg-desktop-portal-gtk 1.14 has no `contrast`).
    static func appearance(fromReadAll arguments: [DBusValue]) throws(Malformed) -> PortalAppearance {
        guard arguments.count == 1, case .dictionary(_, _, let namespaces) = arguments[0] else {
            throw Malformed(description: "ReadAll answered \(arguments.map(\.signature).joined()), not a{sa{sv}}")
        }
        var appearance = PortalAppearance()
        for (name, settings) in namespaces where name.stringValue == namespace {
            guard case .dictionary(_, _, let pairs) = settings else {
                throw Malformed(description: "ReadAll's \(namespace) is \(settings.signature), not a{sv}")
            }
            for (key, value) in pairs {
                guard let key = key.stringValue else { continue }
                try apply(key: key, value: value, to: &appearance)
            }
        }
        return appearance
    }

    /// The appearance after a `SettingChanged(namespace, key, value)` signal; unchanged for another
    /// namespace or a key XKit does not follow.
    static func appearance(afterSettingChanged arguments: [DBusValue], from current: PortalAppearance) throws(Malformed) -> PortalAppearance {
        guard arguments.count == 3, case .string(let name) = arguments[0], case .string(let key) = arguments[1] else {
            throw Malformed(description: "SettingChanged carried \(arguments.map(\.signature).joined()), not ssv")
        }
        guard name == namespace else { return current }
        var appearance = current
        try apply(key: key, value: arguments[2], to: &appearance)
        return appearance
    }

    private static func apply(key: String, value: DBusValue, to appearance: inout PortalAppearance) throws(Malformed) {
        guard key == colorSchemeKey || key == contrastKey || key == reducedMotionKey else { return }
        guard let number = uint32(value) else {
            throw Malformed(description: "\(namespace) \(key) is \(value.signature) \(describe(value)), not a uint32")
        }
        switch key {
        case colorSchemeKey: appearance.colorScheme = number
        case contrastKey: appearance.contrast = number
        default: appearance.reducedMotion = number
        }
    }

    private static func describe(_ value: DBusValue) -> String {
        switch value {
        case .variant(let inner): describe(inner)
        case .string(let text): "\"\(text.prefix(40))\""
        default: value.signature
        }
    }
}
