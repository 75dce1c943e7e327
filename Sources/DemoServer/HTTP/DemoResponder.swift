import Hummingbird
import NIOCore

/// The Hummingbird responder: reads parameters (query, form body, OAuth header), applies faults, routes,
/// and writes the answer with the headers every route shares.
struct DemoResponder: HTTPResponder {
    typealias Context = DemoRequestContext

    let router: DemoRouter
    let faults: FaultInjector
    let configuredHost: String
    /// Started once the first answer is made, so the first request never shares the CPU with it.
    let warmUp: CatalogWarmUp
    /// Answers are built off Swift's cooperative pool (see `OffPoolQueues`).
    let work = OffPoolQueues(label: "photorama.demo-server", width: 2)
    /// Clients that hung up: what they asked for and still waits for `work` is not made.
    let hungUp = HungUpClients()

    /// Form bodies are small; anything larger is not a Flickr call.
    static let maximumFormBody = 1 << 20

    func respond(to request: Request, context: DemoRequestContext) async throws -> Response {
        var request = request
        let path = request.uri.path
        var formBody: [UInt8]?
        if request.method == .post,
            request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") ?? false
        {
            let buffer = try await request.collectBody(upTo: Self.maximumFormBody)
            formBody = Array(buffer.readableBytesView)
        }
        let parameters = RequestParameters(
            query: request.uri.query.map { Substring($0) }, formBody: formBody, authorization: request.headers[.authorization])

        let decision = faults.decide()
        if decision.delay > .zero { try await Task.sleep(for: decision.delay) }
        if let status = decision.serverError {
            let answer = HTTPAnswer.text(status == 503 ? "Service Unavailable\n" : "Internal Server Error\n", status: status)
            return response(answer, decision: decision, isHead: false)
        }
        let base = "http://\(request.head.authority ?? "\(configuredHost):\(context.localPort)")"
        let (router, method, ifNoneMatch) = (self.router, request.method.rawValue, request.headers[.ifNoneMatch])
        let authorization = request.headers[.authorization]
        let (channel, hungUp) = (context.channel, self.hungUp)
        let answer = await work.run {
            // A client that hung up while the answer waited for a queue (a browser that left the page the
            // picture was for) gets nothing made: the work would only delay the answers still wanted.
            guard !hungUp.hasHungUp(channel) else { return HTTPAnswer.text("Client Closed Request\n", status: 499) }
            return router.answer(
                method: method, path: path, parameters: parameters, base: base,
                ifNoneMatch: ifNoneMatch, flickrUnavailable: decision.flickrUnavailable, authorization: authorization)
        }
        warmUp.startOnce()
        var conditional = answer
        // Images never change, so a client that has any copy made since they were last modified has this one.
        if answer.status == 200, answer.etag != nil, ifNoneMatch == nil,
            let since = request.headers[.ifModifiedSince], since == Self.imagesLastModified
        {
            conditional = HTTPAnswer(
                status: 304, contentType: answer.contentType, body: ByteBuffer(), etag: answer.etag, cacheControl: answer.cacheControl)
        }
        return response(conditional, decision: decision, isHead: request.method == .head, range: request.headers[.range])
    }

    /// The Last-Modified of every image (fixed, so answers stay byte-identical for a seed).
    static let imagesLastModified = "Sun, 01 Nov 2026 00:00:00 GMT"

    private func response(_ answer: HTTPAnswer, decision: FaultInjector.Decision, isHead: Bool, range: String? = nil) -> Response {
        var headers: HTTPFields = [.contentType: answer.contentType]
        if let etag = answer.etag {
            headers[.eTag] = etag
            headers[.lastModified] = Self.imagesLastModified
        }
        if let cacheControl = answer.cacheControl { headers[.cacheControl] = cacheControl }
        if let location = answer.location { headers[.location] = location }
        for (name, value) in answer.extraHeaders {
            if let field = HTTPFields.Element.Name(name) { headers[field] = value }
        }
        var status = HTTPResponse.Status(code: answer.status)
        var ranged = answer.body
        // Images can be resumed: one byte range of a 200 answer comes back as 206 with Content-Range.
        if answer.status == 200, answer.contentType.hasPrefix("image/") {
            headers[.acceptRanges] = "bytes"
            let length = ranged.readableBytes
            switch ByteRange.parse(range, length: length) {
            case .none:
                break
            case .unsatisfiable:
                headers[.contentRange] = "bytes */\(length)"
                return Response(status: .rangeNotSatisfiable, headers: headers, body: ResponseBody())
            case .range(let byteRange):
                status = .partialContent
                headers[.contentRange] = "bytes \(byteRange.start)-\(byteRange.end)/\(length)"
                ranged =
                    ranged.getSlice(at: ranged.readerIndex + byteRange.start, length: byteRange.end - byteRange.start + 1) ?? ByteBuffer()
            }
        }
        let body = ranged
        if isHead || answer.status == 304 {
            if answer.status != 304 { headers[.contentLength] = String(body.readableBytes) }
            return Response(status: status, headers: headers, body: ResponseBody())
        }
        if decision.truncate, body.readableBytes > 0 {
            // Promise the whole body, send half of it, then drop the connection.
            headers[.contentLength] = String(body.readableBytes)
            let half = body.getSlice(at: body.readerIndex, length: body.readableBytes / 2) ?? ByteBuffer()
            return Response(
                status: status, headers: headers,
                body: ResponseBody(contentLength: nil) { writer in
                    if half.readableBytes > 0 { try await writer.write(half) }
                    throw InjectedTruncation()
                })
        }
        if decision.slowDrip {
            let (interval, size) = (faults.faults.slowDripInterval, faults.faults.slowDripBytes)
            return Response(
                status: status, headers: headers,
                body: ResponseBody(contentLength: body.readableBytes) { writer in
                    var remaining = body
                    while let drip = remaining.readSlice(length: min(size, remaining.readableBytes)), drip.readableBytes > 0 {
                        try await writer.write(drip)
                        if remaining.readableBytes > 0 { try await Task.sleep(for: interval) }
                    }
                    try await writer.finish(nil)
                })
        }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
    }
}
