/// The find bar a text view shows at its top right on Ctrl+F: a query field and a status label.
///
/// Enter or F3 goes to the next match, Shift+Enter or Shift+F3 to the previous one, Escape closes
/// the bar and gives the focus back to the text view (`TextView+Find`).
@MainActor
public final class TextViewFindBar: View {
    /// Where the query is typed.
    public let field = TextField(placeholder: "Find")
    /// "2 of 5" (the match shown, of all: counted up to `TextView.findCountLimit` characters) or "No matches".
    public let status = Label(text: "", font: .system(size: 12), textColor: .secondaryLabel)

    /// The bar's size at the scale of the text view's font.
    static let size = Size(width: 300, height: 34)

    /// A bar with an empty query; the text view places it.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = .controlBackground
        borderColor = .separator
        borderWidth = 1
        cornerRadius = 6
        field.frame = Rect(x: 4, y: 3, width: 196, height: 28)
        status.frame = Rect(x: 206, y: 8, width: 90, height: 18)
        addSubview(field)
        addSubview(status)
    }

    /// "TextViewFindBar" in the trace.
    public override var traceType: String { "TextViewFindBar" }
}
