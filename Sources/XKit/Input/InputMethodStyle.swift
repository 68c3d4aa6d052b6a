import CX11

/// How the composition is shown, best first, as GTK and Qt choose it.
enum InputMethodStyle: String, CaseIterable {
    /// On-the-spot (`XIMPreeditCallbacks`): the IM reports the composition and XKit draws it inline.
    case onTheSpot = "on-the-spot"
    /// Over-the-spot (`XIMPreeditPosition`): the IM draws it in its own window at the caret.
    case overTheSpot = "over-the-spot"
    /// Root (`XIMPreeditNothing`): the IM shows it wherever it likes (often nowhere).
    case root

    var preeditBits: [XIMStyle] {
        switch self {
        case .onTheSpot: return [XIMStyle(XIMPreeditCallbacks)]
        case .overTheSpot: return [XIMStyle(XIMPreeditPosition)]
        case .root: return [XIMStyle(XIMPreeditNothing), XIMStyle(XIMPreeditNone)]
        }
    }

    /// The best supported style, starting at `preferred` (XKIT_IM_STYLE, for tests); status
    /// shown nowhere if possible, else through callbacks that are accepted and ignored.
    static func choose(from supported: [XIMStyle], preferred: InputMethodStyle? = nil) -> (InputMethodStyle, XIMStyle)? {
        let order = preferred.map { p in allCases.drop { $0 != p } } ?? allCases[...]
        let statusOrder = [XIMStyle(XIMStatusNothing), XIMStyle(XIMStatusNone), XIMStyle(XIMStatusCallbacks)]
        for kind in order {
            for preedit in kind.preeditBits {
                for status in statusOrder where supported.contains(preedit | status) {
                    return (kind, preedit | status)
                }
            }
        }
        return nil
    }
}
