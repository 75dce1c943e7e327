import Foundation
import Testing

@testable import PhotoramaKit

/// RFC 5849's worked examples and Flickr's documented signing example, byte for byte.
@Suite struct OAuthSignatureTests {
    // MARK: - RFC 5849 §1.2 (the printer and the photos)
    static let rfcConsumer = OAuthCredentials(consumerKey: "dpf43f3p2l4k3l03", consumerSecret: "kd94hf93k423kf44")

    @Test func rfc5849TemporaryCredentialsRequest() throws {
        let request = WebRequest(method: .post, url: try #require(URL(string: "https://photos.example.net/initiate")))
        let parameters: [(String, String)] = [
            ("oauth_consumer_key", "dpf43f3p2l4k3l03"), ("oauth_signature_method", "HMAC-SHA1"),
            ("oauth_timestamp", "137131200"), ("oauth_nonce", "wIjqoS"), ("oauth_callback", "http://printer.example.com/ready"),
        ]
        let base = OAuthSignature.baseString(
            method: "POST", url: request.url, parameters: OAuthSignature.requestParameters(request, protocolParameters: parameters))
        #expect(
            base
                == "POST&https%3A%2F%2Fphotos.example.net%2Finitiate&oauth_callback%3Dhttp%253A%252F%252Fprinter.example.com%252Fready%26oauth_consumer_key%3Ddpf43f3p2l4k3l03%26oauth_nonce%3DwIjqoS%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131200"
        )
        #expect(OAuthSignature.key(consumerSecret: "kd94hf93k423kf44", tokenSecret: nil) == "kd94hf93k423kf44&")
        #expect(
            OAuthSigner(credentials: Self.rfcConsumer).signature(of: request, protocolParameters: parameters)
                == "74KNZJeDHnMBp0EMJ9ZHt/XKycU=")
    }

    @Test func rfc5849ProtectedResourceRequest() throws {
        var credentials = Self.rfcConsumer
        credentials.token = OAuthToken(token: "nnch734d00sl2jdk", secret: "pfkkdhi9sl3r4s00")
        let request = WebRequest(url: try #require(URL(string: "http://photos.example.net/photos?file=vacation.jpg&size=original")))
        let parameters: [(String, String)] = [
            ("oauth_consumer_key", "dpf43f3p2l4k3l03"), ("oauth_token", "nnch734d00sl2jdk"), ("oauth_signature_method", "HMAC-SHA1"),
            ("oauth_timestamp", "137131202"), ("oauth_nonce", "chapoH"),
        ]
        let base = OAuthSignature.baseString(
            method: "GET", url: request.url, parameters: OAuthSignature.requestParameters(request, protocolParameters: parameters))
        #expect(
            base
                == "GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacation.jpg%26oauth_consumer_key%3Ddpf43f3p2l4k3l03%26oauth_nonce%3DchapoH%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131202%26oauth_token%3Dnnch734d00sl2jdk%26size%3Doriginal"
        )
        #expect(
            OAuthSignature.key(consumerSecret: "kd94hf93k423kf44", tokenSecret: "pfkkdhi9sl3r4s00") == "kd94hf93k423kf44&pfkkdhi9sl3r4s00")
        #expect(
            OAuthSigner(credentials: credentials).signature(of: request, protocolParameters: parameters) == "MdpQcU8iPSUjWoN/UDMsK2sui9I=")
    }

    /// §3.4.1.1: query, form body and header parameters; repeated names, encoded values, "+" as a space,
    /// a value-less parameter, and `realm` left out.
    @Test func rfc5849BaseStringExample() throws {
        let request = WebRequest(
            method: .post, url: try #require(URL(string: "http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b")),
            headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Data("c2&a3=2+q".utf8))
        let header: [(String, String)] = [
            ("realm", "Example"), ("oauth_consumer_key", "9djdj82h48djs9d2"), ("oauth_token", "kkk9d7dh3k39sjv7"),
            ("oauth_signature_method", "HMAC-SHA1"), ("oauth_timestamp", "137131201"), ("oauth_nonce", "7d8f3e4a"),
            ("oauth_signature", "djosJKDKJSD8743243%2Fjdk33klY%3D"),
        ]
        let parameters = OAuthSignature.requestParameters(request, protocolParameters: header)
        #expect(
            OAuthSignature.normalizedParameters(parameters)
                == "a2=r%20b&a3=2%20q&a3=a&b5=%3D%253D&c%40=&c2=&oauth_consumer_key=9djdj82h48djs9d2&oauth_nonce=7d8f3e4a&oauth_signature_method=HMAC-SHA1&oauth_timestamp=137131201&oauth_token=kkk9d7dh3k39sjv7"
        )
        #expect(
            OAuthSignature.baseString(method: "POST", url: request.url, parameters: parameters)
                == "POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7"
        )
    }

    /// §3.4.1.2: lower-case scheme and host, default ports dropped, other ports kept, the path as sent.
    @Test(arguments: [
        ("HTTP://EXAMPLE.COM:80/r%20v/X?id=123", "http://example.com/r%20v/X"),
        ("https://www.example.net:8080/?q=1", "https://www.example.net:8080/"),
        ("https://api.flickr.com:443/services/rest", "https://api.flickr.com/services/rest"),
        ("http://127.0.0.1:49152", "http://127.0.0.1:49152/"),
    ])
    func baseStringURI(url: String, expected: String) throws {
        #expect(OAuthSignature.baseStringURI(try #require(URL(string: url))) == expected)
    }

    /// §3.6: everything but ALPHA, DIGIT, "-._~" as %XX in upper case, over the UTF-8 bytes.
    @Test func percentEncoding() {
        #expect(OAuthSignature.encode("Ladies + Gentlemen") == "Ladies%20%2B%20Gentlemen")
        #expect(OAuthSignature.encode("An encoded string!") == "An%20encoded%20string%21")
        #expect(OAuthSignature.encode("Dogs, Cats & Mice") == "Dogs%2C%20Cats%20%26%20Mice")
        #expect(OAuthSignature.encode("☃") == "%E2%98%83")
        #expect(OAuthSignature.encode("-._~azAZ09*'()") == "-._~azAZ09%2A%27%28%29")
    }

    // MARK: - Flickr's example (https://www.flickr.com/services/api/auth.oauth.html)

    /// Flickr's page signs a request-token call; the signature it prints, 7w18YS2bONDPL%2FzgyzP5XTr5af4%3D,
    /// was made over the page's original http:// address with a consumer secret the page does not print.
    /// That secret, a9567d986a7539fe, is the one flickcurl's utils/oauth-test.c (David Beckett, LGPL/GPL/
    /// Apache-2.0) reproduces the signature with.
    @Test func flickrDocumentationExample() throws {
        let request = WebRequest(url: try #require(URL(string: "http://www.flickr.com/services/oauth/request_token")))
        let credentials = OAuthCredentials(consumerKey: "653e7a6ecc1d528c516cc8f92cf98611", consumerSecret: "a9567d986a7539fe")
        let signer = OAuthSigner(credentials: credentials)
        let parameters = signer.protocolParameters(
            nonce: "95613465", timestamp: 1_305_586_162, extra: [("oauth_callback", "http://www.example.com")])
        let base = OAuthSignature.baseString(
            method: "GET", url: request.url, parameters: OAuthSignature.requestParameters(request, protocolParameters: parameters))
        #expect(
            base
                == "GET&http%3A%2F%2Fwww.flickr.com%2Fservices%2Foauth%2Frequest_token&oauth_callback%3Dhttp%253A%252F%252Fwww.example.com%26oauth_consumer_key%3D653e7a6ecc1d528c516cc8f92cf98611%26oauth_nonce%3D95613465%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1305586162%26oauth_version%3D1.0"
        )
        #expect(OAuthSignature.key(consumerSecret: credentials.consumerSecret, tokenSecret: nil) == "a9567d986a7539fe&")
        #expect(signer.signature(of: request, protocolParameters: parameters) == "7w18YS2bONDPL/zgyzP5XTr5af4=")
        let signed = signer.signed(
            request, nonce: "95613465", timestamp: 1_305_586_162, extra: [("oauth_callback", "http://www.example.com")])
        #expect(
            signed.header("Authorization")
                == "OAuth oauth_consumer_key=\"653e7a6ecc1d528c516cc8f92cf98611\", oauth_nonce=\"95613465\", oauth_signature_method=\"HMAC-SHA1\", oauth_timestamp=\"1305586162\", oauth_version=\"1.0\", oauth_callback=\"http%3A%2F%2Fwww.example.com\", oauth_signature=\"7w18YS2bONDPL%2FzgyzP5XTr5af4%3D\""
        )
        #expect(signed.url == request.url, "nothing secret or per-attempt goes into the URL")
    }

    // MARK: - Per request, and secrets
    @Test func eachSigningHasItsOwnNonce() throws {
        let request = WebRequest(url: try #require(URL(string: "https://api.flickr.com/services/rest?method=flickr.test.login")))
        let signing = OAuthSigning(credentials: Self.rfcConsumer)
        let nonces = (0..<50).map { _ in signing.sign(request).header("Authorization") ?? "" }
        #expect(Set(nonces).count == 50)
        #expect(OAuthSigner.nonce().count == 32)
        #expect(OAuthSigner.timestamp(Date(timeIntervalSince1970: 1_305_586_162.9)) == 1_305_586_162)
    }

    @Test func credentialsNeverPrintTheirValues() {
        var credentials = OAuthCredentials(consumerKey: "key-abcdef", consumerSecret: "secret-abcdef")
        credentials.token = OAuthToken(token: "72157626737672178-022bbd2f4c2f3432", secret: "fccb68c4e6103197")
        let text = "\(credentials) \(String(describing: credentials.token))"
        #expect(!text.contains("abcdef") && !text.contains("7215") && !text.contains("fccb"))
        let redactor = Redactor().adding(credentials)
        #expect(redactor.redact("t=72157626737672178-022bbd2f4c2f3432 s=fccb68c4e6103197 c=secret-abcdef") == "t=*** s=*** c=***")
    }

    @Test func anOAuthHeaderIsRedactedInsideItsQuotes() {
        let header = "OAuth oauth_consumer_key=\"k1234\", oauth_nonce=\"n1\", oauth_token=\"t5678\", oauth_signature=\"s%2F9\""
        #expect(
            Redactor().redact(header)
                == "OAuth oauth_consumer_key=\"***\", oauth_nonce=\"n1\", oauth_token=\"***\", oauth_signature=\"***\"")
        #expect(
            Redactor().redact("oauth_token=a&oauth_token_secret=b&oauth_verifier=c")
                == "oauth_token=***&oauth_token_secret=***&oauth_verifier=***")
    }

    @Test func signedCallsAreNeverCached() throws {
        let url = try #require(URL(string: "https://api.flickr.com/services/rest?method=flickr.favorites.getList"))
        #expect(CacheKind.of(WebRequest(url: url)) == .info)
        #expect(CacheKind.of(WebRequest(url: url, oauth: OAuthSigning(credentials: Self.rfcConsumer))) == nil)
        #expect(CacheKind.of(OAuthSigning(credentials: Self.rfcConsumer).sign(WebRequest(url: url))) == nil)
    }
}
