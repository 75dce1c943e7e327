import Foundation
import ScreenCapture
import Testing

/// A session removes what it made (its data and cache folders, the tmux socket) as soon as it is let go
/// of, not in a task that may never run before the test process exits.
@Suite struct TmuxSessionCleanupTests {
    @Test func aSessionLeavesNothingBehindOnceReleased() async throws {
        var session: TmuxSession? = try await TmuxSession.start(command: "mkdir -p \"$XDG_DATA_HOME/photorama\"", columns: 40, rows: 10)
        let made = try #require(session?.folders)
        let socket = try #require(session?.socket)
        #expect(made.count == 2)
        try await session?.waitFor("the command to finish", deadline: .seconds(30)) { $0.contains("exit=0") }
        #expect(FileManager.default.fileExists(atPath: made[0] + "/photorama"))
        session = nil
        for folder in made {
            #expect(!FileManager.default.fileExists(atPath: folder), "\(folder)")
        }
        #expect(!FileManager.default.fileExists(atPath: TmuxSocketFolder.path + "/" + socket))
    }
}
