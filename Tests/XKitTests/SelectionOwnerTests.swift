// XKit as the selection owner, questioned by a raw second X client that sends requests by hand.
import CX11
import Foundation
import Testing
@_spi(Testing) @testable import XKit

extension SelectionTests {
    @Suite(.serialized) @MainActor struct Owner {
        let app: Application
        let board = Pasteboard.general

        init() throws {
            app = try PrivateDisplay.application()
        }

        private var hub: SelectionHub { get throws { try SelectionHub.shared() } }

        @Test func targetsListsExactlyWhatConverts() async throws {
            try board.setString("café")
            let names = await offMain { () -> [String] in
                let raw = RawClient()
                guard let reply = raw.fetch(target: "TARGETS"), reply.type == "ATOM" else { return [] }
                return reply.items.map { raw.name(Atom(UInt(bitPattern: $0))) }
            }
            #expect(names == ["TARGETS", "UTF8_STRING", "STRING", "TEXT", "text/plain;charset=utf-8",
                              "TIMESTAMP", "MULTIPLE", "SAVE_TARGETS"])
            // With no Latin-1 form, STRING would be refused, so it is not offered.
            try board.setString("5 €")
            let withEuro = await offMain { () -> [String] in
                let raw = RawClient()
                return raw.fetch(target: "TARGETS")?.items.map { raw.name(Atom(UInt(bitPattern: $0))) } ?? []
            }
            #expect(!withEuro.contains("STRING") && withEuro.contains("UTF8_STRING") && !withEuro.contains("INCR"))
        }

        @Test func aSlowRepresentationIsMadeOffTheMainActorWhileOtherRequestsAreAnswered() async throws {
            let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
            var item = PasteboardItem()
            item.setBackgroundDataProvider(forType: "image/png") {
                started.signal()
                // Made on the main actor, this wait would stall every other request for 5 s.
                _ = release.wait(timeout: .now() + 5)
                return Array(repeating: 7, count: 300_000)
            }
            try board.setItem(item)
            async let png = offMain { RawClient().fetch(target: "image/png")?.bytes }
            let whileMaking = await offMain { () -> (Bool, Double) in
                guard started.wait(timeout: .now() + 5) == .success else { return (false, 0) }
                let begin = Date()
                let targets = RawClient().fetch(target: "TARGETS")
                release.signal()
                return (targets != nil, Date().timeIntervalSince(begin))
            }
            #expect(whileMaking.0, "TARGETS was answered while the PNG was being made")
            #expect(whileMaking.1 < 1, "TARGETS took \(whileMaking.1) s")
            #expect(await png == Array(repeating: 7, count: 300_000), "the waiting requestor gets the bytes, through INCR")
        }

        @Test func aStreamedRepresentationIsSentWhileItIsStillBeingMade() async throws {
            let first = (0..<600_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            let second = (0..<900_000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 1) }
            let release = DispatchSemaphore(value: 0)
            var item = PasteboardItem()
            item.setStreamingDataProvider(forType: "image/png") { write in
                write(first)
                // The second piece waits until the requestor is being sent the first.
                guard release.wait(timeout: .now() + 5) == .success else { throw PasteboardError("never released") }
                write(second)
            }
            try board.setItem(item)
            let sender = try hub.sender
            async let png = offMain { RawClient().fetch(target: "image/png")?.bytes }
            var transferBegan = false
            for _ in 0..<500 where !transferBegan {
                try await Task.sleep(for: .milliseconds(10))
                transferBegan = sender.activeCount > 0
            }
            release.signal()
            #expect(transferBegan, "an INCR transfer began before the representation was finished")
            let received = await png
            #expect(received?.count == first.count + second.count)
            #expect(received.map { $0 == first + second } == true, "the pieces arrive whole and in order")
        }

        @Test func aStreamThatFailsPartWayEndsItsTransferAndTheOwnerGoesOn() async throws {
            let first = [UInt8](repeating: 3, count: 400_000)
            let release = DispatchSemaphore(value: 0)
            var item = PasteboardItem(string: "still here")
            item.setStreamingDataProvider(forType: "image/png") { write in
                write(first)
                _ = release.wait(timeout: .now() + 5)
                throw PasteboardError("the encoder gave up")
            }
            try board.setItem(item)
            let sender = try hub.sender
            async let png = offMain { RawClient().fetch(target: "image/png")?.bytes }
            for _ in 0..<500 where sender.activeCount == 0 { try await Task.sleep(for: .milliseconds(10)) }
            release.signal()
            let received = await png
            #expect(received?.count == first.count)
            #expect(received.map { $0 == first } == true, "the requestor is not left waiting: it gets what was made, and the trace says why it is short")
            #expect(sender.activeCount == 0)
            // A later request for the failed type is refused at once; the text is still served.
            let later = await offMain { (RawClient().convert(target: "image/png")?.property, RawClient().fetch(target: "UTF8_STRING")?.bytes) }
            #expect(later.0 == 0)
            #expect(later.1 == Array("still here".utf8))
        }

        @Test func stringIsLatin1AndRefusedWithoutALatin1Form() async throws {
            try board.setString("café")
            let latin = await offMain { RawClient().fetch(target: "STRING").map { ($0.type, $0.bytes) } }
            #expect(latin?.0 == "STRING")
            #expect(latin?.1 == [0x63, 0x61, 0x66, 0xE9])
            try board.setString("5 €")
            let refused = await offMain { RawClient().convert(target: "STRING")?.property }
            #expect(refused == 0)
        }

        @Test func textRepliesWithARealType() async throws {
            try board.setString("naïve 日本")
            let reply = await offMain { RawClient().fetch(target: "TEXT").map { ($0.type, $0.bytes) } }
            #expect(reply?.0 == "UTF8_STRING")
            #expect(reply?.1 == Array("naïve 日本".utf8))
        }

        @Test func unsupportedTargetIsRefusedWithFieldsEchoed() async throws {
            try board.setString("x")
            let result = await offMain { () -> (Bool, Bool, Bool, Bool) in
                let raw = RawClient()
                let time = raw.serverTime()
                guard let notify = raw.convert(target: "image/png", time: time) else { return (false, false, false, false) }
                return (notify.property == 0, notify.selection == raw.atom("CLIPBOARD"),
                        notify.target == raw.atom("image/png"), notify.time == time)
            }
            #expect(result == (true, true, true, true))
        }

        @Test func multipleConvertsEachPairAndMarksFailures() async throws {
            try board.setString("café")
            let result = await offMain { () -> (notified: Bool, pairs: [String], utf8: [UInt8], latin: [UInt8]) in
                let raw = RawClient()
                let list = [raw.atom("UTF8_STRING"), raw.atom("P_ONE"), raw.atom("image/png"), raw.atom("P_TWO"),
                            raw.atom("STRING"), raw.atom("P_THREE")].map { Int($0) }
                let multi = raw.atom("RAW_MULTI")
                list.withUnsafeBytes { bytes in
                    _ = XChangeProperty(raw.display, raw.window, multi, raw.atom("ATOM_PAIR"), 32, PropModeReplace,
                                        bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(list.count))
                }
                XSync(raw.display, 0)
                let notify = raw.convert(target: "MULTIPLE", property: "RAW_MULTI", clear: false)
                let back = raw.read(multi)?.items.map { raw.name(Atom(UInt(bitPattern: $0))) } ?? []
                return (notify?.property == multi, back, raw.read(raw.atom("P_ONE"))?.bytes ?? [],
                        raw.read(raw.atom("P_THREE"))?.bytes ?? [])
            }
            #expect(result.notified)
            #expect(result.pairs == ["UTF8_STRING", "P_ONE", "image/png", "None", "STRING", "P_THREE"])
            #expect(result.utf8 == Array("café".utf8))
            #expect(result.latin == [0x63, 0x61, 0x66, 0xE9])
        }

        @Test func propertyNoneUsesTheTargetAsProperty() async throws {
            try board.setString("old client")
            let result = await offMain { () -> (Bool, [UInt8]) in
                let raw = RawClient()
                let notify = raw.convert(target: "UTF8_STRING", property: nil)
                let target = raw.atom("UTF8_STRING")
                return (notify?.property == target, raw.read(target)?.bytes ?? [])
            }
            #expect(result.0)
            #expect(result.1 == Array("old client".utf8))
        }

        @Test func timestampsBeforeAcquisitionAreRefusedAndStaleClearsIgnored() async throws {
            try board.setString("timed")
            let acquired = try hub.owner(for: hub.atoms.clipboard).acquiredAt
            let result = await offMain { () -> (stamp: Int, stale: Atom, zero: Atom, now: Atom) in
                let raw = RawClient()
                let stamp = raw.fetch(target: "TIMESTAMP")?.items.first ?? -1
                let stale = raw.convert(target: "UTF8_STRING", time: Time(stamp) - 1000)?.property ?? 99
                let zero = raw.convert(target: "UTF8_STRING", time: 0)?.property ?? 0
                let now = raw.convert(target: "UTF8_STRING", time: raw.serverTime())?.property ?? 0
                // A SelectionClear from before we took the selection must not end our ownership.
                var clear = XEvent()
                clear.xselectionclear.type = SelectionClear
                clear.xselectionclear.window = XGetSelectionOwner(raw.display, raw.atom("CLIPBOARD"))
                clear.xselectionclear.selection = raw.atom("CLIPBOARD")
                clear.xselectionclear.time = Time(stamp) - 500
                XSendEvent(raw.display, clear.xselectionclear.window, 0, 0, &clear)
                XSync(raw.display, 0)
                return (stamp, stale, zero, now)
            }
            #expect(result.stamp == Int(acquired))
            #expect(result.stale == 0)
            #expect(result.zero != 0)
            #expect(result.now != 0)
            await pause(0.2)
            #expect(board.isOwner)
        }

        @Test func requestorDestroyedBeforeTheReplyIsSurvived() async throws {
            for size in [10, 3 << 20] {
                let text = String(decoding: mixedScriptText(bytes: size), as: UTF8.self)
                try board.setString(text)
                await offMain {
                    let raw = RawClient()
                    var attributes = XSetWindowAttributes()
                    let doomed = XCreateWindow(raw.display, XDefaultRootWindow(raw.display), 0, 0, 1, 1, 0, 0,
                                               UInt32(InputOnly), nil, 0, &attributes)
                    XConvertSelection(raw.display, raw.atom("CLIPBOARD"), raw.atom("UTF8_STRING"), raw.atom("P"), doomed, 0)
                    XDestroyWindow(raw.display, doomed)
                    XSync(raw.display, 0)
                }
                await pause(0.2)
                #expect(Pasteboard.activeTransferCount == 0)
                let again = await offMain { RawClient().fetch(target: "UTF8_STRING")?.bytes }
                #expect(again == Array(text.utf8))
            }
        }

        @Test func requestorDestroyedMidIncrIsDroppedAndTheOwnerStillAnswers() async throws {
            let bytes = mixedScriptText(bytes: 5 << 20)
            try board.setString(String(decoding: bytes, as: UTF8.self))
            let gotChunk = await offMain { () -> Bool in
                let raw = RawClient()
                guard let notify = raw.convert(target: "UTF8_STRING"), notify.property != 0,
                      raw.read(notify.property, delete: true)?.type == "INCR",
                      let part = raw.readIncr(notify.property, stopAfter: 1) else { return false }
                XDestroyWindow(raw.display, raw.window)
                XSync(raw.display, 0)
                return !part.isEmpty
            }
            #expect(gotChunk)
            await pause(0.3)
            #expect(Pasteboard.activeTransferCount == 0)
            let again = await offMain { RawClient().fetch(target: "UTF8_STRING")?.bytes }
            #expect(again == bytes)
        }

        @Test func stalledIncrRequestorDoesNotBlockOthersAndTimesOut() async throws {
            let sender = try hub.sender
            let saved = sender.timeout
            sender.timeout = 1
            defer { sender.timeout = saved }
            let bytes = mixedScriptText(bytes: 4 << 20)
            try board.setString(String(decoding: bytes, as: UTF8.self))
            let stalled = RawClient()
            let started = await offMain { () -> Bool in
                // Start the transfer, take the first chunk's notice, then never delete again.
                guard let notify = stalled.convert(target: "UTF8_STRING"), notify.property != 0 else { return false }
                return stalled.read(notify.property, delete: true)?.type == "INCR"
            }
            #expect(started)
            let other = await offMain { RawClient().fetch(target: "UTF8_STRING")?.bytes }
            #expect(other == bytes)
            #expect(Pasteboard.activeTransferCount == 1)
            await pause(2)
            #expect(Pasteboard.activeTransferCount == 0)
            withExtendedLifetime(stalled) {}
        }

        @Test func twoConcurrentIncrReadersBothGetEverything() async throws {
            let bytes = mixedScriptText(bytes: 6 << 20)
            try board.setString(String(decoding: bytes, as: UTF8.self))
            async let first = offMain { RawClient().fetch(target: "UTF8_STRING", property: "A")?.bytes }
            async let second = offMain { RawClient().fetch(target: "text/plain;charset=utf-8", property: "B")?.bytes }
            let (a, b) = await (first, second)
            #expect(a == bytes)
            #expect(b == bytes)
        }

        @Test func pastingFromOurselvesMakesARealRoundTripWithoutDeadlock() async throws {
            let bytes = mixedScriptText(bytes: 3 << 20)
            let text = String(decoding: bytes, as: UTF8.self)
            try board.setString(text)
            board.usesOwnerShortcut = false
            defer { board.usesOwnerShortcut = true }
            #expect(try await board.string() == text)
            #expect(try await board.availableTypes().contains("SAVE_TARGETS"))
            #expect(try await board.data(forType: "STRING") == nil)
        }
    }
}
