import XKitCore

/// Writes the `views` trace event: every view with its frame in root-window coordinates.
@MainActor
enum ViewTreeTrace {
    static func emit(window: Window) {
        var views: [JSON] = []
        func walk(_ view: View) {
            var fields: [(String, JSON)] = []
            if let id = view.identifier { fields.append(("id", .string(id))) }
            fields.append(("type", .string(view.traceType)))
            fields.append(("frame", view.traceRect(view.bounds)))
            if view.isHidden { fields.append(("hidden", .bool(true))) }
            fields += view.traceFields()
            for contributor in View.traceContributors { fields += contributor(view) }
            views.append(.object(fields))
            for sub in view.subviews { walk(sub) }
        }
        walk(window.contentView)
        Trace.emit("views", [("title", .string(window.title)), ("views", .array(views))])
    }
}
