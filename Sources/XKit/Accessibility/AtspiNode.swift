import XKitCore

/// One object of the AT-SPI tree: the application, a window, a view, or a part a view draws (a menu item).
@MainActor
enum AtspiNode {
    case application
    case window(Window)
    case view(View)
    case element(View, Int)

    static func == (a: AtspiNode, b: AtspiNode) -> Bool {
        switch (a, b) {
        case (.application, .application): true
        case (.window(let x), .window(let y)): x === y
        case (.view(let x), .view(let y)): x === y
        case (.element(let x, let i), .element(let y, let j)): x === y && i == j
        default: false
        }
    }

    /// The view whose window this node is in (the application has none).
    var window: Window? {
        switch self {
        case .application: nil
        case .window(let window): window
        case .view(let view), .element(let view, _): view.window
        }
    }

    var view: View? {
        switch self {
        case .view(let view), .element(let view, _): view
        default: nil
        }
    }

    /// The element a view draws, when this node is one.
    var element: AccessibilityElement? {
        if case .element(let view, let index) = self, let container = view as? AccessibilityItemContainer {
            return container.accessibilityItemElement(at: index)
        }
        guard case .element(let view, let index) = self,
              let elements = (view as? AccessibilityElementProviding)?.accessibilityElements,
              index >= 0, index < elements.count else { return nil }
        return elements[index]
    }
}

/// The tree the bridge serves, read from the live windows and views on each request.
@MainActor
struct AtspiTree {
    unowned let application: Application
    /// The window that has keyboard focus (FocusIn), if any.
    var activeWindow: Window?

    /// Whether the node still exists: its window open, the view in it and shown, the element in range.
    func isAlive(_ node: AtspiNode) -> Bool {
        switch node {
        case .application:
            return true
        case .window(let window):
            return !window.isClosed && application.windows.contains { $0 === window }
        case .view(let view):
            return isShown(view)
        case .element:
            return node.view.map(isShown) == true && node.element != nil
        }
    }

    private func isShown(_ view: View) -> Bool {
        guard let window = view.window, !window.isClosed else { return false }
        var current: View? = view
        while let v = current {
            if v.isHidden { return false }
            current = v.superview
        }
        return true
    }

    /// Open windows, in creation order.
    var windows: [Window] { application.windows.filter { !$0.isClosed && $0.isMapped } }

    func children(of node: AtspiNode) -> [AtspiNode] {
        switch node {
        case .application:
            return windows.map { .window($0) }
        case .window(let window):
            return AccessibilityNode.exposedChildren(of: window.contentView).map { .view($0) }
        case .view(let view):
            if let container = view as? AccessibilityItemContainer {
                // Only the items with views: a million rows are counted and fetched by index instead.
                return container.accessibilityShownItemIndices.map { child(of: container, at: $0) }
            }
            var views = AccessibilityNode.exposedChildren(of: view)
            if view.effectiveAccessibilityRole == .list {
                // Items in reading order (rows, then left to right), whatever order their views were added in.
                let frames = views.map { $0.convertToScreen($0.bounds) }
                views = views.indices.sorted { a, b in
                    (frames[a].minY, frames[a].minX, a) < (frames[b].minY, frames[b].minX, b)
                }.map { views[$0] }
            }
            var result = views.map { AtspiNode.view($0) }
            if let provider = view as? AccessibilityElementProviding {
                result += provider.accessibilityElements.indices.map { .element(view, $0) }
            }
            return result
        case .element:
            return []
        }
    }

    /// The parent node; nil for the application (its parent is the registry's desktop).
    func parent(of node: AtspiNode) -> AtspiNode? {
        switch node {
        case .application: return nil
        case .window: return .application
        case .view(let view):
            if let parent = AccessibilityNode.exposedParent(of: view) { return .view(parent) }
            return view.window.map { .window($0) }
        case .element(let view, _): return .view(view)
        }
    }

    /// An item of a container: its view when it has one, else an element standing for it.
    func child(of container: AccessibilityItemContainer, at index: Int) -> AtspiNode {
        container.accessibilityItemView(at: index).map { .view($0) } ?? .element(container, index)
    }

    /// How many children a node has, without listing a container's items.
    func childCount(of node: AtspiNode) -> Int {
        if case .view(let view) = node, let container = view as? AccessibilityItemContainer { return container.accessibilityItemCount }
        return children(of: node).count
    }

    /// The child at an index, resolved on demand for a container's items.
    func child(of node: AtspiNode, at index: Int) -> AtspiNode? {
        if case .view(let view) = node, let container = view as? AccessibilityItemContainer {
            return index >= 0 && index < container.accessibilityItemCount ? child(of: container, at: index) : nil
        }
        let children = children(of: node)
        return index >= 0 && index < children.count ? children[index] : nil
    }

    func indexInParent(of node: AtspiNode) -> Int {
        if case .element(let view, let index) = node, view is AccessibilityItemContainer { return index }
        if case .view(let view) = node, let container = view.superview as? AccessibilityItemContainer,
           let index = container.accessibilityIndex(ofItemView: view) {
            return index
        }
        guard let parent = parent(of: node) else { return -1 }
        return children(of: parent).firstIndex { $0 == node } ?? -1
    }

    func name(of node: AtspiNode) -> String {
        switch node {
        case .application: return application.name
        case .window(let window): return window.title
        case .view(let view): return view.accessibilityLabel ?? ""
        case .element: return node.element?.name ?? ""
        }
    }

    func description(of node: AtspiNode) -> String {
        node.view.flatMap { node.element == nil ? $0.accessibilityHint : nil } ?? ""
    }

    func role(of node: AtspiNode) -> Atspi.Role {
        switch node {
        case .application: return .application
        case .window(let window):
            if window.kind.role == .normal { return .frame }
            return window.dialogAccessibilityRole.map(Atspi.Role.init) ?? .window
        case .view(let view): return Atspi.Role(view.effectiveAccessibilityRole)
        case .element: return node.element.map { Atspi.Role($0.role) } ?? .filler
        }
    }

    func states(of node: AtspiNode) -> Set<Atspi.State> {
        switch node {
        case .application:
            return []
        case .window(let window):
            var states: Set<Atspi.State> = [.enabled, .sensitive]
            if window.isMapped { states.formUnion([.showing, .visible]) }
            if window === activeWindow { states.insert(.active) }
            return states
        case .view(let view):
            let node = AccessibilityNode(view: view)
            var states: Set<Atspi.State> = [.showing, .visible]
            if !node.states.contains(.disabled) { states.formUnion([.enabled, .sensitive]) }
            if node.states.contains(.focusable) { states.insert(.focusable) }
            if node.states.contains(.focused) { states.insert(.focused) }
            if node.states.contains(.selected) { states.insert(.selected) }
            if node.states.contains(.editable) { states.insert(.editable) }
            if node.states.contains(.singleLine) { states.insert(.singleLine) }
            if node.states.contains(.multiLine) { states.insert(.multiLine) }
            if node.states.contains(.selectable) { states.insert(.selectableText) }
            if view is TagChip || view is CollectionViewCell { states.insert(.selectable) }
            if view is CollectionView { states.insert(.multiselectable) }
            if node.states.contains(.checked) { states.insert(.checked) }
            if node.states.contains(.indeterminate) { states.insert(.indeterminate) }
            return states
        case .element(let view, let index):
            var states: Set<Atspi.State> = [.enabled, .sensitive, .showing, .visible, .selectable]
            if let container = view as? AccessibilityItemContainer {
                // Rows without views are out of sight.
                states.subtract([.showing, .visible])
                if container.accessibilitySelectedItemIndices.contains(index) { states.insert(.selected) }
            }
            return states
        }
    }

    /// The frame in screen coordinates, logical points.
    func frame(of node: AtspiNode) -> Rect {
        switch node {
        case .application: return .zero
        case .window(let window): return Rect(origin: window.screenOrigin, size: window.size)
        case .view(let view): return view.convertToScreen(view.bounds)
        case .element(let view, _): return node.element.map { view.convertToScreen($0.frame) } ?? .zero
        }
    }

    /// The deepest node containing a screen point (logical points), starting at `node`.
    func node(at point: Point, in node: AtspiNode) -> AtspiNode? {
        for child in children(of: node).reversed() where frame(of: child).contains(point) {
            return self.node(at: point, in: child) ?? child
        }
        return nil
    }
}
