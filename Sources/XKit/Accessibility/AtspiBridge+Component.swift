import XKitCore

/// The Component interface: extents in screen pixels, hit tests and focus.
extension AtspiBridge {
    /// AT-SPI coordinate types.
    private enum CoordinateType: UInt32 { case screen = 0, window = 1, parent = 2 }

    func component(member: String, args: [DBusValue], node: AtspiNode) throws -> [DBusValue] {
        let tree = self.tree
        switch member {
        case "Contains":
            guard args.count == 3, let x = args[0].int32Value, let y = args[1].int32Value, let type = args[2].uint32Value else {
                throw AtspiError.badArguments(member, "iiu")
            }
            let point = screenPoint(x: x, y: y, type: type, node: node)
            return [.bool(tree.frame(of: node).contains(point))]
        case "GetAccessibleAtPoint":
            guard args.count == 3, let x = args[0].int32Value, let y = args[1].int32Value, let type = args[2].uint32Value else {
                throw AtspiError.badArguments(member, "iiu")
            }
            return [reference(tree.node(at: screenPoint(x: x, y: y, type: type, node: node), in: node))]
        case "GetExtents":
            let rect = pixels(relativeFrame(of: node, type: args.first?.uint32Value ?? 0))
            return [.structure(rect.map { .int32($0) })]
        case "GetPosition":
            let rect = pixels(relativeFrame(of: node, type: args.first?.uint32Value ?? 0))
            return [.int32(rect[0]), .int32(rect[1])]
        case "GetSize":
            let rect = pixels(tree.frame(of: node))
            return [.int32(rect[2]), .int32(rect[3])]
        case "GetLayer":
            if case .window = node { return [.uint32(7)] }
            return [.uint32(node.view is MenuView || node.element != nil ? 5 : 3)]
        case "GetMDIZOrder":
            return [.int16(0)]
        case "GetAlpha":
            return [.double(1)]
        case "GrabFocus":
            guard let view = node.view, node.element == nil, let window = view.window else { return [.bool(false)] }
            let focused = window.eventRouter.makeFirstResponder(view)
            application.platform.setNeedsDisplayPass()
            return [.bool(focused)]
        case "SetExtents", "SetPosition", "SetSize", "ScrollTo", "ScrollToPoint":
            return [.bool(false)]
        default:
            throw AtspiError.unknownMethod(Atspi.Interface.component, member)
        }
    }

    /// The node's frame relative to the screen, its window or its parent (logical points).
    private func relativeFrame(of node: AtspiNode, type: UInt32) -> Rect {
        let frame = tree.frame(of: node)
        let origin: Point
        switch CoordinateType(rawValue: type) ?? .screen {
        case .screen: origin = .zero
        case .window: origin = node.window?.screenOrigin ?? .zero
        case .parent: origin = tree.parent(of: node).map { tree.frame(of: $0).origin } ?? .zero
        }
        return frame.offsetBy(dx: -origin.x, dy: -origin.y)
    }

    private func screenPoint(x: Int32, y: Int32, type: UInt32, node: AtspiNode) -> Point {
        let scale = application.scale
        var point = Point(x: Double(x) / scale, y: Double(y) / scale)
        switch CoordinateType(rawValue: type) ?? .screen {
        case .screen: break
        case .window:
            let origin = node.window?.screenOrigin ?? .zero
            point = Point(x: point.x + origin.x, y: point.y + origin.y)
        case .parent:
            let origin = tree.parent(of: node).map { tree.frame(of: $0).origin } ?? .zero
            point = Point(x: point.x + origin.x, y: point.y + origin.y)
        }
        return point
    }

    /// x, y, width, height in device pixels.
    private func pixels(_ rect: Rect) -> [Int32] { AtspiBridge.devicePixels(rect, scale: application.scale) }

    /// A rect (logical points) as x, y, width, height in device pixels; non-finite values become 0.
    static func devicePixels(_ rect: Rect, scale: Double) -> [Int32] {
        [rect.x, rect.y, rect.width, rect.height].map { value in
            let device = (value * scale).rounded()
            return device.isFinite ? Int32(max(-1e9, min(1e9, device))) : 0
        }
    }
}
