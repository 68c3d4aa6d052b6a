@_exported import XKitCore
