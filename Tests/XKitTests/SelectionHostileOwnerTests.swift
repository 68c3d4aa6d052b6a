// Pasting through the library's Pasteboard from owners that misbehave on purpose (XKitTesting's HostileOwner).
import Foundation
import Testing
@testable import XKit
import XKitTesting

extension SelectionTests {
    @Suite(.serialized) @MainActor struct HostileOwners {
        let app: Application
        let board = Pasteboard.general

        init() throws {
            app = try PrivateDisplay.application()
        }

        /// Pastes with `body` while `behaviour` owns CLIPBOARD; the error thrown (nil on success) and the seconds taken.
        private func pasteError(from behaviour: HostileBehaviour, timeout: Double = 3, timeLimit: Double = 60,
                                limit: Int = 512 << 20, _ body: () async throws -> Void) async throws -> (XKitError?, Double) {
            let owner = try await offMain { Result { try HostileOwner(behaviour, display: PrivateDisplay.name) } }.get()
            defer { owner.stop() }
            board.pasteTimeout = timeout
            board.pasteTimeLimit = timeLimit
            board.maximumPasteBytes = limit
            defer { board.pasteTimeout = 3; board.pasteTimeLimit = 60; board.maximumPasteBytes = 512 << 20 }
            let start = Date()
            do {
                try await body()
                return (nil, Date().timeIntervalSince(start))
            } catch let error as XKitError {
                return (error, Date().timeIntervalSince(start))
            }
        }

        @Test(arguments: [("INTEGER", Int32(32)), ("UTF8_STRING", 16)])
        func aTextPasteAnsweredWithAnotherTypeOrFormatThrowsUnexpectedReply(type: String, format: Int32) async throws {
            for behaviour in [HostileBehaviour.wrongType(type: type, format: format, bytes: Array("abcd".utf8)),
                              .incrWrongType(type: type, format: format, bytes: Array("abcdefgh".utf8), chunk: 4)] {
                for paste in [{ _ = try await board.string() }, { _ = try await board.utf8Text() }] {
                    let (error, _) = try await pasteError(from: behaviour, paste)
                    #expect(error == .unexpectedReply(type: type, format: Int(format), expected: "8-bit UTF8_STRING, STRING or TEXT"),
                            "\(behaviour): \(String(describing: error))")
                }
            }
        }

        @Test func rawDataKeepsTheOwnersFormat() async throws {
            // Format 16 items come back as 2 bytes each, not widened to 4.
            let owner = try await offMain { Result { try HostileOwner(.wrongType(type: "UTF8_STRING", format: 16, bytes: [1, 2, 3, 4]),
                                                                         display: PrivateDisplay.name) } }.get()
            defer { owner.stop() }
            #expect(try await board.data(forType: "UTF8_STRING") == [1, 2, 3, 4])
        }

        @Test func aRefusalNamingNoTargetIsARefusalAtOnceNotATimeout() async throws {
            // Qt answers a conversion it cannot serve with target None; matching refusals by
            // target alone waited out the timeout for each type a drop tried.
            let (error, elapsed) = try await pasteError(from: .refuseNamingNoTarget, timeout: 2) {
                _ = try await board.string()
            }
            #expect(error == .conversionRefused(target: "UTF8_STRING, STRING or TEXT"), "\(String(describing: error))")
            #expect(elapsed < 1, "took \(elapsed) s")
        }

        @Test func theTimeLimitBoundsATricklingPaste() async throws {
            let (error, elapsed) = try await pasteError(from: .trickle(interval: 0.05), timeout: 0.5, timeLimit: 0.8) {
                _ = try await board.string()
            }
            guard case .timeout(let what)? = error else { Issue.record("expected a timeout, got \(String(describing: error))"); return }
            #expect(what.contains("did not finish in time"))
            #expect(elapsed >= 0.75 && elapsed < 1.5, "took \(elapsed) s")
        }

        @Test func aFloodStopsAtTheLimit() async throws {
            let (error, elapsed) = try await pasteError(from: .flood(chunk: 64 << 10), limit: 1 << 20) {
                _ = try await board.utf8Text()
            }
            #expect(error == .tooLarge(limit: 1 << 20))
            #expect(elapsed < 2)
        }

        @Test func anAnnouncedSizeOfFourGiBIsTooLargeAtOnce() async throws {
            let (error, elapsed) = try await pasteError(from: .incr(announced: 0xFFFF_FFFF, bytes: Array("x".utf8), chunk: 1)) {
                _ = try await board.string()
            }
            #expect(error == .tooLarge(limit: 512 << 20))
            #expect(elapsed < 1)
        }
    }
}
