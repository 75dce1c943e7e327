/// The only seam between Photorama and the network (after swift-openapi-runtime's `ClientTransport`).
///
/// A transport sends exactly one request: it does not follow redirects, retry, or interpret the status;
/// `Webservice` does all of that, so every transport behaves the same. It must enforce
/// `request.limits` (overall deadline and body size while streaming) and stop promptly when the calling
/// task is cancelled, throwing `.cancelled`.
public protocol Transport: Sendable {
    func send(_ request: WebRequest) async throws(PhotoramaError) -> WebResponse
}
