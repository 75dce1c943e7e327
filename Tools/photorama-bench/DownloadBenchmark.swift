import Foundation
import Hummingbird
import Logging
import NIOCore

#if canImport(Glibc)
    import Glibc
    import PhotoramaLocking
#endif

/// `photorama download` of a 20 MB image from a loopback server in this process (serving the bytes from
/// memory, so the server costs next to nothing; every service URL points at it, so no demo server starts): throughput and the photorama process's peak resident
/// memory (VmHWM, written by its hidden --memory-report flag just before it exits). Medians of --runs.
enum DownloadBenchmark {
    static func run(_ arguments: [String]) async throws {
        // --mib 1 shows what the process needs whatever the size (the baseline under the peak).
        let mebibytes = max(1, Int(ImagesBenchmark.value(arguments, "--mib", "20")) ?? 20)
        let size = mebibytes * 1024 * 1024
        let runs = max(3, Int(ImagesBenchmark.value(arguments, "--runs", "7")) ?? 7)
        let binary = try BenchShell.photoramaBinary(arguments)
        // A JPEG signature, then filler: the engine only looks at the first bytes.
        var image = [UInt8](repeating: 0x5A, count: size)
        image.replaceSubrange(0..<4, with: [0xFF, 0xD8, 0xFF, 0xE0])
        let body = ByteBuffer(bytes: image)
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int?.self)
        let router = Router()
        let portBox = PortBox()
        router.get("services/rest") { request, _ -> Response in
            let method = request.uri.queryParameters.get("method") ?? ""
            let port = portBox.port
            let json =
                method == "flickr.photos.getSizes"
                ? #"{"sizes":{"size":[{"label":"Original","width":6000,"height":4000,"source":"http://127.0.0.1:\#(port)/big.jpg","media":"photo"}]},"stat":"ok"}"#
                : #"{"photo":{"id":"1","title":{"_content":"Bench"},"server":"1","secret":"abc"},"stat":"ok"}"#
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: json)))
        }
        router.get("big.jpg") { _, _ -> Response in
            Response(
                status: .ok, headers: [.contentType: "image/jpeg", .contentLength: String(body.readableBytes)],
                body: .init(byteBuffer: body))
        }
        var logger = Logger(label: "bench")
        logger.logLevel = .critical
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port)
                portContinuation.finish()
            }, logger: logger)
        let server = Task { try? await app.run() }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next(), let port = bound else { throw BenchmarkFailure("the bench server did not start") }
        portBox.port = port

        let folder = NSTemporaryDirectory() + "photorama-bench-download-\(getpid())"
        var rates: [Double] = []
        var memories: [Double] = []
        for _ in 0..<runs {
            try? FileManager.default.removeItem(atPath: folder)
            let report = folder + ".memory"
            let start = ContinuousClock.now
            let status = await OwnThread.run {
                BenchShell.run(
                    "'\(binary)' download 1 --flickr-url http://127.0.0.1:\(port)/services/rest --500px-url http://127.0.0.1:\(port)/v1 --locations-url http://127.0.0.1:\(port) --dir '\(folder)' --memory-report '\(report)'"
                )
            }
            let elapsed = ContinuousClock.now - start
            guard status == 0 else { throw BenchmarkFailure("photorama download failed (exit \(status))") }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            rates.append(Double(size) / seconds / 1e6)
            let kilobytes =
                Double((try? String(contentsOfFile: report, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
            memories.append(kilobytes / 1024)
            try? FileManager.default.removeItem(atPath: report)
        }
        try? FileManager.default.removeItem(atPath: folder)
        server.cancel()
        print(
            String(
                format: "download %d MiB from loopback, %d runs (whole process: launch, getInfo+getSizes, transfer, fsync)", mebibytes, runs
            ))
        print(
            String(
                format: "  throughput median %.0f MB/s (min %.0f, max %.0f)  target >= 200", median(rates), rates.min() ?? 0,
                rates.max() ?? 0))
        print(String(format: "  peak resident (VmHWM) median %.1f MiB (max %.1f)  target < 30", median(memories), memories.max() ?? 0))
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

}

/// The bound port, known only once the server runs; read by its handlers.
final class PortBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var port: Int {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
