import DemoServer
import Foundation
import PhotoramaConfig
import PhotoramaKit
import PhotoramaLocking
import PhotoramaStore

/// Everything a command needs to talk to the services, built from the options and the environment:
/// the endpoint plan, the embedded demo server when any service needs it, one Webservice and the
/// provider-neutral PhotoService. `shutdown()` must be called on every exit path.
final class AppEnvironment: Sendable {
    let plan: EndpointPlan
    let service: PhotoService
    let webservice: Webservice
    let log: RequestLog
    let redactor: Redactor
    /// The response cache, when any service is not the embedded demo server and the cache could be opened.
    let cache: SQLiteResponseCache?
    let cacheNotices: CacheNotices
    /// Flickr's sign-in for this run's Flickr service (login, logout, whoami use it).
    let signInSetup: SignInSetup
    /// The account signed in, nil when none; a stored sign-in that cannot be used is the failure, which
    /// commands needing an account show while everything else works as without one.
    let signIn: Result<StoredSignIn?, PhotoramaError>
    private let caching: CachingTransport?
    private let flickrKey: String?
    private let transport: LiveTransport
    private let demoServer: RunningDemoServer?

    private init(
        plan: EndpointPlan, service: PhotoService, webservice: Webservice, log: RequestLog, redactor: Redactor,
        transport: LiveTransport, demoServer: RunningDemoServer?, cache: SQLiteResponseCache?, cacheNotices: CacheNotices,
        caching: CachingTransport?, flickrKey: String?, signInSetup: SignInSetup, signIn: Result<StoredSignIn?, PhotoramaError>
    ) {
        self.signInSetup = signInSetup
        self.signIn = signIn
        self.cache = cache
        self.cacheNotices = cacheNotices
        self.caching = caching
        self.flickrKey = flickrKey
        self.plan = plan
        self.service = service
        self.webservice = webservice
        self.log = log
        self.redactor = redactor
        self.transport = transport
        self.demoServer = demoServer
    }

    // MARK: - Making the environment
    static func make(
        _ options: ServiceOptions, keys givenKeys: APICredentials? = nil, demoFaults: FaultInjection = .none,
        perPage: Int? = nil, openingPerPage: Int? = nil, cacheSize: Int64? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws -> AppEnvironment {
        // Config file: keys (after the environment), page size, safe search and the cache's size.
        let keys: APICredentials
        if let givenKeys {
            keys = givenKeys
        } else {
            keys = try await APICredentials.resolve(file: ConfigContext.file, environment: environment, demo: options.demo)
        }
        let settings = ConfigContext.settings(environment: environment)
        let plan = EndpointPlan(
            flickrURL: options.flickrURL.flatMap(ServiceOptions.parseBaseURL),
            px500URL: options.px500URL.flatMap(ServiceOptions.parseBaseURL),
            locationsURL: options.locationsURL.flatMap(ServiceOptions.parseBaseURL),
            flickrKey: keys.flickr, px500Key: keys.px500, forceDemo: options.demo,
            commonsURL: options.commonsURL.flatMap(ServiceOptions.parseBaseURL),
            openverseURL: options.openverseURL.flatMap(ServiceOptions.parseBaseURL))
        var redactor = Redactor(secrets: [keys.flickr, keys.px500].compactMap { $0 })
        let log = try RequestLog(capacity: 200, path: options.logFile)

        var demoServer: RunningDemoServer?
        if plan.needsDemoServer {
            do {
                var demo = DemoServerConfiguration(faults: demoFaults)
                // In the browser's own process: its image loader already keeps what it shows.
                demo.imageCacheBytes = 16 << 20
                demoServer = try await RunningDemoServer.start(demo)
            } catch {
                throw PhotoramaError.offline("could not start the embedded demo server")
            }
        }
        func url(_ choice: EndpointChoice, demo: (RunningDemoServer) -> URL) -> URL {
            switch choice {
            case .custom(let url), .real(let url): return url
            case .demo:
                // needsDemoServer guarantees the server exists when any choice is .demo.
                return demoServer.map(demo) ?? URL(fileURLWithPath: "/")
            }
        }
        var configuration = ServiceConfiguration(perPage: perPage ?? settings.pageSize.value ?? 100)
        configuration.openingPerPage = openingPerPage
        configuration.safeSearch = settings.safeSearch.value
        configuration.includeNSFW = settings.safeSearch.value != .safe
        configuration.flickrBaseURL = url(plan.flickr) { $0.flickrURL }
        configuration.px500BaseURL = url(plan.px500) { $0.px500URL }
        configuration.locationsBaseURL = url(plan.locations) { $0.locationsURL }
        configuration.commonsURL = url(plan.commons) { $0.commonsURL }
        configuration.openverseURL = url(plan.openverse) { $0.openverseURL }
        configuration.userAgent = UserAgent.value(contact: settings.userAgentContact.value)
        configuration.flickrAPIKey = plan.flickr == .demo ? DemoAPIKeys.flickr : (keys.flickr ?? "")
        configuration.px500ConsumerKey = plan.px500 == .demo ? DemoAPIKeys.px500 : (keys.px500 ?? "")
        let signInSetup = SignInSetup(
            plan: plan, flickrBaseURL: configuration.flickrBaseURL, demoOAuthURL: demoServer?.oauthURL,
            consumerKey: configuration.flickrAPIKey, settings: settings, environment: environment)
        let signIn = await Self.signIn(signInSetup)
        if case .success(.some(let (_, credentials))) = signIn {
            configuration.flickrOAuth = credentials
            redactor = redactor.adding(credentials)
        }

        let transport = LiveTransport()
        // The embedded demo server is not cached: it is on this machine, on a new port every run.
        let demoOrigins = Set(
            [
                (plan.flickr, configuration.flickrBaseURL), (plan.px500, configuration.px500BaseURL),
                (plan.locations, configuration.locationsBaseURL), (plan.commons, configuration.commonsURL),
                (plan.openverse, configuration.openverseURL),
            ]
            .filter { $0.0 == .demo }.map { CachingTransport.origin($0.1) })
        let notices = CacheNotices()
        var cache: SQLiteResponseCache?
        if [plan.flickr, plan.px500, plan.locations, plan.commons, plan.openverse].contains(where: { $0 != .demo }) {
            do {
                cache = try SQLiteResponseCache(
                    folder: CacheFolder(path: CacheFolder.defaultPath(environment: environment)),
                    maxBytes: cacheSize ?? Int64(settings.cacheSize.value),
                    notice: { notices.post($0) })
            } catch {
                notices.post(error.message)
            }
        }
        let caching = cache.map {
            CachingTransport(wrapping: transport, store: $0, offline: options.offline, bypassOrigins: demoOrigins)
        }
        // Commons' etiquette: one request at a time to its API (the other services keep their parallel pages).
        let serial = OneAtATimeTransport(wrapping: caching ?? transport, endpoints: [configuration.commonsURL])
        let openverseClient = plan.openverse == .demo || options.offline ? nil : settings.openverseClientID.value
        var openverseSecret: String?
        if let openverseClient, let source = settings.openverseSecret.value {
            do {
                openverseSecret = try await Self.secret(source, name: "openverse.secret_command", environment: environment)
                redactor.add(openverseClient)
            } catch {
                notices.post("Openverse: \(error.message); searching anonymously")
            }
        }
        redactor.add(openverseSecret ?? "")
        var webservice = Webservice(
            transport: serial, redactor: redactor, allowInsecure: options.allowInsecure, log: log,
            waitNotice: { notices.post($0) })
        if let openverseClient, let openverseSecret {
            // A registered client's token raises Openverse's limits; without it, Openverse is asked anonymously.
            // The token is renewed as it expires (`OpenverseTokens`); the first is asked for now, so a refused
            // client is said once, at start.
            let tokens = OpenverseTokens(clientID: openverseClient, secret: openverseSecret)
            do {
                let token = try await tokens.token(configuration.openverse, webservice)
                configuration.openverseToken = token
                configuration.openverseTokens = tokens
                redactor.add(token)
                webservice = Webservice(
                    transport: serial, redactor: redactor, allowInsecure: options.allowInsecure, log: log,
                    waitNotice: { notices.post($0) })
            } catch {
                notices.post("Openverse: the registered client was refused (\(error.message)); searching anonymously")
            }
        }
        return AppEnvironment(
            plan: plan, service: PhotoService(configuration: configuration, webservice: webservice),
            webservice: webservice, log: log, redactor: redactor, transport: transport, demoServer: demoServer,
            cache: cache, cacheNotices: notices, caching: caching,
            flickrKey: plan.flickr == .demo ? nil : keys.flickr, signInSetup: signInSetup, signIn: signIn.map { $0?.0 })
    }

    /// A secret from the config file or the environment, or printed by its command (on a thread of its own).
    private static func secret(_ source: CredentialSource, name: String, environment: [String: String]) async throws(PhotoramaError)
        -> String
    {
        switch source {
        case .literal(let value): return value
        case .command(let arguments):
            do {
                return try await OwnThread.run { () throws(ConfigError) in
                    try CredentialCommand.run(arguments, name: name, environment: environment)
                }
            } catch {
                throw .invalidInput(error.message)
            }
        }
    }

    // MARK: - Signing in
    /// The stored sign-in with a consumer secret to sign it, or why it cannot be used.
    private static func signIn(_ setup: SignInSetup) async -> Result<(StoredSignIn, OAuthCredentials)?, PhotoramaError> {
        do throws(PhotoramaError) {
            guard let account = try await setup.stored() else { return .success(nil) }
            return .success((account, try await setup.credentials(account)))
        } catch {
            return .failure(error)
        }
    }

    /// The signed-in account, or the one line saying why there is none, naming the service asked
    /// (`notSignedIn`).
    func requireSignIn() throws(PhotoramaError) -> StoredSignIn {
        switch signIn {
        case .success(let account?): return account
        case .success(nil): throw Self.notSignedIn(signInSetup.service)
        case .failure(let error): throw error
        }
    }

    /// "Not signed in to the demo server: run `photorama login` first": `FlickrAPI.notSignedIn` for the
    /// real Flickr, the demo server or the `--flickr-url` origin otherwise. Invalid input (status 2): the
    /// command needs an account first.
    static func notSignedIn(_ service: SignInService) -> PhotoramaError {
        service == .flickr
            ? FlickrAPI.notSignedIn : .invalidInput("Not signed in to \(SignInRun.describe(service)): run `photorama login` first")
    }

    // MARK: - The call budget and the end
    /// How long a page loaded ahead should wait, from this hour's Flickr calls (nil without a Flickr key).
    func prefetchDelay() async -> Duration? {
        guard let caching, let flickrKey else { return nil }
        return RateBudget().prefetchDelay(used: await caching.callsThisHour(key: flickrKey))
    }

    /// Flickr calls left this hour (nil without a Flickr key), for prefetch's bound.
    func callsLeftThisHour() async -> Int? {
        guard let caching, let flickrKey else { return nil }
        return max(0, RateBudget().limit - (await caching.callsThisHour(key: flickrKey)))
    }

    func shutdown() async {
        cacheNotices.flushToStandardError()
        await transport.shutdown()
        await demoServer?.stop()
    }

    /// Runs `body` and shuts down afterwards, whether it succeeded or threw.
    func using<T: Sendable>(_ body: (AppEnvironment) async throws -> T) async throws -> T {
        do {
            let result = try await body(self)
            await shutdown()
            return result
        } catch {
            await shutdown()
            throw error
        }
    }
}
