// Clipboard-manager hand-off on exit (xkit-clip as the owner process) and pasting from a hung owner.
import CX11
import CXTest
import Foundation
import Testing
@testable import XKit

extension SelectionTests {
    @Suite(.serialized) @MainActor struct Handoff {
        let app: Application

        init() throws {
            app = try PrivateDisplay.application()
        }

        /// Starts `xkit-clip -f` owning `bytes` and waits until it owns CLIPBOARD.
        private func startXkitClip(_ bytes: [UInt8]) async throws -> (Process, String) {
            let file = temporaryFile(bytes)
            let owner = try startOwner(xkitClipPath, ["-f", file], stdin: "/dev/null")
            for _ in 0..<200 where Pasteboard.general.isOwner || !Pasteboard.general.hasOwner {
                await pause(0.025)
            }
            return (owner, file)
        }

        @Test func clipboardManagerSavesTheDataBeforeTheOwnerExits() async throws {
            let bytes = mixedScriptText(bytes: 3 << 20)
            try Pasteboard.general.setString("before")
            let manager = RawClient()
            let ready = await offMain { () -> Bool in
                XSetSelectionOwner(manager.display, manager.atom("CLIPBOARD_MANAGER"), manager.window, manager.serverTime())
                XSync(manager.display, 0)
                return XGetSelectionOwner(manager.display, manager.atom("CLIPBOARD_MANAGER")) == manager.window
            }
            #expect(ready)
            let (owner, file) = try await startXkitClip(bytes)
            defer { unlink(file) }
            #expect(!Pasteboard.general.isOwner)
            #expect(signalChild(owner, SIGTERM))
            let box = UncheckedBox(owner)
            let result = await offMain { () -> (targets: [String], saved: [UInt8]?, owns: Bool, exitedAfterReply: Bool) in
                // Act as the manager: wait for SAVE_TARGETS, copy CLIPBOARD (INCR), take it over, then answer.
                guard let request = manager.waitEvent(timeout: 5, { $0.type == SelectionRequest })?.xselectionrequest,
                      request.target == manager.atom("SAVE_TARGETS") else { return ([], nil, false, false) }
                let targets = manager.read(request.property, window: request.requestor)?.items
                    .map { manager.name(Atom(UInt(bitPattern: $0))) } ?? []
                let saved = manager.fetch(target: "UTF8_STRING", property: "SAVED")?.bytes
                XSetSelectionOwner(manager.display, manager.atom("CLIPBOARD"), manager.window, manager.serverTime())
                let stillRunning = box.value.isRunning
                var reply = XEvent()
                reply.xselection.type = SelectionNotify
                reply.xselection.requestor = request.requestor
                reply.xselection.selection = request.selection
                reply.xselection.target = request.target
                reply.xselection.property = request.property
                reply.xselection.time = request.time
                XSendEvent(manager.display, request.requestor, 0, 0, &reply)
                XSync(manager.display, 0)
                box.value.waitUntilExit()
                let owns = XGetSelectionOwner(manager.display, manager.atom("CLIPBOARD")) == manager.window
                return (targets, saved, owns, stillRunning)
            }
            #expect(result.targets.contains("UTF8_STRING") && !result.targets.contains("TARGETS"))
            #expect(result.saved == bytes, "the manager saved \(result.saved?.count ?? -1) bytes")
            #expect(result.exitedAfterReply, "the owner must keep serving until the manager answers")
            #expect(result.owns)
            #expect(owner.terminationStatus == 0)
            withExtendedLifetime(manager) {}
        }

        @Test func anUnansweringManagerDelaysExitByAtMostTheLimit() async throws {
            let manager = RawClient()
            await offMain { manager.own("CLIPBOARD_MANAGER") }
            let (owner, file) = try await startXkitClip(Array("hello".utf8))
            defer { unlink(file) }
            let start = Date()
            #expect(signalChild(owner, SIGTERM))
            let box = UncheckedBox(owner)
            await offMain { box.value.waitUntilExit() }
            let elapsed = Date().timeIntervalSince(start)
            #expect(elapsed > 2.5 && elapsed < 4.5, "exited after \(elapsed) s")
            withExtendedLifetime(manager) {}
        }

        @Test func withoutAManagerTheOwnerExitsAtOnce() async throws {
            let (owner, file) = try await startXkitClip(Array("hello".utf8))
            defer { unlink(file) }
            let noManager = await offMain { () -> Bool in
                let raw = RawClient()
                return withExtendedLifetime(raw) { XGetSelectionOwner(raw.display, raw.atom("CLIPBOARD_MANAGER")) == 0 }
            }
            #expect(noManager)
            let start = Date()
            #expect(signalChild(owner, SIGTERM))
            let box = UncheckedBox(owner)
            await offMain { box.value.waitUntilExit() }
            #expect(Date().timeIntervalSince(start) < 1)
        }

        @Test func pastingFromAHungOwnerTimesOutWhileTheUIKeepsWorking() async throws {
            let board = Pasteboard.general
            app.terminatesAfterLastWindowClosed = false  // closing the test window must not end the test process
            let window = Window(title: "paste", size: Size(width: 120, height: 80), origin: Point(x: 0, y: 0), app: app)
            window.show()
            for _ in 0..<100 where !window.hasDrawnFirstFrame { await pause(0.02) }
            final class Counter { var keys = 0; var ticks = 0 }
            let counter = Counter()
            let observer = app.x11!.eventLoop.addObserver { event in
                if event.type == KeyPress { counter.keys += 1 }
            }
            defer { app.x11!.eventLoop.removeObserver(observer); window.close() }
            let hung = RawClient()
            await offMain { hung.own("CLIPBOARD") }
            board.pasteTimeout = 0.6
            defer { board.pasteTimeout = 3 }
            func tick() {
                counter.ticks += 1
                if counter.ticks < 100 { app.schedule(after: 0.05) { tick() } }
            }
            tick()
            let xid = window.x11ID ?? 0
            // A real key press, through XTest from another connection, while the paste waits.
            let typist = Thread {
                let raw = RawClient()
                usleep(200_000)
                XSetInputFocus(raw.display, xid, RevertToParent, 0)
                let keycode = XKeysymToKeycode(raw.display, KeySym(XK_a))
                XTestFakeKeyEvent(raw.display, UInt32(keycode), 1, 0)
                XTestFakeKeyEvent(raw.display, UInt32(keycode), 0, 0)
                XSync(raw.display, 0)
            }
            typist.start()
            let start = Date()
            var error: Error?
            do { _ = try await board.string() } catch let caught { error = caught }
            let elapsed = Date().timeIntervalSince(start)
            if case .timeout? = error as? XKitError {} else { Issue.record("expected a timeout, got \(String(describing: error))") }
            #expect(elapsed >= 0.55 && elapsed < 1.5)
            #expect(counter.ticks >= 6, "timer ticks during the wait: \(counter.ticks)")
            #expect(counter.keys >= 1, "the key press was handled during the wait")
            counter.ticks = 100
            withExtendedLifetime(hung) {}
        }
    }
}
