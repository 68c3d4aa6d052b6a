@_exported import XKitCore

/// Xlib also names a type `Font` (a server font id); inside XKit the name means the description.
public typealias Font = XKitCore.Font

/// Xlib names a window id `Window`; inside XKit the name means the toolkit's window.
public typealias Window = XKitCore.Window

/// Xlib names a cursor id `Cursor`; inside XKit the name means the pointer shape.
public typealias Cursor = XKitCore.Cursor
