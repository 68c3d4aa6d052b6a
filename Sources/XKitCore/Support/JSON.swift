/// A JSON value, enough to write trace lines without Foundation.
package enum JSON: Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
                  ExpressibleByArrayLiteral, ExpressibleByFloatLiteral {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    /// An object with its keys in the order given.
    case object([(String, JSON)])

    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(floatLiteral value: Double) { self = .double(value) }
    package init(arrayLiteral elements: JSON...) { self = .array(elements) }

    /// A rectangle as `[x, y, w, h]`, multiplied by `scale` (device pixels for traces) and rounded.
    /// A component that is not a number within ±2^53 is written as null rather than trapping.
    package static func rect(_ r: Rect, scale: Double = 1) -> JSON {
        func number(_ value: Double) -> JSON {
            let scaled = (value * scale).rounded()
            return abs(scaled) <= 9_007_199_254_740_992 ? .int(Int(scaled)) : .null
        }
        return .array([number(r.x), number(r.y), number(r.width), number(r.height)])
    }

    /// The compact serialisation.
    package var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d): out += d.isFinite ? (d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)) : "null"
        case .string(let s): JSON.writeString(s, to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out += "," }
                JSON.writeString(key, to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    private static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
