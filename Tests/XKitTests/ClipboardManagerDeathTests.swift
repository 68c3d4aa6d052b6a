// A clipboard manager that takes SAVE_TARGETS and then dies (or lets go of CLIPBOARD_MANAGER) must not
// hold the owner's exit for the whole hand-off limit.
import CX11
import Foundation
import Testing
import XKitTesting
@testable import XKit

extension SelectionTests {
    @Suite(.serialized) @MainActor struct ManagerGone {
        init() throws { _ = try PrivateDisplay.application() }

        /// A fake manager in C: owns CLIPBOARD_MANAGER, says "ready", and on SAVE_TARGETS says
        /// "save" and then either exits without answering or gives the selection up and sleeps.
        private static let source = """
        #include <X11/Xlib.h>
        #include <stdio.h>
        #include <string.h>
        #include <unistd.h>
        int main(int argc, char **argv) {
            int release = argc > 1 && strcmp(argv[1], "release") == 0;
            Display *d = XOpenDisplay(NULL);
            if (!d) return 2;
            Window w = XCreateSimpleWindow(d, DefaultRootWindow(d), 0, 0, 1, 1, 0, 0, 0);
            Atom manager = XInternAtom(d, "CLIPBOARD_MANAGER", False);
            Atom save = XInternAtom(d, "SAVE_TARGETS", False);
            XSetSelectionOwner(d, manager, w, CurrentTime);
            if (XGetSelectionOwner(d, manager) != w) return 3;
            printf("ready\\n"); fflush(stdout);
            for (;;) {
                XEvent e;
                XNextEvent(d, &e);
                if (e.type != SelectionRequest || e.xselectionrequest.target != save) continue;
                printf("save\\n"); fflush(stdout);
                if (!release) _exit(0); /* the server destroys w: no SelectionNotify ever comes */
                XSetSelectionOwner(d, manager, None, CurrentTime);
                XSync(d, False);
                sleep(20);
                return 0;
            }
        }
        """

        private func managerBinary() throws -> String {
            let dir = FileManager.default.temporaryDirectory
            let source = dir.appendingPathComponent("xkit-dying-manager.c")
            let binary = source.deletingPathExtension().path
            try Self.source.write(to: source, atomically: true, encoding: .utf8)
            let built = try runProcess(["sh", "-c", "gcc -o \(binary) \(source.path) $(pkg-config --cflags --libs x11)"], timeout: 60)
            try #require(built.succeeded, "the fake manager did not compile: \(built)")
            return binary
        }

        /// Runs the owner (xkit-clip) under the fake manager in `mode`, ends it, and returns how long
        /// its exit took, whether the manager saw SAVE_TARGETS, and the owner's trace.
        private func exitTime(mode: String) async throws -> (seconds: Double, askedToSave: Bool, trace: String, status: Int32) {
            let managerOut = Pipe()
            let manager = Process()
            manager.executableURL = URL(fileURLWithPath: try managerBinary())
            manager.arguments = [mode]
            manager.environment = ChildEnvironment.make(["DISPLAY": PrivateDisplay.name])
            manager.standardOutput = managerOut
            try manager.run()
            defer { signalChild(manager, SIGKILL) }
            let lines = UncheckedBox(managerOut.fileHandleForReading)
            let firstLine = await offMain { () -> String in
                String(decoding: lines.value.availableData, as: UTF8.self)
            }
            try #require(firstLine.hasPrefix("ready"), "the fake manager did not start: \(firstLine)")

            let text = temporaryFile(Array("kept".utf8))
            let traceFile = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-manager-gone-\(mode).trace").path
            unlink(traceFile)
            defer { unlink(text); unlink(traceFile) }
            let owner = Process()
            owner.executableURL = URL(fileURLWithPath: xkitClipPath)
            owner.arguments = ["-f", text]
            owner.environment = ChildEnvironment.make(["DISPLAY": PrivateDisplay.name, "XKIT_TRACE": traceFile])
            owner.standardInput = FileHandle(forReadingAtPath: "/dev/null")
            owner.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
            owner.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try owner.run()
            for _ in 0..<200 where Pasteboard.general.isOwner || !Pasteboard.general.hasOwner {
                await pause(0.025)
            }
            try #require(Pasteboard.general.hasOwner && !Pasteboard.general.isOwner, "xkit-clip never owned CLIPBOARD")
            let start = Date()
            #expect(signalChild(owner, SIGTERM))
            let box = UncheckedBox(owner)
            await offMain { box.value.waitUntilExit() }
            let seconds = Date().timeIntervalSince(start)
            let said = await offMain { () -> String in
                String(decoding: lines.value.availableData, as: UTF8.self)
            }
            let trace = (try? String(contentsOfFile: traceFile, encoding: .utf8)) ?? ""
            return (seconds, said.contains("save"), trace, owner.terminationStatus)
        }

        @Test func aManagerThatDiesMidHandoffDoesNotHoldTheExit() async throws {
            let run = try await exitTime(mode: "die")
            #expect(run.askedToSave, "the owner must have started the hand-off")
            #expect(Sanitizer.isActive || run.seconds < 1, "exited after \(run.seconds) s; the limit is 3 s")
            #expect(run.trace.contains("\"clipboard.handoff_end\"") && run.trace.contains("manager gone"), "\(run.trace)")
            #expect(run.status == 0)
        }

        @Test func aManagerThatLetsGoOfTheSelectionMidHandoffDoesNotHoldTheExit() async throws {
            let run = try await exitTime(mode: "release")
            #expect(run.askedToSave)
            #expect(Sanitizer.isActive || run.seconds < 1, "exited after \(run.seconds) s; the limit is 3 s")
            #expect(run.trace.contains("manager gone"), "\(run.trace)")
            #expect(run.status == 0)
        }
    }
}
