import Testing
import XKitCore

@Suite struct UnicodeScriptNameTests {
    @Test func theScriptsOfTheMissingTextAreNamedAsAUserWouldSayThem() {
        #expect(UnicodeScriptName.of("ạ") == "Latin")
        #expect(UnicodeScriptName.of("a") == "Latin")
        #expect(UnicodeScriptName.of("₫") == "currency symbols")
        #expect(UnicodeScriptName.of("₽") == "currency symbols")
        #expect(UnicodeScriptName.of("Ж") == "Cyrillic")
        #expect(UnicodeScriptName.of("コ") == "Japanese kana")
        #expect(UnicodeScriptName.of("可") == "CJK ideographs")
        #expect(UnicodeScriptName.of("복") == "Hangul")
        #expect(UnicodeScriptName.of("ᄀ") == "Hangul")
        #expect(UnicodeScriptName.of("ب") == "Arabic")
        #expect(UnicodeScriptName.of("😀") == "emoji and symbols")
        #expect(UnicodeScriptName.of("\u{2A6D6}") == "CJK ideographs")
    }

    @Test func aCharacterOutsideTheTableNamesItsBlock() {
        #expect(UnicodeScriptName.of("\u{10480}") == "U+10480 block")  // Osmanya
        #expect(UnicodeScriptName.of("\u{1F00}") == "Greek")
    }
}
