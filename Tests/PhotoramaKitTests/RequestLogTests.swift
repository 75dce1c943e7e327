import Foundation
import TestProcesses
import Testing

@testable import PhotoramaKit

@Suite(.ownThread) struct RequestLogTests {
    func entry(_ number: Int, error: String? = nil) -> RequestLogEntry {
        RequestLogEntry(
            date: Date(timeIntervalSince1970: 1_795_000_000 + Double(number)), method: .get,
            url: "http://127.0.0.1:8080/p\(number)?api_key=***", status: error == nil ? 200 : nil,
            headers: error == nil ? ["content-type": "application/json", "content-length": "\(number)"] : [:],
            bytes: number, duration: .milliseconds(12), error: error)
    }

    @Test func ringKeepsTheLastEntriesOldestFirst() async throws {
        let log = try RequestLog(capacity: 3)
        for number in 1...5 { await log.record(entry(number)) }
        #expect(await log.count == 3)
        #expect(await log.snapshot().map(\.bytes) == [3, 4, 5])
    }

    /// The browser asks for what came after the last entry it posted; the ring still bounds the answer.
    @Test func entriesAfterANumberAreTheNewerOnesTheRingHolds() async throws {
        let log = try RequestLog(capacity: 3)
        #expect(await log.entries(after: 0).entries.isEmpty)
        for number in 1...5 { await log.record(entry(number)) }
        let all = await log.entries(after: 0)
        #expect(all.entries.map(\.bytes) == [3, 4, 5])
        #expect(all.sequence == 5)
        #expect(await log.entries(after: 3).entries.map(\.bytes) == [4, 5])
        #expect(await log.entries(after: 5).entries.isEmpty)
        #expect(await log.entries(after: 9).entries.isEmpty)
        await log.record(entry(6))
        let newest = await log.entries(after: 5)
        #expect(newest.entries.map(\.bytes) == [6])
        #expect(newest.sequence == 6)
    }

    @Test func capacityIsAtLeastOne() async throws {
        let log = try RequestLog(capacity: 0)
        await log.record(entry(1))
        await log.record(entry(2))
        #expect(log.capacity == 1)
        #expect(await log.snapshot().map(\.bytes) == [2])
    }

    @Test func lineHasTimeMethodStatusSizeDurationURLAndSortedHeaders() {
        #expect(
            entry(7).line
                == "2026-11-18T11:06:47Z GET 200 7 B 12 ms http://127.0.0.1:8080/p7?api_key=*** "
                + "content-length=7 content-type=application/json")
        #expect(
            entry(8, error: "Timed out after 500 ms").line
                == "2026-11-18T11:06:48Z GET --- 8 B 12 ms http://127.0.0.1:8080/p8?api_key=*** error=\"Timed out after 500 ms\"")
    }

    @Test func fileGetsOneLinePerExchangeAppendedAfterWhatWasThere() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-log-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("earlier line\n".utf8).write(to: URL(fileURLWithPath: path))
        let log = try RequestLog(capacity: 1, path: path)
        await log.record(entry(1))
        await log.record(entry(2))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == "earlier line\n" + entry(1).line + "\n" + entry(2).line + "\n")
    }

    @Test func aFailingFileWriteStopsTheFileButNotTheLog() async throws {
        // /dev/full accepts the open and fails every write with ENOSPC, like a full disk.
        let log = try RequestLog(capacity: 5, path: "/dev/full")
        await log.record(entry(1))
        await log.record(entry(2))
        #expect(await log.snapshot().map(\.bytes) == [1, 2])
        #expect(await log.fileError == "Cannot write to log file /dev/full")
    }

    @Test func unwritableFileIsReportedAtCreation() {
        #expect(throws: PhotoramaError.invalidInput("Cannot create log file /nonexistent-dir/x/log.txt")) {
            try RequestLog(path: "/nonexistent-dir/x/log.txt")
        }
    }

    @Test func webserviceWritesRedactedLinesToTheFile() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-log-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await withScriptedServer(["/ok": .always(.json(#"{"hello":"file"}"#)), "/gone": .always(.status(410))]) {
            server in
            let transport = LiveTransport()
            let log = try RequestLog(capacity: 10, path: path)
            let service = Webservice(transport: transport, redactor: Redactor(secrets: [testSecret]), log: log)
            let url = { (p: String) in server.url("\(p)?api_key=\(testSecret)&consumer_key=\(testSecret)") }
            _ = try? await service.load(Resource<Greeting>.json(WebRequest(url: url("/ok"))))
            _ = try? await service.load(Resource<Greeting>.json(WebRequest(url: url("/gone"))))
            await transport.shutdown()

            let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
            try #require(lines.count == 2)
            let redacted = "http://127.0.0.1:\(server.port)/ok?api_key=***&consumer_key=***"
            #expect(lines[0].contains(" GET 200 16 B "))
            #expect(lines[0].contains(" \(redacted) content-length=16 content-type=application/json"))
            #expect(lines[1].contains(" GET 410 0 B "))
            #expect(!lines.joined().contains(testSecret))
            #expect(await log.snapshot().map(\.line) == lines)
        }
    }
}
