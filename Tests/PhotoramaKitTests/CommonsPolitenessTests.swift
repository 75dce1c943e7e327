import Foundation
import PhotoramaLocking
import TestProcesses
import Testing

@testable import PhotoramaKit

/// What Wikimedia's API etiquette asks of Photorama: a User-Agent with a contact, one request at a time,
/// maxlag refusals retried as asked and never cached; and hidden HTML left out of creators' names.
@Suite(.ownThread) struct CommonsPolitenessTests {
    @Test func theUserAgentNamesPhotoramaItsVersionAndAContact() {
        #expect(UserAgent.value(contact: "ann@example.org") == "Photorama/0.1.0 (ann@example.org) AsyncHTTPClient")
        #expect(
            UserAgent.value(contact: "  ") == "Photorama/0.1.0 (terminal photo browser; contact: set user_agent_contact) AsyncHTTPClient")
        // A configured value cannot break the header or its parentheses.
        #expect(UserAgent.value(contact: "a\r\nX-Evil: 1 (b)") == "Photorama/0.1.0 (aX-Evil: 1 b) AsyncHTTPClient")
    }

    @Test func aMaxlagRefusalCountsAsA503AndOtherAnswersAsTheyAre() {
        let lag = WebResponse(status: 200, headers: [("MediaWiki-API-Error", "maxlag"), ("Retry-After", "5")])
        #expect(RetryPolicy.retryStatus(lag) == 503)
        #expect(RetryPolicy.retryStatus(WebResponse(status: 200, headers: [("MediaWiki-API-Error", "badvalue")])) == 200)
        #expect(RetryPolicy.retryStatus(WebResponse(status: 429)) == 429)
        #expect(!CachingTransport.storable(lag, kind: .search))
        #expect(CachingTransport.storable(WebResponse(status: 200, body: Data("{}".utf8)), kind: .search))
    }

    @Test func aMaxlagRefusalIsRetriedAfterItsRetryAfter() async throws {
        let transport = RecordingTransport { _, index in
            index == 0
                ? .success(
                    WebResponse(
                        status: 200, headers: [("MediaWiki-API-Error", "maxlag"), ("Retry-After", "0")], body: Data(#"{"error":{}}"#.utf8)))
                : .success(WebResponse(status: 200, body: Data("{}".utf8)))
        }
        // A backoff of 30 s would end the test by its deadline: the wait is the server's Retry-After (0 s).
        let notices = Locked<[String]>([])
        let service = Webservice(
            transport: transport, retryPolicy: RetryPolicy(maxRetries: 2, baseDelay: .seconds(30)),
            waitNotice: { line in notices.withLock { $0.append(line) } })
        let response = try await service.send(WebRequest(url: URL(string: "http://127.0.0.1:9/w/api.php")!))
        #expect(String(decoding: response.body, as: UTF8.self) == "{}")
        #expect(transport.requests.count == 2)
        // The status line says why the answer is late.
        #expect(notices.withLock { $0 } == ["127.0.0.1 is busy (503): retrying in 0 s"])
    }

    @Test func a429WithRetryAfterIsSaidBeforeItIsRetried() async throws {
        let transport = RecordingTransport { _, index in
            .success(index == 0 ? WebResponse(status: 429, headers: [("Retry-After", "0")]) : WebResponse(status: 200))
        }
        let notices = Locked<[String]>([])
        let service = Webservice(transport: transport, waitNotice: { line in notices.withLock { $0.append(line) } })
        _ = try await service.send(WebRequest(url: URL(string: "http://127.0.0.1:9/v1/images/?q=x")!))
        #expect(notices.withLock { $0 } == ["Rate limited by 127.0.0.1: retrying in 0 s"])
    }

    @Test func requestsToTheCommonsAPITakeTurnsAndOthersDoNot() async throws {
        let gated = GatedTransport()
        let serial = OneAtATimeTransport(wrapping: gated, endpoints: [URL(string: "http://127.0.0.1:9/w/api.php")!])
        let first = URL(string: "http://127.0.0.1:9/w/api.php?a=1")!
        let second = URL(string: "http://127.0.0.1:9/w/api.php?a=2")!
        let image = URL(string: "http://127.0.0.1:9/commons-thumb/1/320px-1.jpg")!
        let ok = Result<WebResponse, PhotoramaError>.success(WebResponse(status: 200))
        async let one = serial.send(WebRequest(url: first))
        try await gated.wait(for: "the first call") { $0.started == [first] }
        async let two = serial.send(WebRequest(url: second))
        async let three = serial.send(WebRequest(url: image))
        try await gated.wait(for: "the image") { $0.started.contains(image) }
        #expect(!gated.started.contains(second), "the second Commons call waits for the first")
        gated.answer(first, ok)
        try await gated.wait(for: "the second call") { $0.started.contains(second) }
        gated.answer(second, ok)
        gated.answer(image, ok)
        _ = try await (one, two, three)
    }

    @Test func hiddenElementsAreLeftOutOfCreatorsNames() {
        #expect(
            HTMLText.withoutHiddenElements(#"<bdi>Ann<span style="display: none;">Creator:<span>Ann</span></span> Bo</bdi>"#)
                == "<bdi>Ann Bo</bdi>")
        #expect(HTMLText.withoutHiddenElements(#"<div style="DISPLAY:NONE">x"#) == "")
        #expect(HTMLText.withoutHiddenElements("no hidden parts: none") == "no hidden parts: none")
    }
}
