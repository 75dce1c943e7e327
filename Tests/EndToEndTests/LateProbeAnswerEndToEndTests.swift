import Foundation
import PhotoramaLocking
import Testing

/// A terminal whose answers come late, as over an SSH link with a long round trip: the probe waits for
/// them where they are likely late (over SSH, or a terminal whose variables show it is there), so `auto`
/// still gets kitty's pictures; elsewhere it stops at 120 ms and the late answers are dropped.
@Suite(.serialized) struct LateProbeAnswerEndToEndTests {
    /// Kitty's pictures (streamed or handed over) written before the grid has settled, with kitty's answers
    /// 400 ms after the question.
    static func kittyTransmissions(sshConnection: String?) throws -> Int {
        let folder = try KittyHandoffEndToEndTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var environment = KittyHandoffEndToEndTests.environment(folder)
        environment["KITTY_WINDOW_ID"] = nil
        environment["SSH_CONNECTION"] = sshConnection
        let kitty = KittyHandoffEndToEndTests.LocalKitty(picturesToo: true)
        let run = try PseudoTerminalRun(
            ["--demo", "--seed", "7", "--thumbnails", "on"], environment: environment,
            reply: KittyHandoffEndToEndTests.answers(sharedMemory: true), columns: 120, rows: 40, replyDelay: .milliseconds(400),
            beforeReply: { kitty.take($0) })
        // Kitty's pictures, or the half blocks' colours, whichever the browser chose.
        try run.waitFor("the grid's pictures") { output in
            kitty.take(output)
            return KittyHandoffEndToEndTests.transmissions(output).count >= 6
                || PseudoTerminalRun.occurrences(of: Array("▀".utf8), in: output) >= 200
        }
        let count = KittyHandoffEndToEndTests.transmissions(run.output).count
        run.send("q")
        _ = try run.waitForExit()
        return count
    }

    @Test("over SSH, kitty's answers 400 ms late still give kitty's pictures")
    func lateAnswersOverSSH() async throws {
        let count = try await OwnThread.run { () throws in try Self.kittyTransmissions(sshConnection: "10.0.0.2 50000 10.0.0.1 22") }
        #expect(count >= 6)
    }

    @Test("on this machine with nothing saying a terminal is there, answers 400 ms late are missed: half blocks")
    func lateAnswersElsewhere() async throws {
        let count = try await OwnThread.run { () throws in try Self.kittyTransmissions(sshConnection: nil) }
        #expect(count == 0)
    }
}
