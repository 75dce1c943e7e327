import Testing

@testable import PhotoramaKit

@Suite struct RetryPolicyTests {
    let policy = RetryPolicy(maxRetries: 2, baseDelay: .milliseconds(100), maxRetryAfter: .seconds(10))

    @Test func backoffDoublesPerAttemptAndIsJitteredBetweenHalfAndOneAndAHalf() {
        #expect(policy.delay(method: .get, attempt: 1, status: 503, error: nil, retryAfter: nil, random: 0) == .milliseconds(50))
        #expect(policy.delay(method: .get, attempt: 1, status: 503, error: nil, retryAfter: nil, random: 0.5) == .milliseconds(100))
        #expect(policy.delay(method: .get, attempt: 2, status: 503, error: nil, retryAfter: nil, random: 0.5) == .milliseconds(200))
        #expect(policy.delay(method: .get, attempt: 2, status: 503, error: nil, retryAfter: nil, random: 1) == .milliseconds(300))
    }

    @Test func noMoreThanMaxRetries() {
        #expect(policy.delay(method: .get, attempt: 3, status: 503, error: nil, retryAfter: nil, random: 0.5) == nil)
        #expect(RetryPolicy.never.delay(method: .get, attempt: 1, status: 503, error: nil, retryAfter: nil, random: 0.5) == nil)
    }

    @Test(arguments: [HTTPMethod.post, .put, .delete, .head])
    func onlyGETIsRetried(method: HTTPMethod) {
        #expect(policy.delay(method: method, attempt: 1, status: 503, error: nil, retryAfter: nil, random: 0.5) == nil)
        #expect(policy.delay(method: method, attempt: 1, status: nil, error: .offline(""), retryAfter: nil, random: 0.5) == nil)
    }

    @Test(arguments: [(429, true), (502, true), (503, true), (504, true), (500, false), (404, false), (200, false), (301, false)])
    func retryableStatuses(status: Int, retried: Bool) {
        let delay = policy.delay(method: .get, attempt: 1, status: status, error: nil, retryAfter: nil, random: 0.5)
        #expect((delay != nil) == retried)
    }

    @Test(arguments: [
        (PhotoramaError.offline("refused"), true), (.connectionLost("cut"), true), (.timeout(.seconds(1)), false),
        (.tooLarge(limit: 1), false), (.cancelled, false), (.insecure(host: "h"), false), (.tooManyRedirects, false),
        (.notJSON(contentType: nil), false), (.invalidData("x"), false), (.rateLimited(retryAfter: 1), false),
    ])
    func retryableErrors(error: PhotoramaError, retried: Bool) {
        let delay = policy.delay(method: .get, attempt: 1, status: nil, error: error, retryAfter: nil, random: 0.5)
        #expect((delay != nil) == retried)
    }

    @Test func retryAfterIsHonouredUpToTheMaximum() {
        #expect(policy.delay(method: .get, attempt: 1, status: 429, error: nil, retryAfter: 3, random: 0.9) == .seconds(3))
        #expect(policy.delay(method: .get, attempt: 1, status: 503, error: nil, retryAfter: 10, random: 0.9) == .seconds(10))
        #expect(policy.delay(method: .get, attempt: 1, status: 429, error: nil, retryAfter: 11, random: 0.9) == nil)
    }

    @Test(
        arguments: [("1", 1), (" 7 ", 7), ("0", 0), ("-1", nil), ("soon", nil), ("Wed, 21 Oct 2026 07:28:00 GMT", nil), ("", nil)]
            as [(String, Int?)])
    func parsesRetryAfterSeconds(value: String, seconds: Int?) {
        #expect(RetryPolicy.parseRetryAfter(value) == seconds)
    }

    @Test func missingRetryAfterIsNil() {
        #expect(RetryPolicy.parseRetryAfter(nil) == nil)
    }
}
