import Testing
@testable import XKit

/// The portal's appearance settings parsed from real libdbus messages; no bus needed.
@Suite struct PortalSettingsTests {
    /// `values` as a message's arguments and back, so the parser sees what libdbus decodes.
    private func throughLibdbus(_ values: [DBusValue]) throws -> [DBusValue] {
        let message = try #require(DBusMessage.signal(path: "/org/freedesktop/portal/desktop", interface: "org.freedesktop.portal.Settings",
                                                      member: "SettingChanged", arguments: values))
        return message.arguments
    }

    private func readAllReply(_ namespaces: [(String, [(String, DBusValue)])]) -> [DBusValue] {
        [.dictionary(keySignature: "s", valueSignature: "a{sv}", namespaces.map { name, settings in
            (.string(name), .dictionary(keySignature: "s", valueSignature: "v", settings.map { (.string($0.0), $0.1) }))
        })]
    }

    @Test func readAllGivesTheColorSchemeAndContrast() throws {
        let reply = try throughLibdbus(readAllReply([("org.freedesktop.appearance", [("color-scheme", .variant(.uint32(1))),
                                                                                      ("accent-color", .variant(.structure([.double(1), .double(0), .double(0)]))),
                                                                                      ("contrast", .variant(.uint32(1)))])]))
        #expect(try PortalSettings.appearance(fromReadAll: reply) == PortalAppearance(colorScheme: 1, contrast: 1))
    }

    @Test func aPortalWithoutContrastLeavesItUnset() throws {
        // xdg-desktop-portal-gtk 1.14 has no contrast; an empty reply is a portal with nothing set.
        let gtk = try throughLibdbus(readAllReply([("org.freedesktop.appearance", [("color-scheme", .variant(.uint32(2)))])]))
        #expect(try PortalSettings.appearance(fromReadAll: gtk) == PortalAppearance(colorScheme: 2, contrast: nil))
        let empty = try throughLibdbus([.dictionary(keySignature: "s", valueSignature: "a{sv}", [])])
        #expect(try PortalSettings.appearance(fromReadAll: empty) == PortalAppearance())
        let other = try throughLibdbus(readAllReply([("org.gnome.desktop.interface", [("color-scheme", .variant(.string("prefer-dark")))])]))
        #expect(try PortalSettings.appearance(fromReadAll: other) == PortalAppearance())
    }

    @Test func upToThreeVariantsAreUnwrapped() {
        // xdg-desktop-portal 1.16's Read answers <<uint32 1>>.
        #expect(PortalSettings.uint32(.variant(.variant(.uint32(1)))) == 1)
        #expect(PortalSettings.uint32(.variant(.variant(.variant(.uint32(2))))) == 2)
        #expect(PortalSettings.uint32(.uint32(0)) == 0)
        #expect(PortalSettings.uint32(.variant(.variant(.variant(.variant(.variant(.uint32(1))))))) == nil)
        #expect(PortalSettings.uint32(.variant(.string("1"))) == nil)
        #expect(PortalSettings.uint32(.variant(.int32(1))) == nil)
    }

    @Test func reducedMotionIsReadAndFollowed() throws {
        let reply = try throughLibdbus(readAllReply([("org.freedesktop.appearance", [("reduced-motion", .variant(.uint32(1)))])]))
        let read = try PortalSettings.appearance(fromReadAll: reply)
        #expect(read == PortalAppearance(reducedMotion: 1))
        #expect(read.reducesMotion)
        let off = try throughLibdbus([.string("org.freedesktop.appearance"), .string("reduced-motion"), .variant(.uint32(0))])
        let changed = try PortalSettings.appearance(afterSettingChanged: off, from: read)
        #expect(changed == PortalAppearance(reducedMotion: 0))
        #expect(!changed.reducesMotion)
    }

    @Test func settingChangedUpdatesOneKeyAndIgnoresOtherNamespaces() throws {
        let start = PortalAppearance(colorScheme: 1, contrast: 1)
        let light = try throughLibdbus([.string("org.freedesktop.appearance"), .string("color-scheme"), .variant(.uint32(2))])
        #expect(try PortalSettings.appearance(afterSettingChanged: light, from: start) == PortalAppearance(colorScheme: 2, contrast: 1))
        let normal = try throughLibdbus([.string("org.freedesktop.appearance"), .string("contrast"), .variant(.uint32(0))])
        #expect(try PortalSettings.appearance(afterSettingChanged: normal, from: start) == PortalAppearance(colorScheme: 1, contrast: 0))
        let gnome = try throughLibdbus([.string("org.gnome.desktop.interface"), .string("color-scheme"), .variant(.string("prefer-light"))])
        #expect(try PortalSettings.appearance(afterSettingChanged: gnome, from: start) == start)
        let accent = try throughLibdbus([.string("org.freedesktop.appearance"), .string("accent-color"),
                                         .variant(.structure([.double(1), .double(0), .double(0)]))])
        #expect(try PortalSettings.appearance(afterSettingChanged: accent, from: start) == start)
    }

    @Test func malformedRepliesAndSignalsAreRefusedWithAReason() throws {
        let stringContrast = try throughLibdbus([.string("org.freedesktop.appearance"), .string("contrast"), .variant(.string("high"))])
        #expect(throws: PortalSettings.Malformed.self) {
            try PortalSettings.appearance(afterSettingChanged: stringContrast, from: PortalAppearance())
        }
        do {
            _ = try PortalSettings.appearance(afterSettingChanged: stringContrast, from: PortalAppearance())
        } catch {
            #expect(error.description.contains("contrast") && error.description.contains("\"high\""))
        }
        let short = try throughLibdbus([.string("org.freedesktop.appearance"), .string("contrast")])
        #expect(throws: PortalSettings.Malformed.self) { try PortalSettings.appearance(afterSettingChanged: short, from: PortalAppearance()) }
        #expect(throws: PortalSettings.Malformed.self) { try PortalSettings.appearance(afterSettingChanged: [], from: PortalAppearance()) }
        #expect(throws: PortalSettings.Malformed.self) { try PortalSettings.appearance(fromReadAll: [.uint32(1)]) }
        let flat = try throughLibdbus([.dictionary(keySignature: "s", valueSignature: "v", [(.string("org.freedesktop.appearance"), .variant(.uint32(1)))])])
        #expect(throws: PortalSettings.Malformed.self) { try PortalSettings.appearance(fromReadAll: flat) }
    }
}
