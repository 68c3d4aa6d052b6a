import Testing
@testable import XKit

/// How much decoding one message may cost, and the signature check that comes before it; no bus needed.
@Suite struct DBusDecodeBudgetTests {
    @Test func aByteArrayIsReadAsOneBuffer() throws {
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0) }
        let message = try #require(DBusMessage.signal(path: "/x", interface: "a.b", member: "C", arguments: [.int32(1), .bytes(bytes)]))
        #expect(message.signature == "iay")
        #expect(message.arguments == [.int32(1), .bytes(bytes)])
    }

    @Test func whatIsPastTheBudgetReadsAsUnsupported() throws {
        let big = [UInt8](repeating: 7, count: DBusValue.decodeBudget + 1)
        let many = DBusValue.array(elementSignature: "i", (0..<(DBusValue.decodeBudget / DBusValue.boxCost + 10)).map { .int32(Int32($0)) })
        let message = try #require(DBusMessage.signal(path: "/x", interface: "a.b", member: "C", arguments: [.bytes(big), .string("after")]))
        guard case .unsupported? = message.arguments.first else {
            Issue.record("a byte array over the budget was decoded: \(message.arguments.first.map { "\($0.signature)" } ?? "nil")")
            return
        }
        let listed = try #require(DBusMessage.signal(path: "/x", interface: "a.b", member: "C", arguments: [many]))
        guard case .array(_, let items)? = listed.arguments.first else {
            Issue.record("the array was not read as one")
            return
        }
        #expect(items.count <= DBusValue.decodeBudget / DBusValue.boxCost, "an array is cut at the budget, not boxed whole")
    }

    @Test func aCallIsCheckedAgainstItsMethodsSignatureBeforeItIsDecoded() {
        #expect(AtspiSignatures.check(interface: Atspi.Interface.text, member: "GetText", signature: "ii") == nil)
        #expect(AtspiSignatures.check(interface: Atspi.Interface.text, member: "GetText", signature: "iiay")?.name == Atspi.ErrorName.invalidArgs)
        #expect(AtspiSignatures.check(interface: Atspi.Interface.text, member: "GetTextAtOffset", signature: "ii")?.name == Atspi.ErrorName.invalidArgs)
        #expect(AtspiSignatures.check(interface: Atspi.Interface.properties, member: "Get", signature: "ss") == nil)
        #expect(AtspiSignatures.check(interface: Atspi.Interface.text, member: "Frobnicate", signature: "")?.name == Atspi.ErrorName.unknownMethod)
    }
}
