import Testing
@testable import XKit

/// D-Bus values through libdbus and back, and the text helpers the AT-SPI bridge uses; no bus needed.
@Suite struct DBusMarshallingTests {
    @Test func everyValueKindSurvivesARoundTripThroughAMessage() throws {
        let values: [DBusValue] = [
            .bool(true), .int16(-7), .int32(-123_456), .uint32(4_000_000_000), .int64(-1 << 40), .double(2.5),
            .string("Цена — ₫ 日本 🇻🇳"), .objectPath("/org/a11y/atspi/accessible/42_1"),
            .array(elementSignature: "(so)", [.structure([.string(":1.5"), .objectPath("/a")])]),
            .array(elementSignature: "u", []),
            .dictionary(keySignature: "s", valueSignature: "s", [(.string("id"), .string("tags.input"))]),
            .variant(.structure([.int32(1), .int32(2), .int32(3), .int32(4)])),
        ]
        let message = try #require(DBusMessage.signal(path: "/org/a11y/atspi/accessible/root", interface: "org.a11y.atspi.Event.Object",
                                                      member: "StateChanged", arguments: values))
        #expect(message.signature == values.map(\.signature).joined())
        #expect(message.arguments == values)
    }

    @Test func aStringWithNULIsCutThereNotRefused() throws {
        let message = try #require(DBusMessage.signal(path: "/x", interface: "a.b", member: "C", arguments: [.string("ab\u{0}cd")]))
        #expect(message.arguments == [.string("ab")])
    }

    @Test func invalidObjectPathsAreRefusedBeforeLibdbusSeesThem() {
        for bad in ["", "x", "/a//b", "/a/", "/a-b", "/ä"] {
            #expect(!DBusNames.isValidObjectPath(bad), "\(bad)")
            #expect(DBusMessage.signal(path: bad, interface: "a.b", member: "C", arguments: []) == nil)
        }
        #expect(DBusNames.isValidObjectPath("/org/a11y/atspi/accessible/12_3"))
    }

    @Test func aTextChangeIsOneDeleteAndOneInsertBetweenTheCommonEnds() {
        let change = AtspiTextChange(from: "Москва", to: "Мосты")
        #expect(change.start == 3)
        #expect(change.deleted == "ква")
        #expect(change.inserted == "ты")
        let typed = AtspiTextChange(from: "ab", to: "abc")
        #expect(typed.start == 2 && typed.deleted.isEmpty && typed.inserted == "c")
    }

    @Test func offsetsConvertBetweenGraphemesAndScalars() {
        let text = "e\u{301}🇻🇳x"  // é as two scalars, a flag as two scalars
        #expect(AtspiText.scalarOffset(ofCharacter: 2, in: text) == 4)
        #expect(AtspiText.characterOffset(ofScalar: 4, in: text) == 2)
        #expect(AtspiText.characterOffset(ofScalar: 3, in: text) == 1, "inside a cluster rounds down")
        #expect(AtspiText.characterOffset(ofScalar: 99, in: text) == 3)
    }
}
