@_exported import XKitCore

/// Xlib also names a type `Font` (a server font id); inside XKit the name means the description.
public typealias Font = XKitCore.Font
