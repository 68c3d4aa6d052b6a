import Testing
@_spi(Platform) import XKitCore
import XKitHeadless

/// ScrollView on the headless platform: offsets, wheel and smooth deltas, the scroll bars, page keys and Tab.
@MainActor
@Suite struct ScrollViewTests {
    /// A 200×100 scroll view at (10, 10) in a window, with content 600 tall.
    private func scrolling(contentHeight: Double = 600, contentWidth: Double = 200) -> (HeadlessScene, ScrollView) {
        let scene = HeadlessScene()
        let scroll = ScrollView(frame: Rect(x: 10, y: 10, width: 200, height: 100))
        scroll.contentSize = Size(width: contentWidth, height: contentHeight)
        scene.root.addSubview(scroll)
        scene.platform.displayPass()
        return (scene, scroll)
    }

    private func focusable(_ frame: Rect) -> View {
        let view = View(frame: frame)
        view.isFocusable = true
        return view
    }

    private func wheel(_ scene: HeadlessScene, _ button: PointerButton, at point: Point = Point(x: 50, y: 50),
                       modifiers: Modifiers = []) {
        scene.platform.send(PointerEvent(kind: .scroll, location: point, button: button, modifiers: modifiers,
                                         time: scene.platform.clock.now), to: scene.window)
    }

    @Test func theOffsetIsClampedToTheContentAndNaNIsRefused() {
        let (_, scroll) = scrolling()
        scroll.contentOffset = Point(x: 30, y: 250.4)
        #expect(scroll.contentOffset == Point(x: 0, y: 250))
        scroll.contentOffset = Point(x: 0, y: 10_000)
        #expect(scroll.contentOffset.y == 500)
        scroll.contentOffset = Point(x: 0, y: .nan)
        #expect(scroll.contentOffset.y == 500)
        scroll.contentOffset = Point(x: 0, y: -.infinity)
        #expect(scroll.contentOffset.y == 0)
        scroll.contentOffset = Point(x: 0, y: 400)
        scroll.contentSize = Size(width: 200, height: 300)
        #expect(scroll.contentOffset.y == 200, "a smaller content pulls the offset back")
        scroll.contentSize = Size(width: .nan, height: -5)
        #expect(scroll.contentSize == .zero)
        #expect(scroll.contentOffset == .zero)
    }

    @Test func theWheelScrollsByAStepAndShiftTurnsItSideways() {
        let (scene, scroll) = scrolling(contentWidth: 500)
        var reported: [Point] = []
        scroll.onScroll = { reported.append($0) }
        wheel(scene, .scrollDown)
        #expect(scroll.contentOffset == Point(x: 0, y: 48))
        wheel(scene, .scrollUp)
        wheel(scene, .scrollUp)
        #expect(scroll.contentOffset == .zero)
        wheel(scene, .scrollDown, modifiers: .shift)
        #expect(scroll.contentOffset == Point(x: 48, y: 0))
        wheel(scene, .scrollRight)
        #expect(scroll.contentOffset == Point(x: 96, y: 0))
        #expect(reported == [Point(x: 0, y: 48), .zero, Point(x: 48, y: 0), Point(x: 96, y: 0)])
    }

    @Test func smoothDeltasScrollByTheirDistance() {
        let (scene, scroll) = scrolling()
        scene.platform.send(PointerEvent(kind: .scroll, location: Point(x: 50, y: 50), time: 0,
                                         scrollDelta: Point(x: 0, y: 7)), to: scene.window)
        scene.platform.send(PointerEvent(kind: .scroll, location: Point(x: 50, y: 50), time: 0,
                                         scrollDelta: Point(x: 0, y: 13)), to: scene.window)
        #expect(scroll.contentOffset.y == 20)
    }

    @Test func aWheelTheContentCannotUseGoesToTheOuterScrollView() {
        let (scene, outer) = scrolling(contentHeight: 1000)
        let inner = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 50))
        inner.contentSize = Size(width: 200, height: 50)
        outer.addSubview(inner)
        wheel(scene, .scrollDown, at: Point(x: 30, y: 30))
        #expect(outer.contentOffset.y == 48)
        inner.contentSize = Size(width: 200, height: 500)
        outer.contentOffset = .zero
        wheel(scene, .scrollDown, at: Point(x: 30, y: 30))
        #expect(inner.contentOffset.y == 48)
        #expect(outer.contentOffset.y == 0)
    }

    @Test func scrollBarsAppearOnlyWhenTheContentIsLargerAndStayOnTop() {
        let (scene, scroll) = scrolling(contentHeight: 100)
        #expect(scroll.verticalScrollBar.isHidden && scroll.horizontalScrollBar.isHidden)
        scroll.contentSize = Size(width: 200, height: 400)
        #expect(!scroll.verticalScrollBar.isHidden && scroll.horizontalScrollBar.isHidden)
        scroll.addSubview(View(frame: Rect(x: 0, y: 0, width: 200, height: 400)))
        #expect(scroll.subviews.suffix(2).allSatisfy { $0 is ScrollBar })
        scroll.contentOffset = Point(x: 0, y: 150)
        scene.platform.displayPass()
        let bar = scroll.verticalScrollBar
        #expect(bar.frame == Rect(x: 188, y: 154, width: 10, height: 92), "it follows the offset, at the trailing edge")
        #expect(bar.offset == 150 && bar.maximumOffset == 300)
        #expect(scene.root.hitTest(Point(x: 10 + 193, y: 10 + 50)) === bar)
        scroll.contentSize = Size(width: 600, height: 400)
        #expect(!scroll.horizontalScrollBar.isHidden)
    }

    @Test func draggingTheThumbScrollsInProportion() {
        let (scene, scroll) = scrolling(contentHeight: 400)
        let bar = scroll.verticalScrollBar
        let thumb = bar.convert(bar.thumbRect, to: nil)
        let start = Point(x: thumb.midX, y: thumb.midY)
        scene.press(at: start)
        // The track is 88 tall and the thumb 24 at least, so 64 px of travel cover the 300 px offset.
        scene.platform.send(PointerEvent(kind: .moved, location: Point(x: start.x, y: start.y + 32), buttonsDown: [.primary],
                                         time: scene.platform.clock.now), to: scene.window)
        scene.release(at: Point(x: start.x, y: start.y + 32))
        let travel = bar.bounds.height - 4 - bar.thumbRect.height
        #expect(abs(scroll.contentOffset.y - 32 * 300 / travel) <= 1)
    }

    @Test func pageKeysScrollWhileAViewInsideHasFocus() {
        let (scene, scroll) = scrolling()
        let field = focusable(Rect(x: 0, y: 0, width: 50, height: 20))
        scroll.addSubview(field)
        #expect(field.becomeFirstResponder())
        scene.key(.pageDown)
        #expect(scroll.contentOffset.y == 90)
        scene.key(.end)
        #expect(scroll.contentOffset.y == 500)
        scene.key(.pageUp)
        #expect(scroll.contentOffset.y == 410)
        scene.key(.home)
        #expect(scroll.contentOffset.y == 0)
    }

    @Test func pageKeysPassWhenNothingInsideHasFocus() {
        let (scene, scroll) = scrolling()
        let outside = focusable(Rect(x: 250, y: 10, width: 50, height: 20))
        scene.root.addSubview(outside)
        #expect(outside.becomeFirstResponder())
        scene.key(.pageDown)
        #expect(scroll.contentOffset.y == 0)
    }

    @Test func scrollRectToVisibleMovesAsLittleAsPossible() {
        let (_, scroll) = scrolling()
        scroll.scrollRectToVisible(Rect(x: 0, y: 150, width: 10, height: 20))
        #expect(scroll.contentOffset.y == 70, "the rect's bottom meets the view's bottom")
        scroll.scrollRectToVisible(Rect(x: 0, y: 100, width: 10, height: 20))
        #expect(scroll.contentOffset.y == 70, "already visible: no move")
        scroll.scrollRectToVisible(Rect(x: 0, y: 30, width: 10, height: 20), margin: 4)
        #expect(scroll.contentOffset.y == 26)
    }

    @Test func tabScrollsTheNewlyFocusedViewIntoSight() {
        let (scene, scroll) = scrolling()
        let fields = (0..<5).map { focusable(Rect(x: 10, y: Double($0) * 120, width: 100, height: 24)) }
        fields.forEach(scroll.addSubview)
        scene.key(.tab)
        #expect(fields[0].isFirstResponder && scroll.contentOffset.y == 0)
        scene.key(.tab)
        scene.key(.tab)
        #expect(fields[2].isFirstResponder)
        #expect(scroll.contentOffset.y == 240 + 24 + 4 - 100)
        scene.key(.tab, modifiers: .shift)
        #expect(scroll.contentOffset.y == 120 - 4)
    }

    @Test func clicksReachTheContentWhereItIsDrawnAfterScrolling() {
        let (scene, scroll) = scrolling()
        let row = View(frame: Rect(x: 0, y: 400, width: 200, height: 40))
        var taps = 0
        row.onTap { _ in taps += 1 }
        scroll.addSubview(row)
        scroll.contentOffset = Point(x: 0, y: 380)
        scene.platform.displayPass()
        scene.click(at: Point(x: 50, y: 10 + 30))
        #expect(taps == 1)
    }
}
