import Foundation

/// The one place that performs requests: `load` sends a resource's request through the transport,
/// follows redirects, retries what may be retried, logs every exchange and runs the resource's parse.
///
/// Everything it throws is a `PhotoramaError` with secrets already redacted.
public struct Webservice: Sendable {
    public static let maxRedirects = 5

    public let transport: any Transport
    public let redactor: Redactor
    public let retryPolicy: RetryPolicy
    /// Allows plain http to hosts other than loopback (`--allow-insecure`).
    public let allowInsecure: Bool
    public let log: RequestLog?
    /// Told, in one line, when a server asks us to wait (429 or a maxlag refusal with Retry-After) and the
    /// request will be sent again: the browser shows it in the status line.
    public let waitNotice: (@Sendable (String) -> Void)?

    public init(
        transport: any Transport,
        redactor: Redactor = Redactor(),
        retryPolicy: RetryPolicy = .standard,
        allowInsecure: Bool = false,
        log: RequestLog? = nil,
        waitNotice: (@Sendable (String) -> Void)? = nil
    ) {
        self.transport = transport
        self.redactor = redactor
        self.retryPolicy = retryPolicy
        self.allowInsecure = allowInsecure
        self.log = log
        self.waitNotice = waitNotice
    }

    // MARK: - Loading
    public func load<A>(_ resource: Resource<A>) async throws(PhotoramaError) -> A {
        let response = try await send(resource.request)
        do {
            return try resource.parse(response)
        } catch {
            throw error.redacted(by: redactor)
        }
    }

    /// Sends a request with redirects and retries, returning the final response whatever its status.
    ///
    /// The first attempt runs where the caller runs, so an answer from the cache costs no thread hop. Once a
    /// retry is due, the waits and the later attempts run on an event loop, not on Swift's cooperative pool,
    /// so a busy pool cannot hold a retry back (see EventLoopTimer); the caller's own code, the parse above
    /// all, stays on its executor.
    public func send(_ request: WebRequest) async throws(PhotoramaError) -> WebResponse {
        var retries = RetryCount()
        let firstWait: Duration
        switch try await attempt(request, &retries) {
        case .done(let response):
            return response
        case .retry(after: let wait):
            firstWait = wait
        }
        let executor = EventLoopTimer.executor
        return try await withTaskExecutorPreference(executor) { () async throws(PhotoramaError) -> WebResponse in
            var wait = firstWait
            while true {
                guard await EventLoopTimer.sleep(wait, on: executor.eventLoop), !Task.isCancelled else { throw .cancelled }
                switch try await attempt(request, &retries) {
                case .done(let response):
                    return response
                case .retry(after: let next):
                    wait = next
                }
            }
        }
    }

    /// How many attempts a request has had.
    private struct RetryCount {
        var attempts = 0
    }

    private enum Outcome {
        case done(WebResponse)
        case retry(after: Duration)
    }

    /// One attempt (with its redirects): the response to return, or how long to wait before the next one.
    private func attempt(_ request: WebRequest, _ retries: inout RetryCount) async throws(PhotoramaError) -> Outcome {
        if Task.isCancelled { throw .cancelled }
        var status: Int?
        var retryAfter: Int?
        do throws(PhotoramaError) {
            let response = try await followingRedirects(request)
            status = RetryPolicy.retryStatus(response)
            retryAfter = RetryPolicy.parseRetryAfter(response.header("Retry-After"))
            guard let status, RetryPolicy.retryableStatuses.contains(status) else { return .done(response) }
            if response.status == 429, let retryAfter, Duration.seconds(retryAfter) > retryPolicy.maxRetryAfter {
                throw .rateLimited(retryAfter: retryAfter)
            }
            retries.attempts += 1
            guard
                let wait = retryPolicy.delay(
                    method: request.method, attempt: retries.attempts, status: status, error: nil,
                    retryAfter: retryAfter, random: Double.random(in: 0..<1))
            else {
                if response.status == 429 { throw .rateLimited(retryAfter: retryAfter) }
                return .done(response)
            }
            if let retryAfter, let waitNotice {
                let host = redactor.redact(request.url.host ?? "the server")
                waitNotice(
                    response.status == 429
                        ? "Rate limited by \(host): retrying in \(retryAfter) s"
                        : "\(host) is busy (\(status)): retrying in \(retryAfter) s")
            }
            return .retry(after: wait)
        } catch {
            if error == .cancelled || Task.isCancelled { throw .cancelled }
            if case .rateLimited = error { throw error }
            retries.attempts += 1
            guard
                let wait = retryPolicy.delay(
                    method: request.method, attempt: retries.attempts, status: status, error: error,
                    retryAfter: retryAfter, random: Double.random(in: 0..<1))
            else { throw error }
            return .retry(after: wait)
        }
    }

    // MARK: - Redirects and schemes
    private func followingRedirects(_ original: WebRequest) async throws(PhotoramaError) -> WebResponse {
        var request = original
        var visited: Set<String> = [original.url.absoluteString]
        var redirects = 0
        while true {
            try checkScheme(request.url)
            let response = try await exchange(request)
            guard [301, 302, 303, 307, 308].contains(response.status),
                let location = response.header("Location"),
                let next = URL(string: location, relativeTo: request.url)?.absoluteURL
            else { return response }
            redirects += 1
            guard redirects <= Self.maxRedirects, visited.insert(next.absoluteString).inserted else {
                throw .tooManyRedirects
            }
            // 303, and 301/302 after a POST, continue as GET without a body (what browsers and curl do).
            if response.status == 303 || (request.method == .post && [301, 302].contains(response.status)) {
                request.method = .get
                request.body = nil
                request.headers.removeAll {
                    ["content-type", "content-length"].contains($0.name.lowercased())
                }
            }
            request.url = next
        }
    }

    private func checkScheme(_ url: URL) throws(PhotoramaError) {
        try Self.checkScheme(url, allowInsecure: allowInsecure)
    }

    /// http or https only, and plain http only to loopback unless `allowInsecure` (also used by downloads).
    public static func checkScheme(_ url: URL, allowInsecure: Bool) throws(PhotoramaError) {
        let scheme = url.scheme?.lowercased() ?? ""
        guard scheme == "https" || scheme == "http" else {
            throw .invalidInput("Unsupported URL scheme \"\(scheme)\"")
        }
        if scheme == "http", !allowInsecure, !Self.isLoopback(url.host ?? "") {
            throw .insecure(host: url.host ?? "")
        }
    }

    /// 127.0.0.0/8, ::1 and localhost: plain http there never leaves the machine.
    public static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host.hasSuffix(".localhost") || host == "::1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    // MARK: - The exchange and the log
    /// One transport call, logged; a request with `oauth` is signed here, once per attempt and hop.
    private func exchange(_ request: WebRequest) async throws(PhotoramaError) -> WebResponse {
        let clock = ContinuousClock()
        let start = clock.now
        let started = Date()
        let wire = request.oauth.map { $0.sign(request, now: started) } ?? request
        do {
            let response = try await transport.send(wire)
            await record(request, started: started, duration: clock.now - start, response: response, error: nil)
            return response
        } catch {
            let redacted = error.redacted(by: redactor)
            await record(request, started: started, duration: clock.now - start, response: nil, error: redacted)
            throw redacted
        }
    }

    private func record(
        _ request: WebRequest, started: Date, duration: Duration, response: WebResponse?, error: PhotoramaError?
    ) async {
        guard let log else { return }
        var headers: [String: String] = [:]
        for name in ["content-type", "content-length", "retry-after", "x-photorama-cache", "x-photorama-flickr-calls"] {
            if let value = response?.header(name) { headers[name] = redactor.redact(value) }
        }
        await log.record(
            RequestLogEntry(
                date: started, method: request.method, url: redactor.redact(request.url), status: response?.status,
                headers: headers, bytes: response?.body.count ?? 0, duration: duration,
                error: error.map(\.message)))
    }
}
