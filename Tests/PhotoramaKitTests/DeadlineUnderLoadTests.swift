import Foundation
import NIOCore
import Testing

@testable import PhotoramaKit

/// Deadlines fire on NIO's event loop: with every thread of Swift's cooperative pool busy with work that
/// never yields, a 1 s deadline still closes the connection at 1 s (seen by a server that runs on the
/// event loop only), and the caller gets "Timed out after 1 s" as soon as the pool is free again.
///
/// Saturating the pool would starve every other suite running in the same process, so this suite runs only
/// in a test process of its own, which `DeadlineUnderLoadTests` starts.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["PHOTORAMA_SATURATE_POOL"] == "1"))
struct SaturatedPoolDeadlineCheck {
    @Test func theDeadlineClosesTheConnectionOnTimeWhileThePoolIsSaturated() async throws {
        let server = try await SilentNIOServer.start()
        let transport = LiveTransport()
        // AsyncHTTPClient traps if a client is dropped without shutdown: shut down whatever happens.
        do {
            try await check(server, transport)
        } catch {
            Issue.record(error)
        }
        await transport.shutdown()
        await server.shutdown()
    }

    private func check(_ server: SilentNIOServer, _ transport: LiveTransport) async throws {
        let service = Webservice(transport: transport, retryPolicy: .never)
        let request = WebRequest(url: server.url("/silent"), limits: LoadLimits(deadline: .seconds(1), maxBodyBytes: 1 << 20))
        let started = NIODeadline.now()
        let load = Task { await loadError(service, Resource<Data>.data(request)) }
        // Wait until the server has the request: the client is then waiting for the answer.
        let clock = ContinuousClock()
        let waitEnd = clock.now + .seconds(30)
        while server.requestedAt.isEmpty {
            guard clock.now < waitEnd else { Issue.record("the request never arrived"); return }
            try await Task.sleep(for: .milliseconds(5))
        }
        let sent = try #require(server.requestedAt.first)
        // Fill every pool thread for 3 s with work that never yields.
        let busy = Duration.milliseconds(3000)
        let spinners = (0..<ProcessInfo.processInfo.activeProcessorCount).map { _ in
            Task.detached { Spin.for(busy) }
        }
        for spinner in spinners { await spinner.value }
        let error = await load.value
        #expect(error == .timeout(.seconds(1)))
        #expect(error?.message == "Timed out after 1 s")
        // The event loop closed the connection at the deadline, long before the pool was free again. (The
        // caller may learn of the failure a moment before the server sees the close: wait for it.)
        let closeEnd = clock.now + .seconds(30)
        while server.closedAt.isEmpty, clock.now < closeEnd { try await Task.sleep(for: .milliseconds(5)) }
        let closed = try #require(server.closedAt.first)
        #expect(closed - started >= .seconds(1))
        let afterRequest = closed - sent
        #expect(afterRequest < .milliseconds(2500), "closed \(afterRequest.nanoseconds / 1_000_000) ms after the request")
    }
}

/// Burns CPU on the current thread without suspending.
enum Spin {
    static func `for`(_ duration: Duration) {
        let end = ContinuousClock.now + duration
        var x: UInt64 = 1
        while ContinuousClock.now < end {
            for _ in 0..<10_000 { x = x &* 6364136223846793005 &+ 1 }
        }
        if x == 0 { print("unreachable") }
    }
}

/// Runs `SaturatedPoolDeadlineCheck` in a child test process and expects it to pass. (Never inside that
/// child: it would start another.)
@Suite(.enabled(if: ProcessInfo.processInfo.environment["PHOTORAMA_SATURATE_POOL"] == nil))
struct DeadlineUnderLoadTests {
    @Test func theSaturatedPoolCheckPassesInAProcessOfItsOwn() async throws {
        var environment = ProcessInfo.processInfo.environment
        environment["PHOTORAMA_SATURATE_POOL"] = "1"
        let arguments = ["--testing-library", "swift-testing", "--filter", "SaturatedPoolDeadlineCheck"]
        let (status, output) = try await ChildProcess.run(CommandLine.arguments[0], arguments, environment: environment)
        #expect(status == 0, "\(output)")
        #expect(output.contains("Test run with 1 test"), "\(output)")
        #expect(output.contains("passed"), "\(output)")
    }
}

/// A child process run to completion, waited for on a thread of its own (never on the cooperative pool).
enum ChildProcess {
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]) async throws -> (Int32, String) {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                do {
                    let output = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-child-\(UUID().uuidString)")
                    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
                    defer { try? FileManager.default.removeItem(at: output) }
                    let handle = try FileHandle(forWritingTo: output)
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: executable)
                    process.arguments = arguments
                    process.environment = environment
                    process.standardOutput = handle
                    process.standardError = handle
                    process.standardInput = FileHandle.nullDevice
                    try process.run()
                    process.waitUntilExit()
                    try handle.close()
                    let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
                    continuation.resume(returning: (process.terminationStatus, text))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.start()
        }
    }
}
