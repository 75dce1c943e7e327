import Foundation
import NIOCore
import PhotoramaFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Downloads one image to a folder, safely:
/// - bytes stream to "Title - ID.part" and are never held whole in memory;
/// - an interrupted transfer resumes with `Range: bytes=N-` (206 appends; 200 starts over), here and on
///   a later run that finds the .part file;
/// - the file gets its final name only when complete (its length matches what the server announced),
///   with the extension of what the bytes are, and never replaces an existing file ("Title (2) - ID.jpg");
/// - a full disk removes the partial file and says so in one line.
public struct DownloadEngine: Sendable {
    public static let maxRedirects = 5

    public var transport: any StreamingTransport
    public var redactor: Redactor
    public var allowInsecure: Bool
    public var recorder: any DownloadRecorder
    public var limiter: TaskLimiter
    public var log: RequestLog?
    /// Attempts per download: the first and resumptions after a lost connection.
    public var maxAttempts: Int
    /// The pause before resuming after a lost connection (doubled each time).
    public var retryDelay: Duration
    /// Progress is reported at most this often (and always once at the end).
    public var progressInterval: Duration
    public var openWriter: DownloadWriterOpener

    public init(
        transport: any StreamingTransport, redactor: Redactor = Redactor(), allowInsecure: Bool = false,
        recorder: any DownloadRecorder = NoDownloadRecorder(), limiter: TaskLimiter = TaskLimiter(limit: 3),
        log: RequestLog? = nil, maxAttempts: Int = 3, retryDelay: Duration = .milliseconds(250),
        progressInterval: Duration = .milliseconds(100), openWriter: @escaping DownloadWriterOpener = FileDownloadWriter.open
    ) {
        self.transport = transport
        self.redactor = redactor
        self.allowInsecure = allowInsecure
        self.recorder = recorder
        self.limiter = limiter
        self.log = log
        self.maxAttempts = max(1, maxAttempts)
        self.retryDelay = retryDelay
        self.progressInterval = progressInterval
        self.openWriter = openWriter
    }

    // MARK: - Downloading
    /// Downloads `url` (an image of `photo`) into `folder`, creating the folder (0755) if needed, writes
    /// `sidecar` beside it, and returns the path of the finished file. Waits for a free slot first (see `limiter`).
    public func download(
        _ photo: Photo, from url: URL, into folder: String, sidecar: XMPSidecar? = nil,
        progress: @Sendable (DownloadProgress) -> Void = { _ in }
    ) async throws(DownloadError) -> String {
        guard await limiter.acquire() else { throw .cancelled }
        let path: String
        do {
            path = try await transfer(photo, from: url, into: folder, progress: progress)
            await limiter.release()
        } catch {
            await limiter.release()
            throw error
        }
        do throws(FileFailure) {
            try sidecar?.write(besidePicture: path)
        } catch {
            // The picture is whole and kept; the line says what is missing.
            throw .fileSystem("Downloaded \(path), but cannot write its sidecar: \(error.reason)")
        }
        if let problem = await recorder.downloaded(photo, to: path) {
            // As with the sidecar: the picture is whole and kept, and the line says what is missing.
            throw .fileSystem("Downloaded \(path), but cannot record it: \(problem)")
        }
        return path
    }

    private func transfer(
        _ photo: Photo, from url: URL, into folder: String, progress: @Sendable (DownloadProgress) -> Void
    ) async throws(DownloadError) -> String {
        try Self.makeFolder(folder)
        let partName = DownloadFileName.partial(title: photo.title, id: photo.id)
        let partPath = folder + "/" + partName
        var attempt = 0
        while true {
            attempt += 1
            if Task.isCancelled { throw .cancelled }
            do throws(DownloadError) {
                let total = try await fetch(url, toPart: partPath, progress: progress)
                if let total {
                    let size = Self.fileSize(partPath) ?? 0
                    guard size == total else {
                        unlink(partPath)
                        throw .lengthMismatch(expected: total, received: size)
                    }
                }
                return try place(partPath, photo: photo, folder: folder)
            } catch {
                switch error {
                case .diskFull, .notAnImage, .lengthMismatch:
                    unlink(partPath)
                    throw error
                case .network(let failure) where Self.resumable(failure) && attempt < maxAttempts:
                    // The .part file keeps what arrived; the next attempt asks for the rest.
                    do { try await Task.sleep(for: retryDelay * (1 << (attempt - 1))) } catch { throw .cancelled }
                default:
                    throw error
                }
            }
        }
    }

    static func resumable(_ error: PhotoramaError) -> Bool {
        switch error {
        case .connectionLost, .timeout, .offline: true
        case .httpStatus(let status): [502, 503, 504].contains(status)
        default: false
        }
    }

    /// One attempt, following redirects: asks for the bytes after those already in the .part file and
    /// writes them there. Returns the whole size when the server announced it.
    private func fetch(
        _ original: URL, toPart partPath: String, progress: @Sendable (DownloadProgress) -> Void
    ) async throws(DownloadError) -> Int64? {
        var url = original
        var visited: Set<String> = [url.absoluteString]
        var redirects = 0
        var restarts = 0
        while true {
            do { try Webservice.checkScheme(url, allowInsecure: allowInsecure) } catch { throw .network(error.redacted(by: redactor)) }
            let existing = Self.fileSize(partPath) ?? 0
            var request = WebRequest(url: url, headers: [("Accept-Encoding", "identity")], limits: .image)
            if existing > 0 { request.headers.append(("Range", "bytes=\(existing)-")) }
            let exchange = ExchangeState(existing: existing, interval: progressInterval)
            let started = Date()
            let clock = ContinuousClock()
            let start = clock.now
            var outcome: ExchangeOutcome = .finished
            do throws(DownloadError) {
                defer { exchange.closeQuietly() }
                try await transport.stream(request) { (head: StreamHead) throws(DownloadError) -> Bool in
                    exchange.status = head.status
                    outcome = try decide(head, existing: existing, url: url)
                    guard case .body(let append, let total) = outcome else { return false }
                    exchange.total = total
                    exchange.bytes = append ? existing : 0
                    exchange.rateBase = exchange.bytes
                    exchange.writer = try openWriter(partPath, append)
                    return true
                } body: { (chunk: ByteBuffer) throws(DownloadError) -> Void in
                    try chunk.withUnsafeReadableBytes { (bytes: UnsafeRawBufferPointer) throws(DownloadError) in
                        try exchange.writer?.write(bytes)
                    }
                    exchange.received(chunk.readableBytes, at: clock.now - start, progress: progress)
                }
                try exchange.close()
                await record(request, started: started, duration: clock.now - start, exchange: exchange, error: nil)
            } catch {
                let error = redacted(error)
                await record(request, started: started, duration: clock.now - start, exchange: exchange, error: error)
                throw error
            }
            switch outcome {
            case .body(_, let total):
                progress(exchange.progress(at: clock.now - start))
                return total
            case .finished:
                return nil
            case .restart:
                // What we have cannot be continued (a stale .part, a server that sent another range).
                unlink(partPath)
                restarts += 1
                guard restarts <= 1 else { throw .network(.invalidData("the server keeps refusing the range")) }
            case .redirect(let next):
                redirects += 1
                guard redirects <= Self.maxRedirects, visited.insert(next.absoluteString).inserted else {
                    throw .network(.tooManyRedirects)
                }
                url = next
            }
        }
    }

    // MARK: - Decisions
    enum ExchangeOutcome {
        /// Write the body: appended to the .part file (206) or replacing it (200).
        case body(append: Bool, total: Int64?)
        case redirect(URL)
        case restart
        case finished
    }

    /// What to do with a response, from its status and headers alone.
    func decide(_ head: StreamHead, existing: Int64, url: URL) throws(DownloadError) -> ExchangeOutcome {
        switch head.status {
        case 200:
            return .body(append: false, total: head.header("Content-Length").flatMap { Int64($0) })
        case 206:
            guard let range = ContentRange(head.header("Content-Range")), range.start == existing else { return .restart }
            return .body(append: true, total: range.total)
        case 301, 302, 303, 307, 308:
            guard let location = head.header("Location"), let next = URL(string: location, relativeTo: url)?.absoluteURL
            else { throw .network(.httpStatus(head.status)) }
            return .redirect(next)
        case 416 where existing > 0:
            return .restart
        default:
            throw .network(.httpStatus(head.status))
        }
    }

    // MARK: - Finishing
    /// Detects the format from the first bytes, then links the .part file to the first free final
    /// name (link fails rather than replace an existing file) and removes the .part name.
    private func place(_ partPath: String, photo: Photo, folder: String) throws(DownloadError) -> String {
        guard let kind = ImageKind.detect(Self.firstBytes(partPath, count: ImageKind.signatureLength)) else {
            throw .notAnImage
        }
        for copy in 1...10_000 {
            let name = DownloadFileName.make(title: photo.title, id: photo.id, fileExtension: kind.fileExtension, copy: copy)
            let path = folder + "/" + name
            if link(partPath, path) == 0 {
                unlink(partPath)
                return path
            }
            let code = errno
            if code == EEXIST { continue }
            // File systems without hard links (FAT, some network mounts): check, then rename.
            if code == EPERM || code == EOPNOTSUPP || code == EXDEV || code == EMLINK {
                if access(path, F_OK) == 0 { continue }
                if rename(partPath, path) == 0 { return path }
            }
            throw .fileSystem("Cannot name the download \(name): \(String(cString: strerror(errno)))")
        }
        throw .fileSystem(
            "Too many copies of \(DownloadFileName.make(title: photo.title, id: photo.id, fileExtension: kind.fileExtension))")
    }

    private func redacted(_ error: DownloadError) -> DownloadError {
        switch error {
        case .network(let failure): .network(failure.redacted(by: redactor))
        case .fileSystem(let text): .fileSystem(redactor.redact(text))
        case .noImage(let text): .noImage(redactor.redact(text))
        default: error
        }
    }

    private func record(_ request: WebRequest, started: Date, duration: Duration, exchange: ExchangeState, error: DownloadError?) async {
        guard let log else { return }
        await log.record(
            RequestLogEntry(
                date: started, method: request.method, url: redactor.redact(request.url), status: exchange.status,
                headers: [:], bytes: Int(exchange.bytes - exchange.startBytes), duration: duration, error: error?.message))
    }

    // MARK: - Files
    static func makeFolder(_ folder: String) throws(DownloadError) {
        do {
            // Pictures are not secrets: 0755 like ~/Pictures itself (less the umask).
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? "cannot create it"
            throw .fileSystem("Cannot use the download folder \(folder): \(reason)")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .fileSystem("Cannot use the download folder \(folder): not a folder")
        }
    }

    static func fileSize(_ path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int64(info.st_size)
    }

    static func firstBytes(_ path: String, count: Int) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: count)
        let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, 0) }
        return read > 0 ? Array(buffer.prefix(read)) : []
    }
}

// MARK: - Exchange state
/// The mutable side of one exchange, shared by the head and body callbacks.
private final class ExchangeState {
    var status: Int?
    var total: Int64?
    var bytes: Int64
    let startBytes: Int64
    /// Bytes on disk when this exchange's body began: the rate counts only what arrived since.
    var rateBase: Int64
    var writer: (any DownloadWriter)?
    private let interval: Duration
    private var lastReport: Duration = .zero

    init(existing: Int64, interval: Duration) {
        bytes = existing
        startBytes = existing
        rateBase = existing
        self.interval = interval
    }

    func received(_ count: Int, at elapsed: Duration, progress: (DownloadProgress) -> Void) {
        bytes += Int64(count)
        guard elapsed - lastReport >= interval else { return }
        lastReport = elapsed
        progress(self.progress(at: elapsed))
    }

    func progress(at elapsed: Duration) -> DownloadProgress {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let fresh = Double(bytes - rateBase)
        return DownloadProgress(bytes: bytes, total: total, bytesPerSecond: seconds > 0 ? fresh / seconds : 0)
    }

    func close() throws(DownloadError) {
        let open = writer
        writer = nil
        try open?.close()
    }

    func closeQuietly() {
        try? close()
    }
}

// MARK: - Content-Range
/// `Content-Range: bytes START-END/TOTAL` (TOTAL may be `*`).
struct ContentRange: Equatable {
    var start: Int64
    var end: Int64
    var total: Int64?

    init?(_ header: String?) {
        guard let header else { return nil }
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = trimmed.dropFirst(6)
        let parts = spec.split(separator: "/", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let bounds = parts[0].split(separator: "-", maxSplits: 1)
        guard bounds.count == 2, let start = Int64(bounds[0]), let end = Int64(bounds[1]), start <= end else { return nil }
        self.start = start
        self.end = end
        if parts[1] == "*" {
            total = nil
        } else {
            guard let total = Int64(parts[1]), total > end else { return nil }
            self.total = total
        }
    }
}
