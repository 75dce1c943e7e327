import Foundation
import PhotoramaLocking
import Testing

/// Sixel palettes of the terminal's colour registers (XTSMGRAPHICS, in the probe's batch): `show` and the
/// browser on a pseudo-terminal the test plays, a sixel terminal (DA1 with 4) that reports 16 registers, or
/// says nothing of them (256).
@Suite(.serialized) struct SixelColorRegistersEndToEndTests {
    static let sixelDA1 = "\u{1B}[?63;1;4c"
    static let sixteenRegisters = "\u{1B}[?1;0;16S"

    /// An xterm's own variable, as xterm sets it: the probe waits up to 1 s for its answers (120 ms would
    /// miss them on a loaded machine, and a silent terminal gets no sixel).
    static let environment = [
        "TERM": "xterm", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin", "XTERM_VERSION": "XTerm(379)",
    ]

    static let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/photos/coffee.jpg").path

    /// Each complete sixel sequence in `stream` (DCS … q … ST), as the number of colour registers it defines
    /// (`#n;2;r;g;b`).
    static func definitions(_ stream: [UInt8]) -> [Int] {
        String(decoding: stream, as: UTF8.self).matches(of: #/\x1BP[0-9;]*q[^\x1B]*\x1B\\/#).map { sequence in
            sequence.output.matches(of: #/#[0-9]+;2;[0-9]+;[0-9]+;[0-9]+/#).count
        }
    }

    /// `show` of a photograph at 20×8 cells with `--images auto`, the terminal answering `reply`.
    static func show(reply: String) async throws -> [Int] {
        try await OwnThread.run { () throws -> [Int] in
            let run = try PseudoTerminalRun(["show", photo, "--size", "20x8"], environment: environment, reply: Array(reply.utf8))
            let status = try run.waitForExit()
            #expect(status == 0)
            return definitions(run.output)
        }
    }

    @Test func showGivesA16RegisterTerminal16Colours() async throws {
        #expect(try await Self.show(reply: Self.sixteenRegisters + Self.sixelDA1) == [16])
    }

    @Test func showGivesATerminalThatDoesNotSay256Colours() async throws {
        #expect(try await Self.show(reply: Self.sixelDA1) == [256])
    }

    @Test func theBrowsersThumbnailsInA16RegisterTerminalHave16Colours() async throws {
        let counts = try await OwnThread.run { () throws -> [Int] in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-registers-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            var environment = Self.environment
            for (name, path) in [("XDG_DATA_HOME", "/data"), ("XDG_CACHE_HOME", "/cache"), ("XDG_CONFIG_HOME", "/config"), ("HOME", "")] {
                environment[name] = folder + path
            }
            let run = try PseudoTerminalRun(
                ["--demo", "--seed", "7", "--thumbnails", "on"], environment: environment,
                reply: Array((Self.sixteenRegisters + Self.sixelDA1).utf8))
            try run.waitFor("a sixel thumbnail") { !Self.definitions($0).isEmpty }
            run.send("q")
            #expect(try run.waitForExit() == 0)
            return Self.definitions(run.output)
        }
        #expect(!counts.isEmpty)
        #expect(counts.allSatisfy { $0 == 16 }, "\(counts)")
    }
}
