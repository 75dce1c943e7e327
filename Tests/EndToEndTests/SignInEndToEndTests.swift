import DemoServer
import Foundation
import PhotoramaKit
import TestProcesses
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// Signing in through the real binary: `login --demo`, the account commands, `logout`; the verifier typed
/// on stdin (in tmux); a refused token; and the browser's `f` and Favourites tab. Each test has its own
/// XDG_DATA_HOME. The token and its secret are looked for in everything the program wrote.
@Suite(.serialized, .ownThread) struct SignInEndToEndTests {
    static func dataHome() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("photorama-sign-in-\(UUID().uuidString)").path
    }

    static func environment(_ home: String) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["XDG_DATA_HOME"] = home
        env["BROWSER"] = "/bin/true"
        return env
    }

    /// The token and its secret from the stored line.
    static func storedSecrets(_ path: String) throws -> [String] {
        let line = try String(contentsOfFile: path, encoding: .utf8)
        let fields = Dictionary(
            line.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                return (parts[0], parts.count > 1 ? (parts[1].removingPercentEncoding ?? parts[1]) : "")
            }, uniquingKeysWith: { first, _ in first })
        return [try #require(fields["oauth_token"]), try #require(fields["oauth_token_secret"])]
    }

    static func mode(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_mode) & 0o777 : -1
    }

    func run(_ home: String, _ arguments: [String]) async throws -> CommandResult {
        try await CommandRun.run(ProductBinary.photorama, arguments, environment: Self.environment(home))
    }

    @Test func loginDemoThenTheAccountCommandsThenLogout() async throws {
        let home = Self.dataHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let log = home + "/requests.log"
        let login = try await run(home, ["login", "--demo"])
        #expect(login.status == 0, "\(login.stderr)")
        let file = home + "/photorama/demo-sign-in"
        #expect(Self.mode(file) == 0o600)
        #expect(Self.mode(home + "/photorama") == 0o700)
        let secrets = try Self.storedSecrets(file)

        let whoami = try await run(home, ["whoami", "--demo"])
        #expect(whoami.status == 0)
        #expect(whoami.stdout.range(of: #"^[a-z0-9_.-]+ \([0-9]+@N[0-9]{2}\)\n$"#, options: .regularExpression) != nil, "\(whoami.stdout)")
        #expect(
            login.stdout
                == "Signing in to the demo server with its first demo account…\nSigned in to the demo server as \(whoami.stdout.dropLast()), write permission.\n"
        )

        let favourites = try await run(home, ["favorites", "--demo", "--format", "ids", "--limit", "100", "--log", log])
        #expect(favourites.status == 0, "\(favourites.stderr)")
        #expect(favourites.stdout.split(separator: "\n").count == 24)
        let mine = try await run(home, ["mine", "--demo", "--format", "ids", "--limit", "5"])
        #expect(mine.stdout.split(separator: "\n").count == 5)
        let contacts = try await run(home, ["contacts", "--demo", "--format", "table", "--limit", "3"])
        #expect(contacts.status == 0, "\(contacts.stderr)")
        #expect(contacts.stdout.split(separator: "\n").count == 4, "\(contacts.stdout)")

        // Your groups, and one of them opened by its id; your albums without naming yourself.
        let groups = try await run(home, ["groups", "--demo", "--format", "json"])
        #expect(groups.status == 0, "\(groups.stderr)")
        let groupRows = try #require(try JSONSerialization.jsonObject(with: Data(groups.stdout.utf8)) as? [[String: Any]])
        #expect(groupRows.count == 3)
        #expect(groupRows.allSatisfy { ($0["name"] as? String)?.hasSuffix(" lovers") == true && ($0["photoCount"] as? Int) == 300 })
        let groupID = try #require(groupRows.first?["id"] as? String)
        let pool = try await run(home, ["group", groupID, "--demo", "--format", "ids", "--limit", "3"])
        #expect(pool.status == 0, "\(pool.stderr)")
        #expect(pool.stdout.split(separator: "\n").count == 3)
        let albums = try await run(home, ["albums", "--demo", "--format", "ids"])
        #expect(albums.status == 0, "\(albums.stderr)")
        // The first demo account's 79 albums, numbered from 72157000000000000.
        #expect(albums.stdout == (0..<79).map { "\(72_157_000_000_000_000 + $0)\n" }.joined())

        let logout = try await run(home, ["logout", "--demo"])
        #expect(logout.stdout == "Signed out of the demo server: the token is forgotten.\n")
        #expect(!FileManager.default.fileExists(atPath: file))
        let after = try await run(home, ["whoami", "--demo"])
        #expect(after.status == 2)
        #expect(after.stdout == "")
        // It names the service it asked: the demo server here, not Flickr.
        #expect(after.stderr == "photorama: Not signed in to the demo server: run `photorama login` first\n")
        let favouritesAfter = try await run(home, ["favorites", "--demo"])
        #expect(favouritesAfter.stderr == "photorama: Not signed in to the demo server: run `photorama login` first\n")
        let groupsAfter = try await run(home, ["groups", "--demo"])
        #expect(groupsAfter.status == 2)
        #expect(groupsAfter.stderr == "photorama: Not signed in to the demo server: run `photorama login` first\n")

        // Nothing the program wrote holds the token or its secret: output, errors, the request log.
        let written =
            [login, whoami, favourites, mine, contacts, logout, after].flatMap { [$0.stdout, $0.stderr] }
            + [try String(contentsOfFile: log, encoding: .utf8)]
        #expect(try String(contentsOfFile: log, encoding: .utf8).contains("favorites.getList"))
        for secret in secrets { #expect(!written.contains { $0.contains(secret) }, "the secret leaked") }
    }

    @Test func aTokenTheServiceRefusesIsOneLineAskingToLogInAgain() async throws {
        let home = Self.dataHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/photorama", withIntermediateDirectories: true)
        let forged =
            "service=demo&oauth_token=72157001000000000-0000000000000000&oauth_token_secret=feedfacefeedface&user_nsid=1%40N01&perms=write"
        let file = home + "/photorama/demo-sign-in"
        try forged.write(toFile: file, atomically: true, encoding: .utf8)
        chmod(file, 0o600)
        for command in ["favorites", "mine", "contacts", "whoami"] {
            let result = try await run(home, [command, "--demo"])
            #expect(result.status == 2)
            #expect(result.stderr == "photorama: Flickr refused the saved sign-in: run `photorama login` again\n", "\(command)")
            #expect(!result.stderr.contains("feedfacefeedface"))
        }
        // Everything that needs no account works as without one.
        let recent = try await run(home, ["recent", "--demo", "--format", "ids", "--limit", "2"])
        #expect(recent.status == 0)
        #expect(recent.stdout.split(separator: "\n").count == 2)
    }

    /// The flow as a person does it: the address printed, the code typed on stdin; then a stock client
    /// (python3-flickrapi) adds a favourite and `photorama favorites` shows it first.
    @Test func theVerifierTypedOnStdinSignsInToAFlickrCompatibleServer() async throws {
        let home = Self.dataHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let server = try await RunningDemoServer.start(DemoServerConfiguration(seed: 1), executor: OwnThreadTrait.executor)
        do {
            let base = "http://127.0.0.1:\(server.port)"
            var env = ["XDG_DATA_HOME": home, "BROWSER": "/bin/true", "FLICKR_API_KEY": DemoAPIKeys.flickr]
            env["FLICKR_API_SECRET"] = DemoAPIKeys.flickrSecret
            let tmux = try await TmuxSession.start(
                command: "\(ProductBinary.photorama) login --perms write --flickr-url \(base)/services/rest", columns: 200, rows: 20,
                environment: env)
            let screen = try await tmux.waitFor(text: "Then type the code the page shows:")
            let address = try #require(
                screen.split(separator: "\n").first { $0.hasPrefix(base + "/services/oauth/authorize?") }.map {
                    $0.trimmingCharacters(in: .whitespaces)
                })
            // The project's own transport: Foundation's URLSession (libcurl) leaks under LeakSanitizer.
            let transport = LiveTransport()
            let answer = try await transport.send(WebRequest(url: try #require(URL(string: address))))
            await transport.shutdown()
            let page = String(decoding: answer.body, as: UTF8.self)
            let start = try #require(page.range(of: "<code id=\"verifier\">")?.upperBound)
            let verifier = String(page[start...].prefix { $0 != "<" })
            try await tmux.sendLine(verifier)
            let done = try await tmux.waitFor(text: "exit=0")
            #expect(done.contains("Signed in to \(base) as "))
            let file = home + "/photorama/sign-in-http___127.0.0.1_\(server.port)"
            #expect(Self.mode(file) == 0o600)
            let secrets = try Self.storedSecrets(file)
            for secret in secrets { #expect(!done.contains(secret)) }

            var commandEnv = Self.environment(home)
            commandEnv.merge(env) { _, new in new }
            let whoami = try await CommandRun.run(
                ProductBinary.photorama, ["whoami", "--flickr-url", base + "/services/rest"], environment: commandEnv)
            #expect(whoami.status == 0, "\(whoami.stderr)")
            // The demo sign-in is apart: this one is for the --flickr-url server only.
            let demo = try await run(home, ["whoami", "--demo"])
            #expect(demo.stderr == "photorama: Not signed in to the demo server: run `photorama login` first\n")

            // The second half needs a stock Flickr client: a failure where the test command installs it.
            try TestDependencies.require([.flickrapi, .lxml], for: "python3-flickrapi's favourite in `photorama favorites`")
            let recent = try await CommandRun.run(
                ProductBinary.photorama, ["recent", "--flickr-url", base + "/services/rest", "--format", "ids", "--limit", "40"],
                environment: commandEnv)
            let favourites = try await CommandRun.run(
                ProductBinary.photorama, ["favorites", "--flickr-url", base + "/services/rest", "--format", "ids", "--limit", "100"],
                environment: commandEnv)
            let nsid = try #require(whoami.stdout.split(separator: "(").last?.dropLast(2))
            let owned = try await CommandRun.run(
                ProductBinary.photorama,
                ["user", String(nsid), "--flickr-url", base + "/services/rest", "--format", "ids", "--limit", "10000"],
                environment: commandEnv)
            let taken = Set(favourites.stdout.split(separator: "\n") + owned.stdout.split(separator: "\n"))
            let photo = try #require(recent.stdout.split(separator: "\n").first { !taken.contains($0) })
            let python = try await CommandRun.run(
                "/usr/bin/python3", ["-c", Self.flickrapiScript, base, String(photo)],
                environment: ["HOME": home, "PATH": "/usr/bin:/bin", "NO_PROXY": "127.0.0.1"], deadline: .seconds(90))
            #expect(python.status == 0, "\(python.stderr)")
            #expect(python.stdout == "ok\n")
            let after = try await CommandRun.run(
                ProductBinary.photorama, ["favorites", "--flickr-url", base + "/services/rest", "--format", "ids", "--limit", "1"],
                environment: commandEnv)
            #expect(after.stdout == photo + "\n")
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    static let flickrapiScript = """
        import re, sys, urllib.request
        import flickrapi
        from flickrapi import auth
        base, photo_id = sys.argv[1], sys.argv[2]
        flickrapi.FlickrAPI.REST_URL = base + '/services/rest/'
        auth.OAuthFlickrInterface.REQUEST_TOKEN_URL = base + '/services/oauth/request_token'
        auth.OAuthFlickrInterface.AUTHORIZE_URL = base + '/services/oauth/authorize'
        auth.OAuthFlickrInterface.ACCESS_TOKEN_URL = base + '/services/oauth/access_token'
        flickr = flickrapi.FlickrAPI('demo-flickr-key', 'demo-secret', format='parsed-json', store_token=False, cache=False)
        flickr.get_request_token(oauth_callback='oob')
        page = urllib.request.urlopen(flickr.auth_url(perms='write')).read().decode('utf-8')
        flickr.get_access_token(re.search(r'<code id="verifier">([^<]+)</code>', page).group(1))
        print(flickr.favorites.add(photo_id=photo_id)['stat'])
        """

    /// `login --demo`, then the browser: `f` marks the selected photo at once and the Favourites tab lists
    /// it; with a read-only sign-in, `f`'s mark is taken back with Flickr's reason.
    @Test func fInTheBrowserMarksAFavouriteAndAReadOnlySignInIsTakenBack() async throws {
        let home = Self.dataHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        #expect(try await run(home, ["login", "--demo"]).status == 0)
        let tmux = try await TmuxSession.start(
            command: "\(ProductBinary.photorama) --demo --seed 7", columns: 120, rows: 40, environment: ["XDG_DATA_HOME": home])
        try await tmux.waitForGrid()
        #expect(try await tmux.screen().contains("5 Saved  6 Explore  7 Favourites"))
        try await tmux.send("f")
        let marked = try await tmux.waitFor(text: "is a Flickr favourite")
        #expect(marked.contains("♥ "))
        try await tmux.send("7")
        let notice = TmuxSession.statusLine(marked)
        let title = try #require(notice.split(separator: "“").dropFirst().first?.split(separator: "”").first.map(String.init))
        let tab = try await tmux.waitFor("the Favourites tab's grid") { TmuxSession.showsPhotos(of: "Favourites", $0) }
        // The new favourite is the first card (the selection stays where it was, as on the Saved tab).
        let firstCard = tab.split(separator: "\n").dropFirst(2).first.map(String.init) ?? ""
        #expect(firstCard.hasPrefix(" ♥ " + title.prefix(8)), "\(tab)")
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")

        #expect(try await run(home, ["login", "--demo", "--perms", "read"]).status == 0)
        let reader = try await TmuxSession.start(
            command: "\(ProductBinary.photorama) --demo --seed 7", columns: 120, rows: 40, environment: ["XDG_DATA_HOME": home])
        try await reader.waitForGrid()
        try await reader.send("f")
        let refused = try await reader.waitFor(text: "Not a favourite: API error 99")
        #expect(TmuxSession.statusLine(refused).contains("Insufficient permissions"), "\(refused)")
        try await reader.send("q")
        try await reader.waitFor(text: "exit=0")
    }
}
