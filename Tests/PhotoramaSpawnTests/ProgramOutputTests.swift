import PhotoramaSpawn
import Testing

@Suite("Spawn.output: a helper's printed value, its ending, a limit and a deadline")
struct ProgramOutputTests {
    @Test("the first line, trimmed, and the exit status")
    func firstLineAndStatus() throws {
        let printed = try Spawn.output(
            .path("/bin/sh"), argv: ["sh", "-c", "printf '  key-123 \\nsecond\\n'; exit 3"], environment: [:], timeout: .seconds(20)
        ).get()
        #expect(printed.ending == .exited(3))
        #expect(printed.firstLine == "key-123")
        #expect(printed.output == Array("  key-123 \nsecond\n".utf8))
    }

    @Test("more output than the limit is cut at the limit")
    func limit() throws {
        let printed = try Spawn.output(
            .path("/bin/sh"), argv: ["sh", "-c", "head -c 10000 /dev/zero"], environment: [:], timeout: .seconds(20), limit: 4097
        ).get()
        #expect(printed.ending == .exited(0))
        #expect(printed.output.count == 4097)
    }

    @Test("a program still running at the deadline is killed and reported as timed out; one killed by a signal says which")
    func deadlineAndSignal() throws {
        let hung = try Spawn.output(
            .path("/bin/sh"), argv: ["sh", "-c", "echo partial; exec sleep 60"], environment: [:], timeout: .milliseconds(300)
        ).get()
        #expect(hung.ending == .timedOut)
        #expect(hung.firstLine == "partial")
        let killed = try Spawn.output(.path("/bin/sh"), argv: ["sh", "-c", "kill -TERM $$"], environment: [:], timeout: .seconds(20)).get()
        #expect(killed.ending == .killedBySignal(15))
    }

    @Test("a program that does not exist is a failure value")
    func missing() {
        let result = Spawn.output(.searched("no-such-program-photorama"), argv: ["x"], environment: [:], timeout: .seconds(1))
        #expect(result.failureMessage == "could not start no-such-program-photorama: No such file or directory")
    }
}
