import Testing

@testable import PhotoramaKit

/// Every error case's message, exactly as the status line shows it.
@Suite struct ResourcePhotoramaErrorTests {
    @Test(arguments: [
        (PhotoramaError.offline(""), "Offline: could not reach the server"),
        (.offline("could not resolve api.flickr.com"), "Offline: could not resolve api.flickr.com"),
        (.timeout(.seconds(15)), "Timed out after 15 s"),
        (.timeout(.milliseconds(500)), "Timed out after 500 ms"),
        (.timeout(.milliseconds(1500)), "Timed out after 1.5 s"),
        (.httpStatus(404), "HTTP 404 Not Found"),
        (.httpStatus(503), "HTTP 503 Service Unavailable"),
        (.httpStatus(418), "HTTP 418"),
        (.rateLimited(retryAfter: 60), "Rate limited: try again in 60 s"),
        (.rateLimited(retryAfter: nil), "Rate limited: try again later"),
        (.notJSON(contentType: "text/html; charset=utf-8"), "The server sent text/html, not JSON"),
        (.notJSON(contentType: nil), "The server did not send JSON"),
        (.notJSON(contentType: ""), "The server did not send JSON"),
        (.invalidData("photos.photo[3].id: missing"), "The response could not be read: photos.photo[3].id: missing"),
        (.invalidData(""), "The response could not be read"),
        (.api(code: 100, message: "Invalid API Key"), "API error 100: Invalid API Key"),
        (.connectionLost(""), "The connection was lost"),
        (.connectionLost("h:1 closed the connection"), "Connection lost: h:1 closed the connection"),
        (.tooLarge(limit: 16 << 20), "The response is larger than 16 MiB"),
        (.tooLarge(limit: 512 << 10), "The response is larger than 512 KiB"),
        (.tooLarge(limit: 1000), "The response is larger than 1000 bytes"),
        (.tooManyRedirects, "Too many redirects"),
        (.insecure(host: "example.com"), "Refusing plain http to example.com; use https or pass --allow-insecure"),
        (.invalidInput("Unknown option --x"), "Unknown option --x"),
        (.cancelled, "Cancelled"),
    ])
    func messages(error: PhotoramaError, message: String) {
        #expect(error.message == message)
    }

    @Test func onlyCancellationIsHiddenFromTheUser() {
        #expect(!PhotoramaError.cancelled.isUserVisible)
        #expect(PhotoramaError.timeout(.seconds(1)).isUserVisible)
        #expect(PhotoramaError.offline("").isUserVisible)
    }
}
