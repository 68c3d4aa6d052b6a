/// The argument signature of every method the bridge answers, checked before a call is decoded.
///
/// A call is decoded only once its signature (read from the message header, without touching the
/// body) is exactly the one AT-SPI's interface XML gives the method, so a hostile client's extra
/// 64 MiB argument costs no more than a well-formed call: it gets `InvalidArgs` undecoded, as GDBus
/// services answer. Every argument of these signatures is a basic type, so decoding an accepted
/// call allocates little more than its strings.
enum AtspiSignatures {
    /// What a call on `interface`.`member` must carry; nil when the bridge has no such method.
    static func expected(interface: String, member: String) -> String? {
        table[interface]?[member]
    }

    /// The method's signature is the call's, or an error reply saying what it takes.
    static func check(interface: String, member: String, signature: String) -> AtspiError? {
        guard let expected = expected(interface: interface, member: member) else {
            return .unknownMethod(interface, member)
        }
        return signature == expected ? nil : .badArguments(member, expected, got: signature)
    }

    /// The InvalidArgs reply to a call of a known method with the wrong signature; nil for every
    /// other message. Runs on the D-Bus reader's queue, so such a call never reaches the main actor.
    @Sendable static func refusal(of message: DBusMessage) -> DBusMessage? {
        guard message.kind == .methodCall, let interface = message.interface, let member = message.member,
              let expected = expected(interface: interface, member: member) else { return nil }
        let signature = message.signature
        guard signature != expected else { return nil }
        let error = AtspiError.badArguments(member, expected, got: signature)
        return message.expectsReply ? message.errorReply(name: error.name, text: error.text) : nil
    }

    private static let table: [String: [String: String]] = [
        Atspi.Interface.properties: ["Get": "ss", "GetAll": "s", "Set": "ssv"],
        Atspi.Interface.introspectable: ["Introspect": ""],
        Atspi.Interface.accessible: [
            "GetChildAtIndex": "i", "GetChildren": "", "GetIndexInParent": "", "GetRelationSet": "", "GetRole": "",
            "GetRoleName": "", "GetLocalizedRoleName": "", "GetState": "", "GetAttributes": "", "GetApplication": "",
            "GetInterfaces": "",
        ],
        Atspi.Interface.application: ["GetLocale": "u"],
        Atspi.Interface.component: [
            "Contains": "iiu", "GetAccessibleAtPoint": "iiu", "GetExtents": "u", "GetPosition": "u", "GetSize": "",
            "GetLayer": "", "GetMDIZOrder": "", "GetAlpha": "", "GrabFocus": "", "SetExtents": "iiiiu",
            "SetPosition": "iiu", "SetSize": "ii", "ScrollTo": "u", "ScrollToPoint": "uii",
        ],
        Atspi.Interface.action: [
            "GetName": "i", "GetLocalizedName": "i", "GetDescription": "i", "GetKeyBinding": "i", "GetActions": "",
            "DoAction": "i",
        ],
        Atspi.Interface.text: [
            "GetText": "ii", "GetCharacterAtOffset": "i", "GetStringAtOffset": "iu", "GetTextAtOffset": "iu",
            "GetTextBeforeOffset": "iu", "GetTextAfterOffset": "iu", "GetNSelections": "", "GetSelection": "i",
            "SetCaretOffset": "i", "SetSelection": "iii", "AddSelection": "ii", "RemoveSelection": "i",
            "GetAttributes": "i", "GetAttributeRun": "ib", "GetDefaultAttributes": "", "GetDefaultAttributeSet": "",
            "GetCharacterExtents": "iu", "GetRangeExtents": "iiu", "GetOffsetAtPoint": "iiu",
        ],
        Atspi.Interface.editableText: [
            "SetTextContents": "s", "InsertText": "isi", "CopyText": "ii", "CutText": "ii", "DeleteText": "ii",
            "PasteText": "i",
        ],
        Atspi.Interface.selection: [
            "GetSelectedChild": "i", "SelectChild": "i", "DeselectChild": "i", "DeselectSelectedChild": "i",
            "IsChildSelected": "i", "SelectAll": "", "ClearSelection": "",
        ],
        Atspi.Interface.hypertext: ["GetNLinks": "", "GetLink": "i", "GetLinkIndex": "i"],
        Atspi.Interface.hyperlink: ["GetObject": "i", "GetURI": "i", "IsValid": ""],
    ]
}
