import Testing
@_spi(Testing) @testable import XKitCore

/// The paragraph store behind TextView: edits, the paragraph index, line endings kept as they were,
/// and random edits checked against a plain String.
@Suite struct TextStorageTests {
    @Test func paragraphsAreSplitAtEachKindOfLineBreakAndKeptOnCopyOut() {
        let text = "one\r\ntwo\nthree\rfour\u{2029}five"
        let s = TextStorage(text)
        #expect(s.paragraphCount == 5)
        #expect(s.paragraph(0) == "one" && s.paragraph(2) == "three" && s.paragraph(4) == "five")
        #expect(s.string == text, "mixed line endings come back as they were")
        #expect(s.count == text.count)
        #expect(s.paragraphStart(1) == 4, "\r\n is one character")
        #expect(s.paragraphIndex(containing: 3).index == 0, "the break belongs to the paragraph it ends")
        #expect(s.paragraphIndex(containing: 4).index == 1)
        #expect(s.substring(2..<6) == "e\r\ntw")
    }

    @Test func aCarriageReturnTypedBeforeALineFeedJoinsItAsOneBreak() {
        var s = TextStorage("a\nb")
        s.insert("\r", at: 1)
        #expect(s.string == "a\r\nb")
        #expect(s.paragraphCount == 2)
        #expect(s.count == "a\r\nb".count)
        s.replace(1..<2, with: "")
        #expect(s.string == "ab" && s.paragraphCount == 1)
    }

    @Test func anEditInsideOneParagraphReplacesOnlyItAndABreakReSplitsItsNeighbours() {
        var s = TextStorage((0..<10_000).map { "line \($0)" }.joined(separator: "\n"))
        let change = s.replace(s.paragraphStart(5_000)..<(s.paragraphStart(5_000) + 4), with: "LINE")
        #expect(change == TextStorage.Change(firstParagraph: 5_000, removed: 1, inserted: 1))
        #expect(s.paragraph(5_000) == "LINE 5000")
        #expect(s.paragraphCount == 10_000)
        #expect(s.blockCount > 10, "paragraphs live in blocks, not one array")
        let split = s.replace((s.paragraphStart(5_000) + 4)..<(s.paragraphStart(5_000) + 4), with: "\n")
        #expect(split == TextStorage.Change(firstParagraph: 4_999, removed: 3, inserted: 4))
        #expect(s.paragraph(5_000) == "LINE" && s.paragraph(5_001) == " 5000")
    }

    /// Emptying the only text between a "\r" and a "\n" joins them into one break.
    @Test func emptyingAParagraphBetweenCarriageReturnAndLineFeedJoinsThem() {
        var s = TextStorage("a\rq\u{3099}\nb")
        s.replace(2..<3, with: "")
        #expect(s.string == "a\r\nb" && s.paragraphCount == 2 && s.count == 3)
    }

    /// Offsets to indices take single scalars as characters only where they cannot join.
    @Test func characterOffsetsBecomeIndicesWhereSwiftPutsThem() {
        let texts = ["Thành phố Hồ Chí Minh", "Nguye\u{302}\u{303}n", "한\u{11AB}국어", "\u{1100}\u{1161}\u{11A8}가",
                     "がぎ\u{3099}ぐ", "Привет, мир", "👍🏽 ok", "e\u{301}\u{302}x", "日本語のテキスト"]
        for text in texts {
            for offset in 0...text.count {
                let expected = text.index(text.startIndex, offsetBy: offset)
                #expect(TextStorage.index(in: text, from: text.startIndex, offsetBy: offset) == expected, "\(text) at \(offset)")
            }
            #expect(TextStorage.index(in: text, from: text.startIndex, offsetBy: text.count + 3) == text.endIndex)
        }
    }

    /// Long runs of common-script text, where the walk goes 32 bytes at a time, with a scalar
    /// that joins its neighbour wherever a block may end: counts and indices are Swift's.
    @Test func blockWalkHandsBackAScalarThatJoinsTheNext() {
        let plain: [String] = ["a", "ễ", "ж", "日", "한", "か", " ", "—", "\u{0}"]
        let joining: [String] = ["\u{301}", "\u{11A8}", "\u{3099}", "\u{200D}b", "🏽", "\r\n"]
        var rng = SystemRandomNumberGenerator()
        for round in 0..<400 {
            var text = ""
            for _ in 0..<Int.random(in: 20...120, using: &rng) {
                text += Int.random(in: 0..<12, using: &rng) == 0 ? joining.randomElement(using: &rng) ?? "" : plain.randomElement(using: &rng) ?? ""
            }
            #expect(TextStorage.characterCount(text) == text.count, "round \(round): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            for offset in Set([0, 1, text.count / 3, text.count / 2, text.count - 1, text.count, Int.random(in: 0...text.count, using: &rng)]) where offset >= 0 {
                let expected = text.index(text.startIndex, offsetBy: offset)
                #expect(TextStorage.index(in: text, from: text.startIndex, offsetBy: offset) == expected, "round \(round) at \(offset)")
            }
        }
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        let s = TextStorage(utf8: [0x61, 0xFF, 0x62, 0x0A, 0xC3], source: "test")
        #expect(s.string == "a\u{FFFD}b\n\u{FFFD}")
    }

    @Test func theByteScanSplitsWhereSwiftSeesNewlinesAndCountsCharacters() {
        // Every line break Swift knows, beside text that looks like one in UTF-8 (U+2014, U+00A9,
        // U+0301 after a break), ASCII and non-ASCII paragraphs.
        let text = "a\u{0B}b\u{0C}c\u{85}d\u{2028}e\u{2029}f\r\ng\rh\ni — ©\n\u{301}x\r\n\r\nNguyễn 한국어 👍🏽\n"
        let s = TextStorage(text)
        var expected: [String] = [], current = ""
        for c in text { if c.isNewline { expected.append(current); current = "" } else { current.append(c) } }
        expected.append(current)
        #expect(s.paragraphs == expected)
        #expect(s.paragraphLengths == expected.map(\.count))
        #expect(s.count == text.count)
        #expect(s.string == text)
    }

    @Test func scalarsCountedAsCharactersNeverJoinAndAnythingElseIsCountedBySwift() {
        // Every scalar the fast count takes, side by side: Swift must see each as its own character.
        var all = String.UnicodeScalarView()
        for v in 0...0xFFFF { if let u = Unicode.Scalar(v), TextStorage.standsAlone(u) { all.append(u) } }
        let text = String(all)
        #expect(text.count == text.unicodeScalars.count)
        #expect(TextStorage.characterCount(text) == text.count)
        for joined in ["e\u{301}", "\u{1100}\u{1161}", "한\u{11A8}", "か\u{3099}", "👍🏽", "🇻🇳", "a\u{200D}b", "ｶﾞ", "\u{44}\u{483}"] {
            #expect(TextStorage.characterCount("x" + joined) == ("x" + joined).count, "\(joined.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func nulAndControlCharactersAreKeptAsText() {
        let s = TextStorage("a\u{0}b\u{7}c\u{0B}d")
        #expect(s.string == "a\u{0}b\u{7}c\u{0B}d")
        #expect(s.paragraphCount == 2, "vertical tab is a line break to Swift")
    }

    @Test func emptyStorageHasOneEmptyParagraphAndDeletingEverythingKeepsIt() {
        var s = TextStorage("")
        #expect(s.paragraphCount == 1 && s.count == 0)
        s.insert("x\ny\n", at: 0)
        #expect(s.paragraphCount == 3)
        s.replace(0..<s.count, with: "")
        #expect(s.paragraphCount == 1 && s.count == 0 && s.string == "")
    }

    /// 200,000 random inserts and deletes (of breaks of every kind, combining marks, emoji and
    /// plain letters) agree with the same edits made on a String by character offsets.
    @Test func randomEditsAgreeWithAPlainStringModel() {
        var rng = SeededGenerator(seed: 24)
        let pieces = ["a", "bc", "\n", "\r", "\r\n", "\u{0301}", "한", "👍🏽", " ", "xyz\nq", "\u{2028}", "é",
                      "ố", "\u{11AB}", "\u{1161}", "\u{3099}", "が", "ж"]
        var model: [Character] = []
        var storage = TextStorage()
        let iterations = 200_000
        for step in 0..<iterations {
            let n = model.count
            let lo = n == 0 ? 0 : Int(rng.next() % UInt64(n + 1))
            let len = rng.next() % 3 == 0 ? min(n - lo, Int(rng.next() % 4)) : 0
            let insert = rng.next() % 4 == 0 ? "" : pieces[Int(rng.next() % UInt64(pieces.count))]
            // Model: splice by character offsets, then recount as Swift would.
            let joined = String(model[..<lo]) + insert + String(model[(lo + len)...])
            storage.replace(lo..<(lo + len), with: insert)
            model = Array(joined)
            if model.count > 400 {
                storage.replace(0..<200, with: "")
                model = Array(String(model[200...]))
            }
            if step % 5_000 == 0 || step == iterations - 1 {
                let expected = String(model)
                guard storage.string == expected, storage.count == model.count else {
                    Issue.record("diverged at step \(step): \(storage.string.debugDescription) vs \(expected.debugDescription)")
                    return
                }
                let breaks = model.filter(\.isNewline).count
                #expect(storage.paragraphCount == breaks + 1)
                // Every offset finds the paragraph that holds it, from either end of its block.
                for offset in 0...storage.count {
                    let (index, start) = storage.paragraphIndex(containing: offset)
                    let next = index + 1 < storage.paragraphCount ? storage.paragraphStart(index + 1) : Int.max
                    guard start == storage.paragraphStart(index), start <= offset, offset < next else {
                        Issue.record("step \(step): offset \(offset) found paragraph \(index) at \(start)")
                        return
                    }
                }
            } else if storage.count != model.count {
                Issue.record("count diverged at step \(step)")
                return
            }
        }
    }

    @Test func anEditsCharacterCountFromAroundItAgreesWithSwiftsCountOfTheWholeParagraph() {
        var rng = SeededGenerator(seed: 39)
        // Flags pair regional indicators from the start of their run; ZWJ joins emoji; marks,
        // jamo and voicing marks join what comes before them; a leading jamo and a prepended sign
        // (U+0600) join what comes after them.
        let pieces = ["a", "bc", "tiếng ", "ố", "\u{0301}", "한", "\u{1161}", "\u{11AB}", "ж", "が", "\u{3099}", "日本",
                      "🇻", "🇳", "🇻🇳", "\u{200D}", "👩", "👩\u{200D}💻", "👍🏽", "\u{FE0F}", " ", "\r", "\u{0E33}", "क्",
                      "\u{1100}", "\u{0600}"]
        var text = String(repeating: "plain words ", count: 8)
        var counted = 0, nearby = 0
        for step in 0..<20_000 {
            // As the storage edits: whole characters replaced, any text put in their place.
            let characters = Array(text)
            let lo = Int(rng.next() % UInt64(characters.count + 1))
            let hi = min(characters.count, lo + Int(rng.next() % 3))
            let insert = rng.next() % 4 == 0 ? "" : pieces[Int(rng.next() % UInt64(pieces.count))]
            let edited = String(characters[..<lo]) + insert + String(characters[hi...])
            let start = String(characters[..<lo]).utf8.count
            let end = start + String(characters[lo..<hi]).utf8.count
            let found = TextStorage.characterCount(of: edited, replacing: start..<end, in: text, oldCount: characters.count,
                                                   charactersBefore: lo, insertedLength: insert.utf8.count)
            if let found {
                nearby += 1
                guard found.count == edited.count else {
                    Issue.record("step \(step): \(found.count) characters, Swift counts \(edited.count) in \(edited.unicodeScalars.map { String($0.value, radix: 16) })")
                    return
                }
                // The boundary it hands on is a character boundary of the edited text, with that many characters before it.
                if let boundary = found.boundary {
                    let offset = edited.utf8Offset(of: edited.index(edited.startIndex, offsetBy: Int(boundary.characters)))
                    guard offset == Int(boundary.utf8) else {
                        Issue.record("step \(step): character \(boundary.characters) is at byte \(offset), not \(boundary.utf8)")
                        return
                    }
                }
            }
            counted += 1
            text = edited.count > 300 ? String(repeating: "plain words ", count: 8) : edited
        }
        // Most edits find plain text near them; the rest fall back to counting the whole paragraph.
        #expect(nearby > counted / 2, "\(nearby) of \(counted) edits counted from around them")
    }

    @Test func everyOffsetOfAManyBlockDocumentFindsItsParagraph() {
        var rng = SeededGenerator(seed: 7)
        let lines = (0..<3_000).map { _ in String(repeating: "ж", count: Int(rng.next() % 5)) }
        var storage = TextStorage(lines.joined(separator: "\n") + "\n")
        storage.replace(storage.count..<storage.count, with: "tail")
        #expect(storage.blockCount > 4)
        var expected = 0
        for index in 0..<storage.paragraphCount {
            let start = storage.paragraphStart(index)
            let end = index + 1 < storage.paragraphCount ? storage.paragraphStart(index + 1) : storage.count + 1
            for offset in start..<end where offset <= storage.count {
                let found = storage.paragraphIndex(containing: offset)
                guard found.index == index, found.start == start else {
                    Issue.record("offset \(offset): paragraph \(found.index) at \(found.start), not \(index) at \(start)")
                    return
                }
                expected += 1
            }
        }
        #expect(expected == storage.count + 1)
    }

    @Test func aPasteBigEnoughToBeScannedAgreesWithAPlainStringModel() {
        var rng = SeededGenerator(seed: 7)
        let pieces = ["xin chào ", "привет ", "こんにちは", "안녕", "\n", "\r", "\r\n", "\u{2028}", "e\u{0301}", "👍🏽", "\u{0}", "abc "]
        var paste = ""
        while paste.utf8.count < TextStorage.scannedEditThreshold * 2 { paste += pieces[Int(rng.next() % UInt64(pieces.count))] }
        // A "\r" before the paste and a "\n" after it join with its ends, as typed ones would.
        var model = Array("first\r" + "\nlast")
        var storage = TextStorage("first\r" + "\nlast")
        let insertion = 6
        model = Array(String(model[..<insertion]) + "\n" + paste + "\r" + String(model[insertion...]))
        storage.replace(insertion..<insertion, with: "\n" + paste + "\r")
        #expect(storage.string == String(model))
        #expect(storage.count == model.count)
        #expect(storage.paragraphCount == model.filter(\.isNewline).count + 1)
        // Small edits inside the pasted paragraphs, which are byte ranges until edited.
        for _ in 0..<200 {
            let lo = Int(rng.next() % UInt64(model.count + 1))
            let len = min(model.count - lo, Int(rng.next() % 3))
            let insert = pieces[Int(rng.next() % UInt64(pieces.count))]
            model = Array(String(model[..<lo]) + insert + String(model[(lo + len)...]))
            storage.replace(lo..<(lo + len), with: insert)
        }
        #expect(storage.string == String(model))
        #expect(storage.count == model.count)
        #expect(storage.paragraphCount == model.filter(\.isNewline).count + 1)
        let lengths = String(model).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(\.count)
        #expect(storage.paragraphLengths(in: 0..<storage.paragraphCount) == lengths)
        #expect(storage.paragraphLengths(in: 3..<900) == Array(lengths[3..<900]))
    }
}

/// Paragraph starts and the paragraph at an offset across block edges, against running sums.
@Suite struct TextStorageLocatingTests {
    @Test func everyParagraphStartIsTheSumOfTheLengthsBeforeIt() {
        var generator = SystemRandomNumberGenerator()
        let lines = (0..<(TextStorage.blockLimit * 4 + 37)).map { k in
            String(repeating: k % 3 == 0 ? "ñ" : "x", count: Int.random(in: 0...9, using: &generator))
        }
        let storage = TextStorage(lines.joined(separator: "\r\n"))
        #expect(storage.blockCount > 2, "the paragraphs span several blocks")
        var start = 0
        for (index, line) in lines.enumerated() {
            #expect(storage.paragraphStart(index) == start, "paragraph \(index)")
            #expect(storage.paragraph(index) == line, "paragraph \(index)'s text")
            #expect(storage.paragraphIndex(containing: start).index == index, "offset \(start)")
            start += line.count + 1
        }
        #expect(storage.paragraphStart(lines.count + 5) == storage.paragraphStart(lines.count - 1), "clamped to the last")
    }
}
