/// Converting points and rects between views, the window and the screen.
extension View {
    /// Converts a point from this view's coordinates to another view's (nil: the window's).
    public func convert(_ point: Point, to view: View?) -> Point {
        let inWindow = convertToWindow(point)
        guard let view else { return inWindow }
        return view.convertFromWindow(inWindow)
    }

    /// Converts a point from another view's coordinates (nil: the window's) to this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        let inWindow = view?.convertToWindow(point) ?? point
        return convertFromWindow(inWindow)
    }

    /// Converts a rect from this view's coordinates to another view's (nil: the window's).
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        Rect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// Converts a rect from another view's coordinates (nil: the window's) to this view's.
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        Rect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    /// A rect in this view's coordinates as trace JSON: root-window device pixels, what xdotool uses.
    package func traceRect(_ rect: Rect) -> JSON {
        .rect(convertToScreen(rect), scale: window?.scale ?? 1)
    }

    /// A rect in this view's coordinates, in root-window (screen) coordinates (logical points).
    public func convertToScreen(_ rect: Rect) -> Rect {
        let r = convert(rect, to: nil)
        let origin = window?.screenOrigin ?? .zero
        return r.offsetBy(dx: origin.x, dy: origin.y)
    }

    fileprivate func convertToWindow(_ point: Point) -> Point {
        var p = point
        var view: View? = self
        while let v = view {
            p = Point(x: p.x - v.boundsOrigin.x + v.frame.x, y: p.y - v.boundsOrigin.y + v.frame.y)
            view = v.superview
        }
        return p
    }

    fileprivate func convertFromWindow(_ point: Point) -> Point {
        var chain: [View] = []
        var view: View? = self
        while let v = view { chain.append(v); view = v.superview }
        var p = point
        for v in chain.reversed() {
            p = Point(x: p.x - v.frame.x + v.boundsOrigin.x, y: p.y - v.frame.y + v.boundsOrigin.y)
        }
        return p
    }
}
