extension TextDirection {
    /// How the `views` trace names an explicit paragraph direction: "ltr" or "rtl".
    var traceName: String { self == .rightToLeft ? "rtl" : "ltr" }
}
