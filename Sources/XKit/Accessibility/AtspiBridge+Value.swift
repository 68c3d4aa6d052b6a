import XKitCore

/// The Value interface: sliders, steppers, progress views and switches give their number and range,
/// and a client may set a slider's or stepper's value as the user would.
extension AtspiBridge {
    func valueProperty(_ name: String, node: AtspiNode) -> DBusValue? {
        guard node.element == nil, let valued = node.view as? AccessibilityValueProviding else { return nil }
        let value = valued.accessibilityValue
        switch name {
        case "CurrentValue": return .double(value.current)
        case "MinimumValue": return .double(value.minimum)
        case "MaximumValue": return .double(value.maximum)
        case "MinimumIncrement": return .double(value.increment)
        case "Text": return .string(value.text)
        default: return nil
        }
    }

    func setCurrentValue(_ value: Double, node: AtspiNode) throws {
        guard node.element == nil, let valued = node.view as? AccessibilityValueProviding, value.isFinite,
              valued.setAccessibilityValue(value) else {
            throw AtspiError(name: "org.freedesktop.DBus.Error.PropertyReadOnly", text: "the value cannot be set")
        }
        application.platform.setNeedsDisplayPass()
    }
}

extension DBusValue {
    /// A number of any D-Bus numeric type, unwrapping a variant.
    var doubleValue: Double? {
        switch self {
        case .double(let v): v
        case .int32(let v): Double(v)
        case .uint32(let v): Double(v)
        case .int64(let v): Double(v)
        case .int16(let v): Double(v)
        case .variant(let inner): inner.doubleValue
        default: nil
        }
    }
}
