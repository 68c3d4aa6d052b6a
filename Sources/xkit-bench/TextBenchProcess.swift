import Glibc

/// Child processes for the text benchmark: run-and-capture, and a private Xvfb when there is no display.
enum TextBenchProcess {
    /// Runs a program (searched in PATH) and returns its exit status and standard output.
    static func run(_ argv: [String]) -> (status: Int32, output: String) {
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else { return (-1, "") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
        guard let pid = spawn(argv, actions: &actions) else {
            close(pipeFDs[0]); close(pipeFDs[1])
            return (-1, "")
        }
        close(pipeFDs[1])
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(pipeFDs[0], &buffer, buffer.count)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        close(pipeFDs[0])
        return (wait(pid), String(decoding: bytes, as: UTF8.self))
    }

    /// A private Xvfb, started with `-displayfd` so it picks a free display number.
    struct Xvfb {
        let pid: pid_t
        let display: String

        static func start() -> Xvfb? {
            var pipeFDs: [Int32] = [0, 0]
            guard pipe(&pipeFDs) == 0 else { return nil }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            let argv = ["Xvfb", "-displayfd", String(pipeFDs[1]), "-noreset", "-nolisten", "tcp", "-screen", "0", "1280x1024x24"]
            guard let pid = spawn(argv, actions: &actions) else {
                close(pipeFDs[0]); close(pipeFDs[1])
                return nil
            }
            close(pipeFDs[1])
            var digits: [UInt8] = []
            var byte: UInt8 = 0
            while read(pipeFDs[0], &byte, 1) == 1, byte != 0x0A { digits.append(byte) }
            close(pipeFDs[0])
            guard !digits.isEmpty else { kill(pid, SIGTERM); _ = wait(pid); return nil }
            return Xvfb(pid: pid, display: ":" + String(decoding: digits, as: UTF8.self))
        }

        func stop() {
            kill(pid, SIGTERM)
            _ = TextBenchProcess.wait(pid)
        }
    }

    private static func spawn(_ argv: [String], actions: inout posix_spawn_file_actions_t) -> pid_t? {
        var pid: pid_t = 0
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for p in cArgs { free(p) } }
        let status = posix_spawnp(&pid, argv[0], &actions, nil, &cArgs, environ)
        return status == 0 ? pid : nil
    }

    private static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS are macros Swift does not import.
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1
    }
}
