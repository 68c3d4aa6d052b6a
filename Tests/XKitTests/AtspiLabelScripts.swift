/// pyatspi scripts for copyable labels: their Action interface and reading their text by units.
enum AtspiLabelScripts {
    static let copyAndReadByUnits = AtspiScripts.prelude + #"""
    app = find_app("xkit-demo")
    @step(100)
    def copy_price():
        top = by_id(app, "copyable.top")
        action = top.queryAction()
        names = [action.getName(i) for i in range(action.nActions)]
        out["top_actions"] = names
        out["top_copy"] = action.doAction(names.index("copy"))
    @step(400)
    def read_clipboard():
        r = subprocess.run(["xclip", "-o", "-selection", "clipboard"], capture_output=True, timeout=5)
        out["clipboard"] = r.stdout.decode("utf-8", "replace")
    @step(50)
    def read_units():
        ru = by_id(app, "copyable.ru")
        text = ru.queryText()
        whole = text.getText(0, -1)
        out["ru_text"] = whole
        # The word around offset 9 ("надпись" starts at 6) by every API form.
        out["word_at"] = list(text.getTextAtOffset(9, pyatspi.TEXT_BOUNDARY_WORD_START))
        out["word_string"] = list(text.getStringAtOffset(9, pyatspi.TEXT_GRANULARITY_WORD))
        out["word_after"] = list(text.getTextAfterOffset(9, pyatspi.TEXT_BOUNDARY_WORD_START))
        out["sentence"] = list(text.getStringAtOffset(3, pyatspi.TEXT_GRANULARITY_SENTENCE))
        lines, offset = [], 0
        while offset < len(whole) and len(lines) < 50:
            line, start, end = text.getTextAtOffset(offset, pyatspi.TEXT_BOUNDARY_LINE_START)
            lines.append([line, start, end])
            offset = max(end, offset + 1)
        out["lines"] = lines
    run_steps()
    """#
}
