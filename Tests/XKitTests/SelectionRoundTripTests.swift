// Byte-exact round trips with xclip and xsel as separate processes, in both directions.
import Foundation
import Testing
@testable import XKit

extension SelectionTests {
    @Suite(.serialized) @MainActor struct RoundTrip {
        let app: Application
        let board = Pasteboard.general

        init() throws {
            app = try PrivateDisplay.application()
        }

        nonisolated static let sizes = [10, 1 << 20, 64 << 20]

        @Test(.serialized, arguments: sizes) func xclipAndXselReadExactlyWhatXKitCopied(size: Int) async throws {
            let bytes = mixedScriptText(bytes: size)
            try board.setString(String(decoding: bytes, as: UTF8.self))
            let xclip = await offMain { run("/usr/bin/xclip", ["-o", "-selection", "clipboard"]) }
            #expect(xclip.status == 0)
            #expect(xclip.stdout == Data(bytes), "xclip read \(xclip.stdout.count) of \(bytes.count) bytes")
            let xsel = await offMain { run("/usr/bin/xsel", ["--clipboard", "--output"]) }
            #expect(xsel.status == 0)
            #expect(xsel.stdout == Data(bytes), "xsel read \(xsel.stdout.count) of \(bytes.count) bytes")
        }

        @Test(.serialized, arguments: sizes) func xkitPastesExactlyWhatXclipAndXselOwn(size: Int) async throws {
            let bytes = mixedScriptText(bytes: size)
            let file = temporaryFile(bytes)
            defer { unlink(file) }
            // xsel pauses for seconds between big INCR chunks (our default 3 s inactivity limit is for UIs).
            board.pasteTimeout = 15
            defer { board.pasteTimeout = 3 }
            for (path, arguments) in [("/usr/bin/xclip", ["-quiet", "-i", "-selection", "clipboard"]),
                                      ("/usr/bin/xsel", ["--nodetach", "--input", "--clipboard"])] {
                try board.setString("placeholder")
                let owner = try startOwner(path, arguments, stdin: file)
                // The other program has taken the selection once we have lost it.
                for _ in 0..<200 where board.isOwner { await pause(0.025) }
                #expect(!board.isOwner, "\(path) did not take the selection")
                // Like the anchors' measure.sh, wait until the new owner answers TARGETS with UTF8_STRING.
                for _ in 0..<100 {
                    if let types = try? await board.availableTypes(), types.contains("UTF8_STRING") { break }
                    await pause(0.05)
                }
                var text: String?
                let check = {
                    do { text = try await board.string() } catch {
                        Issue.record("pasting from \(path): \(error); owner running: \(owner.isRunning)")
                    }
                    #expect(text.map { Array($0.utf8) == bytes } == true, "pasting from \(path): \(text?.utf8.count ?? -1) bytes")
                }
                if path.hasSuffix("xsel") && size > 16 << 20 {
                    // xsel as a 64 MiB INCR owner sometimes stalls for good after earlier clients in the
                    // same server (it also pauses for seconds between chunks); see the report.
                    await withKnownIssue("xsel stalls serving 64 MiB over INCR", isIntermittent: true) { await check() }
                } else {
                    await check()
                }
                await stop(owner)
            }
        }

        @Test func invalidUTF8OverINCRIsRefused() async throws {
            // The bad byte sits in the last INCR chunk, so the chunk-by-chunk check must catch it.
            var bytes = mixedScriptText(bytes: 3 << 20)
            bytes[bytes.count - 10] = 0xFF
            let file = temporaryFile(bytes)
            defer { unlink(file) }
            board.pasteTimeout = 15
            defer { board.pasteTimeout = 3 }
            try board.setString("placeholder")
            let owner = try startOwner("/usr/bin/xclip", ["-quiet", "-i", "-selection", "clipboard"], stdin: file)
            for _ in 0..<200 where board.isOwner { await pause(0.025) }
            #expect(!board.isOwner, "xclip did not take the selection")
            for _ in 0..<100 {
                if let types = try? await board.availableTypes(), types.contains("UTF8_STRING") { break }
                await pause(0.05)
            }
            for paste in [{ _ = try await board.utf8Text() }, { _ = try await board.string() }] {
                do {
                    try await paste()
                    Issue.record("invalid UTF-8 was accepted")
                } catch let error as XKitError {
                    guard case .invalidUTF8 = error else { Issue.record("wrong error: \(error)"); continue }
                }
            }
            await stop(owner)
        }
    }
}
