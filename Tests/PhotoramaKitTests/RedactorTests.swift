import Foundation
import Testing

@testable import PhotoramaKit

@Suite struct RedactorTests {
    @Test(arguments: [
        (
            "https://api.flickr.com/services/rest?method=flickr.photos.search&api_key=abc123def&text=cat",
            "https://api.flickr.com/services/rest?method=flickr.photos.search&api_key=***&text=cat"
        ),
        (
            "https://api.500px.com/v1/photos?consumer_key=XyZ987&feature=popular",
            "https://api.500px.com/v1/photos?consumer_key=***&feature=popular"
        ),
        ("http://h/x?secret=s3cr3t", "http://h/x?secret=***"),
        ("http://h/x?token=tok-1_2#frag", "http://h/x?token=***#frag"),
        ("http://h/x?API_KEY=upper&Token=mixed", "http://h/x?API_KEY=***&Token=***"),
        (
            "http://h/x?oauth_token=a&oauth_signature=b&access_token=c",
            "http://h/x?oauth_token=***&oauth_signature=***&access_token=***"
        ),
        // Names that merely contain a secret name are not secret parameters.
        ("http://h/x?my_api_key_hint=visible&tokens=2", "http://h/x?my_api_key_hint=visible&tokens=2"),
        // An empty value stays empty; there is nothing to hide.
        ("http://h/x?api_key=&q=1", "http://h/x?api_key=&q=1"),
        // In free text and form bodies the value ends at a space or a quote.
        ("GET failed for api_key=k1 (timeout)", "GET failed for api_key=*** (timeout)"),
        ("body \"consumer_key=k2\" sent", "body \"consumer_key=***\" sent"),
        ("no parameters at all", "no parameters at all"),
    ])
    func secretParametersAreRedacted(input: String, expected: String) {
        #expect(Redactor().redact(input) == expected)
    }

    @Test func configuredValuesAreRedactedWherevertheyAppear() {
        let redactor = Redactor(secrets: ["SECRETKEY123"])
        #expect(redactor.redact("key SECRETKEY123 in text") == "key *** in text")
        #expect(redactor.redact("http://h/SECRETKEY123/photos?x=1") == "http://h/***/photos?x=1")
        #expect(redactor.redact("http://h/x?key=SECRETKEY123") == "http://h/x?key=***")
    }

    @Test func configuredValuesAreRedactedRawAndPercentEncoded() {
        let redactor = Redactor(secrets: ["k+y/é 1"])
        #expect(redactor.redact("raw k+y/é 1 end") == "raw *** end")
        #expect(redactor.redact("http://h/x?k=k%2By%2F%C3%A9%201&z=2") == "http://h/x?k=***&z=2")
    }

    @Test func redactsAURL() throws {
        let redactor = Redactor(secrets: ["SECRETKEY123"])
        let url = try #require(URL(string: "http://127.0.0.1:8080/rest?api_key=SECRETKEY123&q=a%20b"))
        #expect(redactor.redact(url) == "http://127.0.0.1:8080/rest?api_key=***&q=a%20b")
    }

    @Test func longerSecretsWinOverSecretsTheyContain() {
        let redactor = Redactor(secrets: ["ABCD", "ABCDEFGH"])
        #expect(redactor.secrets == ["ABCDEFGH", "ABCD"])
        #expect(redactor.redact("x ABCDEFGH y ABCD") == "x *** y ***")
    }

    @Test func tooShortBlankAndDuplicateSecretsAreIgnored() {
        var redactor = Redactor(secrets: ["abc", "   ", ""])
        #expect(redactor.secrets.isEmpty)
        redactor.add("  padded-key \n")
        redactor.add("padded-key")
        #expect(redactor.secrets == ["padded-key"])
        #expect(redactor.redact("abc padded-key") == "abc ***")
    }

    @Test func errorsAreRedactedCaseByCase() {
        let redactor = Redactor(secrets: ["SECRETKEY123"])
        #expect(
            PhotoramaError.offline("no route for SECRETKEY123").redacted(by: redactor) == .offline("no route for ***"))
        #expect(
            PhotoramaError.api(code: 100, message: "Invalid API Key (Key not found: SECRETKEY123)")
                .redacted(by: redactor) == .api(code: 100, message: "Invalid API Key (Key not found: ***)"))
        #expect(
            PhotoramaError.invalidData("api_key=SECRETKEY123").redacted(by: redactor) == .invalidData("api_key=***"))
        #expect(
            PhotoramaError.connectionLost("x SECRETKEY123").redacted(by: redactor) == .connectionLost("x ***"))
        #expect(PhotoramaError.invalidInput("SECRETKEY123").redacted(by: redactor) == .invalidInput("***"))
        #expect(PhotoramaError.insecure(host: "SECRETKEY123.example").redacted(by: redactor) == .insecure(host: "***.example"))
        #expect(
            PhotoramaError.notJSON(contentType: "text/SECRETKEY123").redacted(by: redactor)
                == .notJSON(contentType: "text/***"))
        #expect(PhotoramaError.httpStatus(500).redacted(by: redactor) == .httpStatus(500))
    }
}
