/// ISO 8859-1 conversion for the STRING target.
///
/// ICCCM defines STRING as Latin-1, so UTF-8 bytes must never be sent under that type: a reader
/// would show "Ã©" for "é". Characters with no Latin-1 form make the conversion fail instead.
enum Latin1 {
    /// The Latin-1 bytes for UTF-8 text, or nil when a character is above U+00FF.
    static func encode(utf8 bytes: [UInt8]) -> [UInt8]? {
        // ASCII is the same in both encodings; only sequences starting C2/C3 map to one byte.
        var result = [UInt8]()
        result.reserveCapacity(bytes.count)
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                result.append(byte)
                index += 1
            } else if (byte == 0xC2 || byte == 0xC3), index + 1 < count, bytes[index + 1] & 0xC0 == 0x80 {
                result.append(((byte & 0x03) << 6) | (bytes[index + 1] & 0x3F))
                index += 2
            } else {
                return nil
            }
        }
        return result
    }

    /// Whether UTF-8 text has a Latin-1 form, without building it.
    static func canEncode(utf8 bytes: [UInt8]) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
            } else if byte == 0xC2 || byte == 0xC3 {
                index += 2
            } else {
                return false
            }
        }
        return true
    }

    /// Text from Latin-1 bytes (every byte is a character, so this cannot fail).
    static func decode(_ bytes: [UInt8]) -> String {
        String(decoding: utf8(fromLatin1: bytes), as: UTF8.self)
    }

    /// The UTF-8 form of Latin-1 bytes.
    static func utf8(fromLatin1 bytes: [UInt8]) -> [UInt8] {
        var utf8 = [UInt8]()
        utf8.reserveCapacity(bytes.count + bytes.count / 4)
        for byte in bytes {
            if byte < 0x80 {
                utf8.append(byte)
            } else {
                utf8.append(0xC0 | (byte >> 6))
                utf8.append(0x80 | (byte & 0x3F))
            }
        }
        return utf8
    }
}
