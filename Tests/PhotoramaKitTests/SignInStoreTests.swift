import Foundation
import PhotoramaKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The stored Flickr sign-in: where it lives (XDG), how (0600, atomic, folder 0700), one per service,
/// and that nothing it says holds the token or its secret.
@Suite struct SignInStoreTests {
    static let secret = "5ec2e7-token-secret-f00d"
    static let token = "72157000000000001-0123456789abcdef"

    static func account(permission: FlickrPermission = .write) -> FlickrAccount {
        FlickrAccount(
            token: OAuthToken(token: token, secret: secret), nsid: "12345678@N01", username: "ana", fullname: "Ana Example",
            permission: permission)
    }

    static func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("photorama-sign-in-\(UUID().uuidString)").path
    }

    static func mode(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_mode) & 0o777 : -1
    }

    @Test func theFolderFollowsXDGDataHome() {
        #expect(DataFolder.path(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/a"]) == "/x/data/photorama")
        #expect(DataFolder.path(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/a"]) == "/home/a/.local/share/photorama")
        #expect(SignInStore(environment: ["XDG_DATA_HOME": "/x/data"]).path(.demo) == "/x/data/photorama/demo-sign-in")
        #expect(SignInStore(environment: ["XDG_DATA_HOME": "/x/data"]).path(.flickr) == "/x/data/photorama/flickr-sign-in")
        #expect(
            SignInStore(environment: ["XDG_DATA_HOME": "/x/data"]).path(.custom(origin: "http://127.0.0.1:8080"))
                == "/x/data/photorama/sign-in-http___127.0.0.1_8080")
    }

    @Test func savedPrivateAndReadBackPerService() throws {
        let root = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = SignInStore(folder: root + "/photorama")
        let signIn = StoredSignIn(service: .demo, account: Self.account())
        try store.save(signIn)
        #expect(Self.mode(root + "/photorama") == 0o700)
        #expect(Self.mode(store.path(.demo)) == 0o600)
        #expect(try store.load(.demo) == signIn)
        // Demo and Flickr sign-ins never stand in for each other.
        #expect(try store.load(.flickr) == nil)
        #expect(try store.load(.custom(origin: "http://127.0.0.1:1")) == nil)
        // No temporary file is left beside it (written to a temporary name, then renamed).
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/photorama") == ["demo-sign-in"])
        #expect(try store.forget(.demo))
        #expect(try !store.forget(.demo))
        #expect(try store.load(.demo) == nil)
    }

    @Test func aFileOthersCanReadIsRefusedInOneLineWithoutItsContent() throws {
        let root = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = SignInStore(folder: root)
        try store.save(StoredSignIn(service: .flickr, account: Self.account()))
        chmod(store.path(.flickr), 0o644)
        #expect(
            throws: PhotoramaError.invalidInput(
                "\(root)/flickr-sign-in holds a Flickr sign-in and others can read it (mode 644): run chmod 600 \(root)/flickr-sign-in")
        ) {
            try store.load(.flickr)
        }
    }

    @Test func aDamagedFileIsOneLineThatQuotesNothing() throws {
        let root = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = SignInStore(folder: root)
        try store.save(StoredSignIn(service: .demo, account: Self.account()))
        for damaged in [
            "service=demo&oauth_token=\(Self.token)&oauth_token_secret=\(Self.secret)%1B%5B2J&user_nsid=12345678%40N01&perms=write",
            "service=flickr&oauth_token=\(Self.token)&oauth_token_secret=\(Self.secret)&user_nsid=12345678%40N01&perms=write",
            String(repeating: "x", count: 5000) + Self.secret,
            "\u{1B}]0;\(Self.secret)\u{07}",
        ] {
            try damaged.write(toFile: store.path(.demo), atomically: true, encoding: .utf8)
            chmod(store.path(.demo), 0o600)
            do {
                _ = try store.load(.demo)
                Issue.record("accepted: \(damaged.prefix(40))")
            } catch {
                #expect(error == .invalidInput("\(root)/demo-sign-in is not a Flickr sign-in: run `photorama login` again"))
                #expect(!error.message.contains(Self.secret))
            }
        }
    }

    @Test func descriptionsAndTheRedactorHideTheToken() {
        let signIn = StoredSignIn(service: .demo, account: Self.account())
        #expect("\(signIn)" == "StoredSignIn(demo, 12345678@N01, ***)")
        #expect(!"\(signIn.account)".contains(Self.secret))
        let redactor = Redactor().adding(
            OAuthCredentials(consumerKey: "key1", consumerSecret: "consumer-secret", token: signIn.account.token))
        #expect(redactor.redact("line \(signIn.line)") == "line " + redactor.redact(signIn.line))
        #expect(!redactor.redact(signIn.line).contains(Self.secret))
        #expect(!redactor.redact(signIn.line).contains(Self.token))
        #expect(StoredSignIn(line: signIn.line) == signIn)
    }
}
