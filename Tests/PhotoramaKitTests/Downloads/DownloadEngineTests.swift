import Foundation
import TestProcesses
import Testing

@testable import PhotoramaKit

/// The engine against a real loopback server that cuts connections, ignores ranges or lies.
@Suite(.ownThread) struct DownloadEngineTests {
    // MARK: - Fixtures and helpers
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 7) }
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 100)
    static let photo = Photo(provider: .flickr, id: "42", title: "Harbour at dusk")

    func engine(_ transport: LiveStreamingTransport, opener: DownloadWriterOpener? = nil) -> DownloadEngine {
        var engine = DownloadEngine(transport: transport, retryDelay: .milliseconds(1))
        if let opener { engine.openWriter = opener }
        return engine
    }

    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "photorama-dl-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func names(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    func bytes(_ path: String) -> [UInt8] {
        FileManager.default.contents(atPath: path).map { Array($0) } ?? []
    }

    // MARK: - Resuming and starting over
    @Test func aCutConnectionResumesWithARangeRequest() async throws {
        let body = Self.jpeg
        let half = body.count / 2
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let transport = LiveStreamingTransport()
        let path = try await withScriptedServer([
            "/o.jpg": ScriptedRoute { request, index in
                if index == 0 { return .truncated(declaredLength: body.count, body: Array(body[..<half])) }
                guard request.header("Range") == "bytes=\(half)-" else { return .status(400) }
                return .respond(
                    status: 206, headers: [("Content-Range", "bytes \(half)-\(body.count - 1)/\(body.count)")],
                    body: Array(body[half...]))
            }
        ]) { server in
            let path = try await engine(transport).download(Self.photo, from: server.url("/o.jpg"), into: dir)
            #expect(server.requests(to: "/o.jpg").map { $0.header("Range") } == [nil, "bytes=\(half)-"])
            return path
        }
        await transport.shutdown()
        #expect(path == dir + "/Harbour at dusk - 42.jpg")
        #expect(bytes(path) == body)
        #expect(names(dir) == ["Harbour at dusk - 42.jpg"])
    }

    @Test func aServerIgnoringTheRangeStartsOverCleanly() async throws {
        let body = Self.jpeg
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // What an earlier run left behind, which the server will not continue.
        _ = FileManager.default.createFile(atPath: dir + "/Harbour at dusk - 42.part", contents: Data(repeating: 1, count: 300))
        let transport = LiveStreamingTransport()
        let path = try await withScriptedServer(["/o.jpg": .always(.respond(status: 200, body: body))]) { server in
            let path = try await engine(transport).download(Self.photo, from: server.url("/o.jpg"), into: dir)
            #expect(server.requests(to: "/o.jpg").map { $0.header("Range") } == ["bytes=300-"])
            return path
        }
        await transport.shutdown()
        #expect(bytes(path) == body)
        #expect(names(dir) == ["Harbour at dusk - 42.jpg"])
    }

    @Test func aBodyThatNeverCompletesLeavesNoFinalFile() async throws {
        let body = Self.jpeg
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let transport = LiveStreamingTransport()
        let port = try await withScriptedServer([
            "/o.jpg": .always(.truncated(declaredLength: body.count, body: Array(body[..<1000])))
        ]) { server in
            await #expect(
                throws: DownloadError.network(
                    .connectionLost(
                        "127.0.0.1:\(server.port) closed the connection before the response was complete"))
            ) {
                try await engine(transport).download(Self.photo, from: server.url("/o.jpg"), into: dir)
            }
            #expect(server.requests(to: "/o.jpg").count == 3)
            return server.port
        }
        await transport.shutdown()
        _ = port
        // Only the partial file remains, for a later run to resume.
        #expect(names(dir) == ["Harbour at dusk - 42.part"])
    }

    // MARK: - Refused ranges
    @Test func aRangeThatDoesNotAddUpIsRefused() async throws {
        let body = Self.jpeg
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = FileManager.default.createFile(atPath: dir + "/Harbour at dusk - 42.part", contents: Data(body[..<100]))
        let transport = LiveStreamingTransport()
        _ = try await withScriptedServer([
            // Claims a total bigger than what it sends: the file would be short.
            "/o.jpg": .always(
                .respond(
                    status: 206, headers: [("Content-Range", "bytes 100-\(body.count - 1)/\(body.count + 50)")],
                    body: Array(body[100...])))
        ]) { server in
            await #expect(throws: DownloadError.lengthMismatch(expected: Int64(body.count + 50), received: Int64(body.count))) {
                try await engine(transport).download(Self.photo, from: server.url("/o.jpg"), into: dir)
            }
        }
        await transport.shutdown()
        #expect(names(dir) == [])
    }

    // MARK: - File names and types
    @Test func anExistingFileIsNeverOverwritten() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = FileManager.default.createFile(atPath: dir + "/Harbour at dusk - 42.jpg", contents: Data("old".utf8))
        let transport = LiveStreamingTransport()
        let path = try await withScriptedServer(["/o.jpg": .always(.respond(status: 200, body: Self.jpeg))]) { server in
            try await engine(transport).download(Self.photo, from: server.url("/o.jpg"), into: dir)
        }
        await transport.shutdown()
        #expect(path == dir + "/Harbour at dusk (2) - 42.jpg")
        #expect(bytes(dir + "/Harbour at dusk - 42.jpg") == Array("old".utf8))
        #expect(bytes(path) == Self.jpeg)
    }

    @Test func theExtensionComesFromTheContent() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let transport = LiveStreamingTransport()
        let path = try await withScriptedServer(["/photo.jpg": .always(.respond(status: 200, body: Self.png))]) { server in
            try await engine(transport).download(Self.photo, from: server.url("/photo.jpg"), into: dir)
        }
        #expect(path == dir + "/Harbour at dusk - 42.png")
        _ = try await withScriptedServer(["/photo.jpg": .always(.html("<html>nope</html>", status: 200))]) { server in
            await #expect(throws: DownloadError.notAnImage) {
                try await engine(transport).download(Self.photo, from: server.url("/photo.jpg"), into: dir)
            }
        }
        await transport.shutdown()
        #expect(names(dir) == ["Harbour at dusk - 42.png"])
    }

    // MARK: - Full disks and insecure hosts
    @Test func aFullDiskSaysSoAndLeavesNothing() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let transport = LiveStreamingTransport()
        // Writes go to the real file until 4 KB are in, then the "disk" is full.
        let opener: DownloadWriterOpener = { path, append throws(DownloadError) in
            FullAfter(inner: try FileDownloadWriter.open(path, append), limit: 4096, name: (path as NSString).lastPathComponent)
        }
        let error = try await withScriptedServer(["/o.jpg": .always(.respond(status: 200, body: Self.jpeg))]) { server in
            do throws(DownloadError) {
                _ = try await engine(transport, opener: opener).download(Self.photo, from: server.url("/o.jpg"), into: dir)
                return DownloadError.cancelled
            } catch {
                return error
            }
        }
        await transport.shutdown()
        #expect(error == .diskFull(file: "Harbour at dusk - 42.part"))
        #expect(error.message == "Disk full while writing Harbour at dusk - 42.part; the partial file was removed")
        #expect(names(dir) == [])
    }

    @Test func plainHTTPToAnotherHostIsRefused() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let transport = LiveStreamingTransport()
        await #expect(throws: DownloadError.network(.insecure(host: "example.com"))) {
            try await engine(transport).download(Self.photo, from: URL(string: "http://example.com/a.jpg")!, into: dir)
        }
        await transport.shutdown()
    }

    // MARK: - Progress
    @Test func progressReachesTheTotal() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let transport = LiveStreamingTransport()
        let seen = Seen()
        _ = try await withScriptedServer(["/o.jpg": .always(.respond(status: 200, body: Self.jpeg))]) { server in
            _ = try await engine(transport).download(Self.photo, from: server.url("/o.jpg"), into: dir) { seen.add($0) }
        }
        await transport.shutdown()
        let last = seen.all.last
        #expect(last?.bytes == Int64(Self.jpeg.count))
        #expect(last?.total == Int64(Self.jpeg.count))
        #expect(last?.percent == 100)
    }

    @Test func progressText() {
        #expect(DownloadProgress(bytes: 3_100_000, total: 7_400_000, bytesPerSecond: 12_500_000).text == "41% 3.1/7.4 MB 12.5 MB/s")
        #expect(DownloadProgress(bytes: 3_100_000, total: nil, bytesPerSecond: 0).text == "3.1 MB 0.0 MB/s")
    }

    // MARK: - Content ranges
    @Test func contentRangeParsing() {
        #expect(ContentRange("bytes 100-199/200") == ContentRange(start: 100, end: 199, total: 200))
        #expect(ContentRange("bytes 0-9/*")?.total == nil)
        #expect(ContentRange("bytes 10-9/200") == nil)
        #expect(ContentRange("bytes 0-199/100") == nil)
    }
}

// MARK: - Test doubles
extension ContentRange {
    init(start: Int64, end: Int64, total: Int64?) {
        self = ContentRange("bytes \(start)-\(end)/\(total.map(String.init) ?? "*")")!
    }
}

final class FullAfter: DownloadWriter {
    let inner: any DownloadWriter
    let limit: Int
    let name: String
    var written = 0

    init(inner: any DownloadWriter, limit: Int, name: String) {
        self.inner = inner
        self.limit = limit
        self.name = name
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(DownloadError) {
        guard written + bytes.count <= limit else { throw .diskFull(file: name) }
        written += bytes.count
        try inner.write(bytes)
    }

    func close() throws(DownloadError) { try inner.close() }
}

final class Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [DownloadProgress] = []
    func add(_ value: DownloadProgress) { lock.withLock { values.append(value) } }
    var all: [DownloadProgress] { lock.withLock { values } }
}
