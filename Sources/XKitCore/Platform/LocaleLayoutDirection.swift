/// The interface's layout direction from the locale, as GTK and Qt take it: right to left when the
/// language of messages is written right to left.
///
/// `XKIT_LAYOUT_DIRECTION` (`rtl` or `ltr`) outranks the locale, for tests and screenshots. The
/// language is GNU gettext's: the first entry of `LANGUAGE`, unless the locale (`LC_ALL`, else
/// `LC_MESSAGES`, else `LANG`) is `C` or `POSIX`, which is left to right whatever `LANGUAGE` says.
public enum LocaleLayoutDirection {
    /// Languages whose script runs right to left (ISO 639 codes, with Hebrew's old `iw` and Yiddish's `ji`).
    static let rightToLeftLanguages: Set<Substring> = [
        "ar", "arc", "ckb", "dv", "fa", "he", "iw", "ji", "ks", "ku_IQ", "nqo", "ps", "sd", "syr", "ug", "ur", "yi",
    ]

    /// The direction `XKIT_LAYOUT_DIRECTION` forces: `rtl` or `ltr`; nil when unset or empty.
    ///
    /// Throws, with the reason, for any other value, so a typo is reported instead of ignored silently.
    public static func forced(_ value: String?) throws(LayoutDirectionSettingError) -> UserInterfaceLayoutDirection? {
        guard let value, !value.isEmpty else { return nil }
        switch value.lowercased() {
        case "rtl": return .rightToLeft
        case "ltr": return .leftToRight
        default: throw LayoutDirectionSettingError(value: value)
        }
    }

    /// The direction of the locale's language of messages.
    ///
    ///     LocaleLayoutDirection.direction(lcAll: nil, lcMessages: nil, lang: "he_IL.UTF-8", language: nil)  // .rightToLeft
    public static func direction(lcAll: String?, lcMessages: String?, lang: String?, language: String?) -> UserInterfaceLayoutDirection {
        let locale = [lcAll, lcMessages, lang].lazy.compactMap { $0 }.first { !$0.isEmpty } ?? ""
        guard !locale.isEmpty, locale != "C", locale != "POSIX", !locale.hasPrefix("C.") else { return .leftToRight }
        let first = language?.split(separator: ":").first { !$0.isEmpty }
        return isRightToLeft(first.map(String.init) ?? locale) ? .rightToLeft : .leftToRight
    }

    /// Whether a locale name (`fa_IR.UTF-8`, `he`, `ku_IQ@sorani`) names a right-to-left language.
    static func isRightToLeft(_ locale: String) -> Bool {
        let name = locale.prefix { $0 != "." && $0 != "@" }
        let language = name.prefix { $0 != "_" }
        return rightToLeftLanguages.contains(language) || rightToLeftLanguages.contains(name)
    }
}

/// An `XKIT_LAYOUT_DIRECTION` value that is neither `rtl` nor `ltr`.
public struct LayoutDirectionSettingError: Error, Equatable, CustomStringConvertible {
    /// The value as given.
    public let value: String

    public var description: String { "XKIT_LAYOUT_DIRECTION=\(value) is not rtl or ltr; following the locale" }
}
