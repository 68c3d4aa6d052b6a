import Testing
@testable import XKitCore

@Suite struct MenuPlacementTests {
    let screen = Rect(x: 0, y: 0, width: 1000, height: 800)
    let content = Size(width: 200, height: 40)

    @Test func opensAboveWithTheArrowAtTheTargetsCentre() {
        let p = MenuPlacement(target: Rect(x: 400, y: 300, width: 100, height: 20), contentSize: content, screen: screen)
        #expect(p.pointsDown)
        #expect(p.frame == Rect(x: 350, y: 251, width: 200, height: 47))
        #expect(p.bodyRect == Rect(x: 0, y: 0, width: 200, height: 40))
        #expect(p.arrowX == 100)
        #expect(p.arrowTip == Point(x: 100, y: 47))
        #expect(p.frame.maxY + 2 == 300, "gap between the tip and the target")
    }

    @Test func flipsBelowNearTheTopEdge() {
        let p = MenuPlacement(target: Rect(x: 400, y: 20, width: 100, height: 20), contentSize: content, screen: screen)
        #expect(p.arrowDirection == .up)
        #expect(p.frame == Rect(x: 350, y: 42, width: 200, height: 47))
        #expect(p.bodyRect == Rect(x: 0, y: 7, width: 200, height: 40))
        #expect(p.arrowTip == Point(x: 100, y: 0))
    }

    @Test func clampedAtTheLeftEdgeWithTheArrowStillOnTheTarget() {
        let target = Rect(x: 20, y: 300, width: 40, height: 20)
        let p = MenuPlacement(target: target, contentSize: content, screen: screen)
        #expect(p.frame.minX == 8)
        #expect(p.frame.minX + p.arrowX == target.midX)
    }

    @Test func clampedAtTheRightEdgeWithTheArrowStillOnTheTarget() {
        let target = Rect(x: 950, y: 300, width: 40, height: 20)
        let p = MenuPlacement(target: target, contentSize: content, screen: screen)
        #expect(p.frame.maxX == 992)
        #expect(p.frame.minX + p.arrowX == target.midX)
    }

    @Test func arrowStaysClearOfTheRoundedCorners() {
        let target = Rect(x: 0, y: 300, width: 4, height: 20)
        let p = MenuPlacement(target: target, contentSize: content, screen: screen, cornerRadius: 8)
        #expect(p.arrowX == 8 + 6)
        let right = MenuPlacement(target: Rect(x: 996, y: 300, width: 4, height: 20), contentSize: content, screen: screen)
        #expect(right.arrowX == 200 - 14)
    }

    @Test func screenOriginIsRespected() {
        let second = Rect(x: 1920, y: 100, width: 800, height: 600)
        let p = MenuPlacement(target: Rect(x: 1925, y: 105, width: 30, height: 20), contentSize: content, screen: second)
        #expect(p.arrowDirection == .up)
        #expect(p.frame.minX == 1928)
        #expect(p.frame.minY == 127)
    }

    @Test func tinyScreenKeepsTheMenuOnScreen() {
        let tiny = Rect(x: 0, y: 0, width: 100, height: 60)
        let p = MenuPlacement(target: Rect(x: 40, y: 20, width: 20, height: 20), contentSize: content, screen: tiny)
        #expect(p.frame.minX >= 0 && p.frame.maxX <= 100)
        #expect(p.frame.minY >= 0 && p.frame.maxY <= 60)
        #expect(p.frame.width == 84)
        #expect(p.bodyRect.height + p.arrowSize.height == p.frame.height)
        #expect(p.arrowX >= 0 && p.arrowX <= p.frame.width)
        let absurd = MenuPlacement(target: .zero, contentSize: content, screen: Rect(x: 0, y: 0, width: 4, height: 3))
        #expect(absurd.frame.width >= 0 && absurd.frame.height >= 0)
        #expect(absurd.frame.maxX <= 4 && absurd.frame.maxY <= 3)
    }

    @Test func targetTallerThanTheScreenPicksTheRoomierSide() {
        let p = MenuPlacement(target: Rect(x: 100, y: 100, width: 200, height: 900), contentSize: content, screen: screen)
        #expect(p.pointsDown)
        #expect(p.frame.minY == 51)
    }
}

@Suite struct MenuLayoutTests {
    @Test func itemsSitInARowWithDividers() {
        let layout = MenuLayout(titleWidths: [30, 50, 10])
        #expect(layout.itemFrames == [Rect(x: 0, y: 0, width: 54, height: 32),
                                      Rect(x: 55, y: 0, width: 74, height: 32),
                                      Rect(x: 130, y: 0, width: 44, height: 32)])
        #expect(layout.dividerFrames == [Rect(x: 54, y: 0, width: 1, height: 32), Rect(x: 129, y: 0, width: 1, height: 32)])
        #expect(layout.titleFrames[2] == Rect(x: 147, y: 0, width: 10, height: 32), "centred in its minimum width")
        #expect(layout.size == Size(width: 174, height: 32))
        #expect(layout.isTruncated == [false, false, false])
    }

    @Test func hitTestingCoversDividers() {
        let layout = MenuLayout(titleWidths: [30, 50])
        #expect(layout.item(at: Point(x: 10, y: 10)) == 0)
        #expect(layout.item(at: Point(x: 54.5, y: 10)) == 0)
        #expect(layout.item(at: Point(x: 55, y: 10)) == 1)
        #expect(layout.item(at: Point(x: 128, y: 31)) == 1)
        #expect(layout.item(at: Point(x: 129, y: 10)) == nil)
        #expect(layout.item(at: Point(x: 10, y: -1)) == nil)
    }

    @Test func narrowMaximumTruncatesTheWidestTitlesFirst() {
        let layout = MenuLayout(titleWidths: [30, 300, 200], maximumWidth: 300)
        #expect(layout.size.width <= 300 + 1e-9)
        #expect(layout.isTruncated == [false, true, true])
        #expect(layout.itemFrames[0].width == 54)
        #expect(abs(layout.itemFrames[1].width - layout.itemFrames[2].width) < 1e-9)
    }

    @Test func arrowKeysInBothAxesMoveTheHighlight() {
        let layout = MenuLayout(titleWidths: [30, 30, 30])
        for key in [Key.right, .down] {
            #expect(layout.highlight(from: nil, moving: MenuNavigation(key: key) ?? .first) == 0)
            #expect(layout.highlight(from: 0, moving: MenuNavigation(key: key) ?? .first) == 1)
            #expect(layout.highlight(from: 2, moving: MenuNavigation(key: key) ?? .first) == 0)
        }
        for key in [Key.left, .up] {
            #expect(layout.highlight(from: nil, moving: MenuNavigation(key: key) ?? .first) == 2)
            #expect(layout.highlight(from: 0, moving: MenuNavigation(key: key) ?? .first) == 2)
        }
        #expect(MenuNavigation(key: .home) == .first)
        #expect(MenuNavigation(key: .end) == .last)
        #expect(MenuNavigation(key: .enter) == nil)
    }

    @Test func highlightSkipsDisabledItems() {
        let layout = MenuLayout(titleWidths: [30, 30, 30])
        #expect(layout.highlight(from: 0, moving: .next, isEnabled: { $0 != 1 }) == 2)
        #expect(layout.highlight(from: nil, moving: .last, isEnabled: { $0 != 2 }) == 1)
        #expect(layout.highlight(from: 0, moving: .next, isEnabled: { _ in false }) == nil)
        #expect(MenuLayout(titleWidths: []).highlight(from: nil, moving: .next) == nil)
    }
}
