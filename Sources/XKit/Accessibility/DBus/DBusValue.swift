import CDBus
#if canImport(Glibc)
import Glibc
#endif

/// A D-Bus value: the part of the type system AT-SPI uses, with its signature.
indirect enum DBusValue: Equatable {
    case bool(Bool)
    case int16(Int16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case double(Double)
    case string(String)
    case objectPath(String)
    /// A byte array `ay`, read as one buffer rather than a value per byte.
    case bytes([UInt8])
    /// An array whose elements all have `elementSignature` (stated, so an empty array has a type).
    case array(elementSignature: String, [DBusValue])
    /// A dictionary `a{kv}` as ordered pairs.
    case dictionary(keySignature: String, valueSignature: String, [(DBusValue, DBusValue)])
    case structure([DBusValue])
    case variant(DBusValue)
    /// A value of a type we do not use; kept so a reader can skip it.
    case unsupported(Int32)

    /// The D-Bus type signature of the value.
    var signature: String {
        switch self {
        case .bool: "b"
        case .int16: "n"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .bytes: "ay"
        case .array(let element, _): "a" + element
        case .dictionary(let key, let value, _): "a{" + key + value + "}"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .variant: "v"
        case .unsupported: "v"
        }
    }

    static func == (a: DBusValue, b: DBusValue) -> Bool {
        switch (a, b) {
        case (.bool(let x), .bool(let y)): x == y
        case (.int16(let x), .int16(let y)): x == y
        case (.int32(let x), .int32(let y)): x == y
        case (.uint32(let x), .uint32(let y)): x == y
        case (.int64(let x), .int64(let y)): x == y
        case (.double(let x), .double(let y)): x == y
        case (.string(let x), .string(let y)), (.objectPath(let x), .objectPath(let y)): x == y
        case (.bytes(let x), .bytes(let y)): x == y
        case (.array(let s, let x), .array(let t, let y)): s == t && x == y
        case (.structure(let x), .structure(let y)): x == y
        case (.variant(let x), .variant(let y)): x == y
        case (.dictionary(let k, let v, let x), .dictionary(let l, let w, let y)):
            k == l && v == w && x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    // MARK: Reading arguments

    var int32Value: Int32? {
        switch self {
        case .int32(let v): v
        case .uint32(let v): Int32(truncatingIfNeeded: v)
        case .int16(let v): Int32(v)
        case .variant(let inner): inner.int32Value
        default: nil
        }
    }

    var uint32Value: UInt32? {
        switch self {
        case .uint32(let v): v
        case .int32(let v) where v >= 0: UInt32(v)
        case .variant(let inner): inner.uint32Value
        default: nil
        }
    }

    var stringValue: String? {
        switch self {
        case .string(let v), .objectPath(let v): v
        case .variant(let inner): inner.stringValue
        default: nil
        }
    }
}

// MARK: Marshalling through libdbus

/// D-Bus type codes as libdbus's `int` constants (the header's macros are character literals).
enum DBusType {
    static let byte = Int32(UInt8(ascii: "y"))
    static let bool = Int32(UInt8(ascii: "b"))
    static let int16 = Int32(UInt8(ascii: "n"))
    static let uint16 = Int32(UInt8(ascii: "q"))
    static let int32 = Int32(UInt8(ascii: "i"))
    static let uint32 = Int32(UInt8(ascii: "u"))
    static let int64 = Int32(UInt8(ascii: "x"))
    static let uint64 = Int32(UInt8(ascii: "t"))
    static let double = Int32(UInt8(ascii: "d"))
    static let string = Int32(UInt8(ascii: "s"))
    static let objectPath = Int32(UInt8(ascii: "o"))
    static let signature = Int32(UInt8(ascii: "g"))
    static let array = Int32(UInt8(ascii: "a"))
    static let variant = Int32(UInt8(ascii: "v"))
    static let structure = Int32(UInt8(ascii: "r"))
    static let dictEntry = Int32(UInt8(ascii: "e"))
    static let invalid = Int32(0)
}

extension DBusValue {
    /// Appends the value at `iter`; false when libdbus refuses it (out of memory, a bad path).
    @discardableResult
    func append(to iter: inout DBusMessageIter) -> Bool {
        switch self {
        case .bool(let v):
            var raw = dbus_bool_t(v ? 1 : 0)
            return xk_dbus_message_iter_append_basic(&iter, DBusType.bool, &raw) != 0
        case .int16(let v):
            var raw = v
            return xk_dbus_message_iter_append_basic(&iter, DBusType.int16, &raw) != 0
        case .int32(let v):
            var raw = v
            return xk_dbus_message_iter_append_basic(&iter, DBusType.int32, &raw) != 0
        case .uint32(let v):
            var raw = v
            return xk_dbus_message_iter_append_basic(&iter, DBusType.uint32, &raw) != 0
        case .int64(let v):
            var raw = v
            return xk_dbus_message_iter_append_basic(&iter, DBusType.int64, &raw) != 0
        case .double(let v):
            var raw = v
            return xk_dbus_message_iter_append_basic(&iter, DBusType.double, &raw) != 0
        case .string(let v):
            return DBusValue.appendString(v, type: DBusType.string, to: &iter)
        case .objectPath(let v):
            return DBusValue.appendString(v, type: DBusType.objectPath, to: &iter)
        case .bytes(let bytes):
            return DBusValue.container(DBusType.array, signature: "y", in: &iter) { sub in
                bytes.allSatisfy { byte in
                    var raw = byte
                    return xk_dbus_message_iter_append_basic(&sub, DBusType.byte, &raw) != 0
                }
            }
        case .array(let element, let items):
            return DBusValue.container(DBusType.array, signature: element, in: &iter) { sub in
                items.allSatisfy { $0.append(to: &sub) }
            }
        case .dictionary(let key, let value, let pairs):
            return DBusValue.container(DBusType.array, signature: "{" + key + value + "}", in: &iter) { sub in
                pairs.allSatisfy { pair in
                    DBusValue.container(DBusType.dictEntry, signature: nil, in: &sub) { entry in
                        pair.0.append(to: &entry) && pair.1.append(to: &entry)
                    }
                }
            }
        case .structure(let fields):
            return DBusValue.container(DBusType.structure, signature: nil, in: &iter) { sub in
                fields.allSatisfy { $0.append(to: &sub) }
            }
        case .variant(let inner):
            return DBusValue.container(DBusType.variant, signature: inner.signature, in: &iter) { sub in
                inner.append(to: &sub)
            }
        case .unsupported:
            return false
        }
    }

    /// Strings go in as C strings: D-Bus strings hold no NUL, so text after one is dropped rather
    /// than the message refused.
    private static func appendString(_ value: String, type: Int32, to iter: inout DBusMessageIter) -> Bool {
        value.withCString { pointer in
            var raw: UnsafePointer<CChar>? = pointer
            return xk_dbus_message_iter_append_basic(&iter, type, &raw) != 0
        }
    }

    private static func container(_ type: Int32, signature: String?, in iter: inout DBusMessageIter,
                                  _ body: (inout DBusMessageIter) -> Bool) -> Bool {
        var sub = DBusMessageIter()
        let opened: Bool
        if let signature {
            opened = signature.withCString { xk_dbus_message_iter_open_container(&iter, type, $0, &sub) } != 0
        } else {
            opened = xk_dbus_message_iter_open_container(&iter, type, nil, &sub) != 0
        }
        guard opened else { return false }
        guard body(&sub) else {
            xk_dbus_message_iter_abandon_container(&iter, &sub)
            return false
        }
        return xk_dbus_message_iter_close_container(&iter, &sub) != 0
    }

    /// What one message's decoding may allocate, in bytes (boxed values count as `boxCost` each).
    ///
    /// libdbus already holds the message; this bounds what decoding adds on top, so a peer's
    /// million-element array costs a bounded copy instead of a value per element. What is past
    /// the budget reads as `.unsupported`, which no handler accepts.
    static let decodeBudget = 1 << 20
    static let boxCost = 64

    /// Reads every value from `iter` to its end, within `budget` bytes.
    static func readAll(_ iter: inout DBusMessageIter, budget: inout Int) -> [DBusValue] {
        var values: [DBusValue] = []
        while xk_dbus_message_iter_get_arg_type(&iter) != DBusType.invalid {
            guard budget > 0 else {
                values.append(.unsupported(xk_dbus_message_iter_get_arg_type(&iter)))
                break
            }
            values.append(read(&iter, budget: &budget))
            if xk_dbus_message_iter_next(&iter) == 0 { break }
        }
        return values
    }

    /// Reads every value from `iter` to its end, within the default budget.
    static func readAll(_ iter: inout DBusMessageIter) -> [DBusValue] {
        var budget = decodeBudget
        return readAll(&iter, budget: &budget)
    }

    /// Reads the value at `iter` (without advancing), spending `budget`.
    static func read(_ iter: inout DBusMessageIter, budget: inout Int) -> DBusValue {
        let type = xk_dbus_message_iter_get_arg_type(&iter)
        budget -= boxCost
        switch type {
        case DBusType.bool:
            var raw = dbus_bool_t(0)
            xk_dbus_message_iter_get_basic(&iter, &raw)
            return .bool(raw != 0)
        case DBusType.byte:
            var raw = UInt8(0)
            xk_dbus_message_iter_get_basic(&iter, &raw)
            return .uint32(UInt32(raw))
        case DBusType.int16:
            var raw = Int16(0)
            xk_dbus_message_iter_get_basic(&iter, &raw)
            return .int16(raw)
        case DBusType.uint16:
            var raw = UInt16(0)
            xk_dbus_message_iter_get_basic(&iter, &raw)
            return .uint32(UInt32(raw))
        case DBusType.int32:
            var raw = Int32(0)
            xk_dbus_message_iter_get_basic(&iter, &raw)
            return .int32(raw)
        case DBusType.uint32:
            var raw = UInt32(0)
            xk_dbus_message_iter_get_basic(&iter, &raw)
            return .uint32(raw)
        case DBusType.int64, DBusType.uint64:
            var raw = Int64(0)
            xk_dbus_message_iter_get_basic(&iter, &raw)
            return .int64(raw)
        case DBusType.double:
            var raw = 0.0
            xk_dbus_message_iter_get_basic(&iter, &raw)
            return .double(raw)
        case DBusType.string, DBusType.objectPath, DBusType.signature:
            var raw: UnsafePointer<CChar>? = nil
            xk_dbus_message_iter_get_basic(&iter, &raw)
            guard let raw else { return .string("") }
            let length = strlen(raw)
            guard length <= budget else {
                budget = 0
                return .unsupported(type)
            }
            budget -= length
            let text = String(cString: raw)
            return type == DBusType.objectPath ? .objectPath(text) : .string(text)
        case DBusType.array where xk_dbus_message_iter_get_element_type(&iter) == DBusType.byte:
            var sub = DBusMessageIter()
            xk_dbus_message_iter_recurse(&iter, &sub)
            var pointer: UnsafeRawPointer? = nil
            var count: Int32 = 0
            xk_dbus_message_iter_get_fixed_array(&sub, &pointer, &count)
            guard Int(count) <= budget else {
                budget = 0
                return .unsupported(type)
            }
            budget -= Int(count)
            guard let pointer, count > 0 else { return .bytes([]) }
            return .bytes(Array(UnsafeRawBufferPointer(start: pointer, count: Int(count))))
        case DBusType.array:
            var sub = DBusMessageIter()
            xk_dbus_message_iter_recurse(&iter, &sub)
            let signature = DBusValue.signature(of: &sub)
            if xk_dbus_message_iter_get_element_type(&iter) == DBusType.dictEntry {
                var pairs: [(DBusValue, DBusValue)] = []
                while budget > 0, xk_dbus_message_iter_get_arg_type(&sub) == DBusType.dictEntry {
                    var entry = DBusMessageIter()
                    xk_dbus_message_iter_recurse(&sub, &entry)
                    let fields = readAll(&entry, budget: &budget)
                    if fields.count == 2 { pairs.append((fields[0], fields[1])) }
                    if xk_dbus_message_iter_next(&sub) == 0 { break }
                }
                let key = pairs.first?.0.signature ?? "s", value = pairs.first?.1.signature ?? "v"
                return .dictionary(keySignature: key, valueSignature: value, pairs)
            }
            return .array(elementSignature: signature, readAll(&sub, budget: &budget))
        case DBusType.structure, DBusType.dictEntry:
            var sub = DBusMessageIter()
            xk_dbus_message_iter_recurse(&iter, &sub)
            return .structure(readAll(&sub, budget: &budget))
        case DBusType.variant:
            var sub = DBusMessageIter()
            xk_dbus_message_iter_recurse(&iter, &sub)
            return .variant(read(&sub, budget: &budget))
        default:
            return .unsupported(type)
        }
    }

    /// Reads the value at `iter` (without advancing), within the default budget.
    static func read(_ iter: inout DBusMessageIter) -> DBusValue {
        var budget = decodeBudget
        return read(&iter, budget: &budget)
    }

    private static func signature(of iter: inout DBusMessageIter) -> String {
        guard let raw = xk_dbus_message_iter_get_signature(&iter) else { return "" }
        defer { xk_dbus_free(raw) }
        return String(cString: raw)
    }
}
