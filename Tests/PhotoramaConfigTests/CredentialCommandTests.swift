import Foundation
import PhotoramaLocking
import Testing

@testable import PhotoramaConfig

/// `key_command`: the first line of its output is the key; a failure is one line that never holds the key.
@Suite struct CredentialCommandTests {
    let environment = ["PATH": "/usr/bin:/bin"]

    @Test func firstLineOfOutputIsTheKey() throws {
        let key = try CredentialCommand.run(
            ["sh", "-c", "printf '  k3y-value  \\nsecond line\\n'"], name: "flickr.key_command", environment: environment)
        #expect(key == "k3y-value")
    }

    @Test func failureIsOneLineWithoutTheKey() {
        #expect(throws: ConfigError("flickr.key_command failed: sh exited with status 3")) {
            try CredentialCommand.run(
                ["sh", "-c", "echo s3cret-key; echo s3cret-err >&2; exit 3"], name: "flickr.key_command", environment: environment)
        }
        #expect(throws: ConfigError("500px.key_command failed: sh printed no key")) {
            try CredentialCommand.run(["sh", "-c", "echo"], name: "500px.key_command", environment: environment)
        }
        #expect(throws: ConfigError("flickr.key_command failed: sh was killed by signal 9")) {
            try CredentialCommand.run(["sh", "-c", "echo s3cret; kill -9 $$"], name: "flickr.key_command", environment: environment)
        }
        #expect(throws: ConfigError("flickr.key_command failed: no-such-program-xyz could not start: No such file or directory")) {
            try CredentialCommand.run(["no-such-program-xyz"], name: "flickr.key_command", environment: environment)
        }
    }

    /// A helper that waits forever (a prompt it cannot show, a lock) must not freeze every command: it is
    /// killed at the deadline.
    @Test func aCommandThatNeverFinishesIsStoppedAtItsDeadline() async throws {
        // The second it waits is spent on a thread of its own, as the program does, not the pool's.
        let environment = self.environment
        let stopped = await OwnThread.run {
            Result { () throws(ConfigError) in
                try CredentialCommand.run(["sleep", "600"], name: "flickr.key_command", environment: environment, timeout: .seconds(1))
            }
        }
        #expect(throws: ConfigError("flickr.key_command failed: sleep printed no key within 1 s")) { try stopped.get() }
        // Within the deadline nothing changes.
        let key = try CredentialCommand.run(
            ["sh", "-c", "echo k3y"], name: "flickr.key_command", environment: environment, timeout: .seconds(1))
        #expect(key == "k3y")
        #expect(CredentialCommand.defaultTimeout == .seconds(30))
    }

    /// A helper that starts a daemon (as gpg-agent) which keeps its output open: the key is what the helper
    /// printed before it exited, with no wait for the daemon.
    @Test func aGrandchildKeepingTheOutputOpenDoesNotHoldTheKeyBack() throws {
        let key = try CredentialCommand.run(
            ["sh", "-c", "echo k3y; sleep 60 & exit 0"], name: "500px.key_command", environment: environment, timeout: .seconds(20))
        #expect(key == "k3y")
    }
}
