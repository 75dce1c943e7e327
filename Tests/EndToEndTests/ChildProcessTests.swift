import Foundation
import TestProcesses
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The tests' own process starter: a child sees only its three streams (a tmux server started by one test
/// must not hold another test's descriptors), and its exit status is read with waitpid.
@Suite struct ChildProcessTests {
    @Test func aChildInheritsOnlyItsThreeStreams() async throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)  // not close-on-exec, like Foundation's socketpair for Process
        defer {
            close(ends[0])
            close(ends[1])
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-fds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        // ls itself opens the directory as descriptor 3.
        let child = try ChildProcess("/bin/ls", ["-1", "/proc/self/fd"], environment: [:], streams: .init(stdout: output.path))
        #expect(await child.exitStatus(within: .seconds(60)) == 0)
        #expect(try String(contentsOf: output, encoding: .utf8) == "0\n1\n2\n3\n")
    }

    @Test func exitStatusesAndSignalsAreReadAsTheShellWouldPrintThem() async throws {
        let exits = try ChildProcess("/bin/sh", ["-c", "exit 3"], environment: [:])
        #expect(await exits.exitStatus(within: .seconds(60)) == 3)
        let sleeper = try ChildProcess("/bin/sleep", ["60"], environment: [:])
        #expect(await sleeper.exitStatus(within: .milliseconds(50)) == nil)
        sleeper.signal(SIGTERM)
        let ended = await sleeper.exitStatus(within: .seconds(60))
        #expect(ended == 128 + SIGTERM)
    }
}
