import Testing
@_spi(Platform) @testable import XKitCore
import XKitHeadless

/// The interface's layout direction with no display: the locale rules, the trait and its
/// overrides, and every row of controls mirrored in a right-to-left interface.
@MainActor
@Suite struct LayoutDirectionTests {
    private static let rtl = TraitCollection(layoutDirection: .rightToLeft)

    private func rightToLeftScene(size: Size = Size(width: 400, height: 300)) -> HeadlessScene {
        let scene = HeadlessScene(size: size)
        scene.app.frameClock.animationsEnabledOverride = false
        scene.app.desktopTraitCollectionDidChange(Self.rtl)
        return scene
    }

    private func fills(of view: View) -> [Rect] {
        let recorder = RecordingRenderer()
        view.draw(in: recorder)
        return recorder.calls.compactMap { if case .fill(let rect, _) = $0 { rect } else { nil } }
    }

    // MARK: The locale

    @Test func aRightToLeftLanguageOfMessagesMakesTheInterfaceRightToLeft() {
        func direction(lcAll: String? = nil, lcMessages: String? = nil, lang: String?, language: String? = nil) -> UserInterfaceLayoutDirection {
            LocaleLayoutDirection.direction(lcAll: lcAll, lcMessages: lcMessages, lang: lang, language: language)
        }
        for rtl in ["he_IL.UTF-8", "ar_EG.UTF-8", "fa_IR", "ur_PK.UTF-8", "ckb_IQ.UTF-8", "yi_US.UTF-8", "ku_IQ.UTF-8", "iw"] {
            #expect(direction(lang: rtl) == .rightToLeft, "\(rtl)")
        }
        for ltr in ["vi_VN.UTF-8", "ru_RU.UTF-8", "ja_JP.UTF-8", "ko_KR.UTF-8", "en_US.UTF-8", "ku_TR.UTF-8", "hu_HU", "C.UTF-8", "POSIX", ""] {
            #expect(direction(lang: ltr) == .leftToRight, "\(ltr)")
        }
        #expect(direction(lang: nil) == .leftToRight)
        // LC_ALL outranks LC_MESSAGES, which outranks LANG.
        #expect(direction(lcAll: "en_US.UTF-8", lcMessages: "he_IL.UTF-8", lang: "he_IL.UTF-8") == .leftToRight)
        #expect(direction(lcMessages: "ar_SA.UTF-8", lang: "en_US.UTF-8") == .rightToLeft)
        // LANGUAGE's first entry is the language of messages, unless the locale is C.
        #expect(direction(lang: "en_US.UTF-8", language: "fa:en") == .rightToLeft)
        #expect(direction(lang: "he_IL.UTF-8", language: "en_GB:he") == .leftToRight)
        #expect(direction(lang: "C", language: "he") == .leftToRight)
    }

    @Test func xkitLayoutDirectionForcesEitherWayAndATypoIsReported() throws {
        #expect(try LocaleLayoutDirection.forced("rtl") == .rightToLeft)
        #expect(try LocaleLayoutDirection.forced("LTR") == .leftToRight)
        #expect(try LocaleLayoutDirection.forced(nil) == nil)
        #expect(try LocaleLayoutDirection.forced("") == nil)
        #expect(throws: LayoutDirectionSettingError(value: "sideways")) { try LocaleLayoutDirection.forced("sideways") }
        #expect(LayoutDirectionSettingError(value: "sideways").description
            == "XKIT_LAYOUT_DIRECTION=sideways is not rtl or ltr; following the locale")
    }

    // MARK: The trait

    @Test func theDesktopsDirectionReachesEveryViewAndAForcedSubtreeKeepsItsOwn() {
        let scene = HeadlessScene()
        let card = View(), inner = View(), transport = View(), button = View()
        card.addSubview(inner)
        transport.addSubview(button)
        scene.root.addSubview(card)
        scene.root.addSubview(transport)
        #expect(scene.app.userInterfaceLayoutDirection == .leftToRight)
        #expect(inner.effectiveUserInterfaceLayoutDirection == .leftToRight)
        scene.app.desktopTraitCollectionDidChange(Self.rtl)
        #expect(scene.app.userInterfaceLayoutDirection == .rightToLeft)
        #expect(scene.window.traitCollection.layoutDirection == .rightToLeft)
        #expect(inner.traitCollection.layoutDirection == .rightToLeft)
        // A forced direction holds for the whole subtree; playback content only for the view itself.
        card.semanticContentAttribute = .forceLeftToRight
        #expect(inner.effectiveUserInterfaceLayoutDirection == .leftToRight)
        transport.semanticContentAttribute = .playback
        #expect(transport.effectiveUserInterfaceLayoutDirection == .leftToRight)
        #expect(button.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        // The style override and the direction override are independent.
        card.overrideUserInterfaceStyle = .dark
        #expect(inner.traitCollection == TraitCollection(userInterfaceStyle: .dark, layoutDirection: .leftToRight))
    }

    @Test func aDirectionChangeTellsOnlyTheViewsWhoseDirectionMovedAndRelaysThemOut() {
        final class Watcher: View {
            var previous: [TraitCollection?] = []
            override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
                previous.append(previousTraitCollection)
            }
        }
        let scene = HeadlessScene()
        let free = Watcher(), pinned = View(), pinnedChild = Watcher()
        pinned.semanticContentAttribute = .forceLeftToRight
        pinned.addSubview(pinnedChild)
        scene.root.addSubview(free)
        scene.root.addSubview(pinned)
        scene.platform.displayPass()
        scene.app.desktopTraitCollectionDidChange(Self.rtl)
        #expect(free.previous == [TraitCollection()])
        #expect(pinnedChild.previous.isEmpty, "its direction is forced, so nothing moved for it")
        pinned.semanticContentAttribute = .unspecified
        #expect(pinnedChild.previous == [TraitCollection()])
        #expect(pinnedChild.traitCollection.layoutDirection == .rightToLeft)
    }

    // MARK: Controls

    @Test func aSegmentedControlPutsItsFirstSegmentOnTheRightAndLeftMovesToTheNext() {
        let scene = rightToLeftScene()
        let control = scene.show(SegmentedControl(items: ["Day", "Week", "Month"]), at: Rect(x: 10, y: 10, width: 300, height: 28))
        #expect(control.segmentFrame(at: 0) == Rect(x: 200, y: 0, width: 100, height: 28))
        #expect(control.segmentFrame(at: 2) == Rect(x: 0, y: 0, width: 100, height: 28))
        scene.click(at: Point(x: 10 + 250, y: 24))
        #expect(control.selectedSegmentIndex == 0, "the rightmost segment is the first")
        #expect(control.becomeFirstResponder())
        scene.key(.left)
        #expect(control.selectedSegmentIndex == 1)
        scene.key(.right)
        #expect(control.selectedSegmentIndex == 0)
        // Its labels sit in the mirrored segments too.
        let labels = control.subviews.compactMap { $0 as? Label }
        #expect(labels.first?.text == "Day" && (labels.first?.frame.minX ?? 0) > 200)
    }

    @Test func aLiveSwitchToRightToLeftMirrorsASegmentedControlAlreadyOnScreen() {
        let scene = HeadlessScene()
        let control = scene.show(SegmentedControl(items: ["A", "B"]), at: Rect(x: 0, y: 0, width: 200, height: 28))
        let label = control.subviews.compactMap { $0 as? Label }.first
        #expect((label?.frame.minX ?? 999) < 100)
        scene.app.desktopTraitCollectionDidChange(Self.rtl)
        scene.platform.displayPass()
        #expect((label?.frame.minX ?? 0) > 100, "the layout ran again in the new direction")
    }

    @Test func aTabBarRunsFromTheRightAndItsArrowsFollow() {
        let scene = rightToLeftScene()
        let tabs = TabBarController()
        final class Screen: ViewController {}
        let screens = ["Inbox", "Contacts", "Settings"].map { t -> Screen in let s = Screen(); s.title = t; return s }
        tabs.viewControllers = screens
        scene.window.rootViewController = tabs
        scene.platform.displayPass()
        let bar = tabs.tabBar
        #expect(bar.tabFrame(at: 0).maxX == 400)
        #expect(bar.tabFrame(at: 2).minX == 0)
        let third = bar.convert(Point(x: bar.tabFrame(at: 2).midX, y: 10), to: nil)
        scene.click(at: third)
        #expect(tabs.selectedIndex == 2)
        #expect(scene.eventRouter.makeFirstResponder(bar))
        scene.key(.right)
        #expect(tabs.selectedIndex == 1, "Right goes towards the first tab")
    }

    @Test func aNavigationBarMirrorsAndAltRightGoesBack() throws {
        let scene = rightToLeftScene()
        final class Screen: ViewController {}
        let root = Screen(), detail = Screen()
        root.title = "Settings"
        detail.title = "About"
        var pressed = 0
        detail.navigationItem.rightBarButtonItems = [BarButtonItem(title: "Done", style: .done) { _ in pressed += 1 }]
        let navigation = NavigationController(rootViewController: root)
        scene.window.rootViewController = navigation
        navigation.pushViewController(detail, animated: false)
        scene.platform.displayPass()
        let bar = navigation.navigationBar
        #expect(bar.backButton.frame.maxX == 400 - 8, "the back button is on the right")
        #expect(bar.backButton.titleLabel.baseWritingDirection == .rightToLeft, "so its chevron mirrors and leads")
        let done = try #require(bar.rightButtons.first)
        #expect(done.frame.minX == 8, "the trailing items are on the left")
        let frame = done.convert(done.bounds, to: nil)
        scene.click(at: Point(x: frame.midX, y: frame.midY))
        #expect(pressed == 1)
        scene.key(.left, modifiers: .alt)
        #expect(navigation.viewControllers.count == 2, "Alt+Left points forward in a right-to-left interface")
        scene.key(.right, modifiers: .alt)
        #expect(navigation.viewControllers.count == 1)
    }

    @Test func aSliderStartsOnTheRightAndLeftRaisesIt() {
        let scene = rightToLeftScene()
        let slider = scene.show(Slider(minimumValue: 0, maximumValue: 100, value: 0), at: Rect(x: 10, y: 10, width: 200, height: 28))
        #expect(slider.knobRect.maxX == 200, "the minimum is at the right end")
        #expect(slider.becomeFirstResponder())
        scene.key(.left)
        #expect(slider.value == 1)
        scene.key(.right)
        #expect(slider.value == 0)
        // A click near the left end is near the maximum.
        scene.click(at: Point(x: 10 + 20, y: 24))
        #expect(slider.value > 90)
        // The filled track runs from the knob to the right end.
        let knob = slider.knobRect
        #expect(fills(of: slider).contains { abs($0.minX - knob.midX) < 0.01 && abs($0.maxX - (200 - 10)) < 0.01 })
    }

    @Test func aSwitchThatIsOnHasItsKnobOnTheLeftAndProgressGrowsFromTheRight() {
        let scene = rightToLeftScene()
        let toggle = scene.show(Switch(), at: Rect(x: 0, y: 0, width: 44, height: 24))
        toggle.isOn = true
        let knob = fills(of: toggle).last
        #expect(knob.map { $0.minX == 2 } == true, "on is at the trailing end: the left")
        let progress = scene.show(ProgressView(), at: Rect(x: 0, y: 40, width: 200, height: 4))
        progress.setProgress(0.25, animated: false)
        #expect(fills(of: progress).last == Rect(x: 150, y: 0, width: 50, height: 4))
    }

    @Test func aStackRunsFromTheRightAndItsLeadingEdgeIsTheRight() {
        let scene = rightToLeftScene()
        final class Fixed: View { override func sizeThatFits(_ size: Size) -> Size { frame.size } }
        let first = Fixed(frame: Rect(x: 0, y: 0, width: 40, height: 20)), second = Fixed(frame: Rect(x: 0, y: 0, width: 60, height: 20))
        let row = scene.show(StackView(axis: .horizontal, spacing: 10, alignment: .center, [first, second]),
                             at: Rect(x: 0, y: 0, width: 300, height: 40))
        row.layoutSubviews()
        #expect(first.frame == Rect(x: 260, y: 10, width: 40, height: 20))
        #expect(second.frame == Rect(x: 190, y: 10, width: 60, height: 20))
        let top = Fixed(frame: Rect(x: 0, y: 0, width: 40, height: 20))
        let column = scene.show(StackView(axis: .vertical, spacing: 0, alignment: .leading, [top]), at: Rect(x: 0, y: 50, width: 300, height: 40))
        column.layoutSubviews()
        #expect(top.frame.maxX == 300)
    }

    @Test func aNaturallyAlignedLabelSitsOnTheRightUnlessItSetsItsOwnDirection() {
        let scene = HeadlessScene()
        let label = scene.show(Label(text: "Name"), at: Rect(x: 0, y: 0, width: 200, height: 20))
        let pinned = scene.show(Label(text: "+1 555 0100"), at: Rect(x: 0, y: 30, width: 200, height: 20))
        pinned.baseWritingDirection = .leftToRight
        #expect(label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 1).minX == 0)
        scene.app.desktopTraitCollectionDidChange(Self.rtl)
        scene.platform.displayPass()
        #expect(label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 1).maxX == 200, "the leading edge is the right")
        #expect(pinned.textRect(forBounds: pinned.bounds, limitedToNumberOfLines: 1).minX == 0)
        label.textAlignment = .left
        #expect(label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 1).minX == 0, "an explicit alignment holds")
    }

    @Test func anEmptyFieldWaitsOnTheRightAndTagChipsRunFromTheRight() throws {
        let scene = rightToLeftScene()
        let field = scene.show(TextField(placeholder: "Name"), at: Rect(x: 0, y: 0, width: 200, height: 28))
        #expect(field.resolvedWritingDirection == .rightToLeft)
        let recorder = RecordingRenderer()
        field.draw(in: recorder)
        let placeholder = recorder.calls.compactMap { call -> Point? in
            switch call {
            case .text(_, _, _, let at), .glyphs(_, _, _, _, let at): at
            default: nil
            }
        }.first
        #expect((placeholder?.x ?? 0) > 100, "the placeholder sits where the caret waits: \(String(describing: placeholder))")
        field.baseWritingDirection = .leftToRight
        #expect(field.resolvedWritingDirection == .leftToRight)

        let tags = scene.show(TagInputView(), at: Rect(x: 0, y: 40, width: 300, height: 80))
        tags.tags = [Tag(title: "one"), Tag(title: "two")]
        scene.platform.displayPass()
        let cells = tags.collectionView.visibleCells.sorted { ($0.indexPath?.item ?? 0) < ($1.indexPath?.item ?? 0) }
        let first = try #require(cells.first), second = try #require(cells.dropFirst().first)
        #expect(first.frame.minX > second.frame.minX, "the first chip is rightmost")
        #expect(first.frame.maxX > 250)
    }

    @Test func anAlertsButtonsRunFromTheRight() throws {
        let scene = rightToLeftScene()
        let root = ViewController()
        scene.window.rootViewController = root
        scene.platform.displayPass()
        let alert = AlertController(title: "Delete all tags?", message: nil, preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(AlertAction(title: "Delete", style: .destructive))
        root.present(alert, animated: false)
        scene.platform.advance(by: 0.5)
        let buttons = try #require((alert.view as? AlertView)?.buttons)
        #expect(buttons.map(\.title) == ["Cancel", "Delete"])
        #expect(buttons[0].frame.minX > buttons[1].frame.maxX, "Cancel, the first, is on the right")
    }
}
