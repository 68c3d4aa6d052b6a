/// The demo's command line.
struct DemoOptions {
    var scene = "gallery"
    var screenshotPath: String?
    var exitAfterFirstFrame = false
    var tagCount = 200
    var rowCount = 2000
    /// A file whose text the app puts on CLIPBOARD at start (`xkit-bench keylat` types while it is served).
    var clipboardFile: String?
    /// A file the notes scene opens.
    var file: String?
    /// The document scene's caret at the middle of its file rather than at the end (`xkit-bench textkeys`).
    var caretAtMiddle = false

    static let usage = """
    usage: xkit-demo [--scene gallery|hello|tags|post|scripts|contacts|settings|notes|document] [--tags N] [--rows N] [--screenshot FILE.png] [--exit-after-first-frame]
                     [--clipboard FILE] [--file PATH] [--caret-middle]
      --scene NAME              which window to show (default: gallery)
      --tags N                  how many generated tags the tags scene shows (default 200)
      --rows N                  how many generated contacts the contacts scene lists (default 2000)
      --screenshot FILE.png     render the scene, write it as a PNG and exit
      --exit-after-first-frame  exit once the first frame is on screen (for launch benchmarks)
      --clipboard FILE          own CLIPBOARD with FILE's text from the start (for the keylat benchmark)
      --file PATH               the text the notes or document scene opens (invalid UTF-8 shows as U+FFFD, with a warning)
      --caret-middle            the document scene's caret at the middle of the file, not at its end
    """

    /// Parses arguments; returns an error message for bad input.
    static func parse(_ arguments: [String]) -> Result<DemoOptions, ParseError> {
        var options = DemoOptions()
        var i = 0
        func value(_ flag: String) -> Result<String, ParseError> {
            i += 1
            return i < arguments.count ? .success(arguments[i]) : .failure(ParseError(message: "\(flag) needs a value"))
        }
        while i < arguments.count {
            let arg = arguments[i]
            switch arg {
            case "--scene":
                switch value(arg) { case .success(let v): options.scene = v; case .failure(let e): return .failure(e) }
            case "--screenshot":
                switch value(arg) { case .success(let v): options.screenshotPath = v; case .failure(let e): return .failure(e) }
            case "--tags":
                switch value(arg) {
                case .success(let v):
                    guard let n = Int(v), n >= 0 else { return .failure(ParseError(message: "--tags needs a whole number")) }
                    options.tagCount = n
                case .failure(let e): return .failure(e)
                }
            case "--rows":
                switch value(arg) {
                case .success(let v):
                    guard let n = Int(v), n >= 0, n <= 10_000_000 else { return .failure(ParseError(message: "--rows needs a whole number up to 10000000")) }
                    options.rowCount = n
                case .failure(let e): return .failure(e)
                }
            case "--clipboard":
                switch value(arg) { case .success(let v): options.clipboardFile = v; case .failure(let e): return .failure(e) }
            case "--file":
                switch value(arg) { case .success(let v): options.file = v; case .failure(let e): return .failure(e) }
            case "--exit-after-first-frame": options.exitAfterFirstFrame = true
            case "--caret-middle": options.caretAtMiddle = true
            case "-h", "--help": return .failure(ParseError(message: usage, isHelp: true))
            default: return .failure(ParseError(message: "unknown option \(arg)\n" + usage))
            }
            i += 1
        }
        return .success(options)
    }

    struct ParseError: Error {
        var message: String
        var isHelp = false
    }
}
