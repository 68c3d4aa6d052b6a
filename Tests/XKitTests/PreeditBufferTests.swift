import CX11
import Testing
@testable import XKit

/// The on-the-spot composition model and the style choice, without a display: what an XIM server
/// may send, good and bad.
@MainActor
@Suite struct PreeditBufferTests {
    private func scalars(_ s: String) -> [Unicode.Scalar] { Array(s.unicodeScalars) }

    @Test func drawsReplaceSpansAndTheReverseFeedbackBecomesTheHighlight() {
        var b = PreeditBuffer()
        b.draw(caret: 1, first: 0, length: 0, text: scalars("ㅎ"), attributes: [UInt(XIMUnderline)])
        b.draw(caret: 1, first: 0, length: 1, text: scalars("하"), attributes: [UInt(XIMReverse)])
        b.draw(caret: 2, first: 1, length: 0, text: scalars("ㄴ"), attributes: nil)
        #expect(b.preedit == Preedit(text: "하ㄴ", caret: 2, highlights: [0..<1]))
        // Attributes alone restyle without touching the text.
        b.draw(caret: 2, first: 0, length: 2, text: nil, attributes: [UInt(XIMUnderline), UInt(XIMReverse)])
        #expect(b.preedit == Preedit(text: "하ㄴ", caret: 2, highlights: [1..<2]))
        // A deletion (no text, no attributes) empties it.
        b.draw(caret: 0, first: 0, length: 2, text: nil, attributes: nil)
        #expect(b.preedit == nil)
    }

    @Test func caretMovesFollowTheDirectionAndStayInside() {
        var b = PreeditBuffer()
        b.draw(caret: 3, first: 0, length: 0, text: scalars("にほん"), attributes: nil)
        #expect(b.moveCaret(XIMBackwardChar, position: 0) == 2)
        #expect(b.moveCaret(XIMLineStart, position: 0) == 0)
        #expect(b.moveCaret(XIMBackwardChar, position: 0) == 0)
        #expect(b.moveCaret(XIMAbsolutePosition, position: 99) == 3)
        #expect(b.moveCaret(XIMDontChange, position: 1) == 3)
    }

    @Test func spansAndCaretsOutsideTheTextAreClampedNotTrusted() {
        var b = PreeditBuffer()
        b.draw(caret: -5, first: 40, length: 9, text: scalars("ab"), attributes: [1, 2, 3, 4, 5])
        #expect(b.preedit == Preedit(text: "ab", caret: 0, highlights: [0..<1]))
        b.draw(caret: 100, first: -3, length: -1, text: scalars("x"), attributes: nil)
        #expect(b.preedit?.text == "xab")
        #expect(b.preedit?.caret == 3)
    }

    @Test func aMegabyteOfPreeditIsCutToTheLimitAndCombiningMarksCountAsOneCharacter() {
        var b = PreeditBuffer()
        let huge = [Unicode.Scalar](repeating: "a", count: 1 << 20)
        b.draw(caret: 1 << 20, first: 0, length: 0, text: huge, attributes: nil)
        #expect(b.scalars.count == PreeditBuffer.maximumLength)
        b.draw(caret: 0, first: 0, length: 0, text: huge, attributes: nil)
        #expect(b.scalars.count == PreeditBuffer.maximumLength)
        b.clear()
        b.draw(caret: 2, first: 0, length: 0, text: scalars("e\u{301}"), attributes: nil)
        #expect(b.preedit == Preedit(text: "é", caret: 1))
    }

    @Test func aMegabyteCommitIsCutToTheLimitBetweenCharactersAndNothingShorterIsTouched() {
        // 1.5 MiB of "é" as e + combining acute: a cut by bytes or scalars would split one.
        let huge = String(repeating: "e\u{301}", count: 1 << 19)
        let kept = CommittedText.bounded(huge)
        #expect(kept.count == CommittedText.maximumLength)
        #expect(kept.unicodeScalars.count == 2 * CommittedText.maximumLength, "the last character is whole")
        #expect(huge.hasPrefix(kept))
        // The most one XIM_COMMIT carries (65,535 bytes) passes whole, like any ordinary commit.
        let largestCommit = String(repeating: "한", count: 21_845)
        #expect(largestCommit.utf8.count == 65_535)
        #expect(CommittedText.bounded(largestCommit) == largestCommit)
        #expect(CommittedText.bounded("日本語") == "日本語")
        // Many bytes but few characters (long clusters) are under the limit: nothing is dropped.
        let clusters = String(repeating: "👩‍👩‍👧‍👦", count: 5_000)
        #expect(CommittedText.bounded(clusters) == clusters)
    }

    @Test func theStyleIsOnTheSpotThenOverTheSpotThenRoot() {
        let onTheSpot = XIMStyle(XIMPreeditCallbacks | XIMStatusNothing)
        let overTheSpot = XIMStyle(XIMPreeditPosition | XIMStatusNothing)
        let root = XIMStyle(XIMPreeditNothing | XIMStatusNothing)
        let callbacksOnly = XIMStyle(XIMPreeditCallbacks | XIMStatusCallbacks)
        #expect(InputMethodStyle.choose(from: [root, overTheSpot, onTheSpot])?.0 == .onTheSpot)
        #expect(InputMethodStyle.choose(from: [root, overTheSpot])?.0 == .overTheSpot)
        #expect(InputMethodStyle.choose(from: [root])?.0 == .root)
        #expect(InputMethodStyle.choose(from: [callbacksOnly])?.1 == callbacksOnly, "status callbacks accepted")
        #expect(InputMethodStyle.choose(from: [root, onTheSpot], preferred: .overTheSpot)?.0 == .root)
        #expect(InputMethodStyle.choose(from: []) == nil)
    }
}
