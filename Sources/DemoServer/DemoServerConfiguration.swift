/// How to run the demo server. Defaults: loopback only, an ephemeral port, seed 1, no faults.
public struct DemoServerConfiguration: Sendable {
    /// Address to bind; loopback unless the user asks for more.
    public var host: String = "127.0.0.1"
    /// 0 picks a free ephemeral port (read it back from `RunningDemoServer.port`).
    public var port: Int = 0
    /// Same seed, same catalog, same bytes.
    public var seed: UInt64 = 1
    public var faults: FaultInjection = .none
    /// Bytes of encoded images kept to answer again without encoding (least recently used go first).
    /// The browser's embedded server keeps less: the browser caches what it shows itself.
    public var imageCacheBytes = 96 << 20
    /// A file of one's own for a Flickr photo, by its id: served for every size of that photo instead of the
    /// generated picture (a JPEG with an embedded colour profile, say). The catalog is unchanged.
    public var photoFiles: [UInt64: [UInt8]] = [:]

    public init(host: String = "127.0.0.1", port: Int = 0, seed: UInt64 = 1, faults: FaultInjection = .none) {
        self.host = host
        self.port = port
        self.seed = seed
        self.faults = faults
    }
}

/// Misbehaviour the server can add on purpose, to exercise clients' error handling. All off by default.
public struct FaultInjection: Sendable, Equatable {
    /// Added before every answer.
    public var latency: Duration
    /// A uniformly random extra delay in 0...jitter on top of `latency`.
    public var jitter: Duration
    /// Fraction of requests answered 500 or 503 (alternately chosen at random).
    public var serverErrorRate: Double
    /// Fraction of answers that announce a Content-Length larger than the body sent, then close the connection.
    public var truncateRate: Double
    /// Fraction of answers whose body is sent one byte at a time, `slowDripInterval` apart.
    public var slowDripRate: Double
    public var slowDripInterval: Duration
    /// Bytes sent at each drip (1 by default): more lets a soak drip whole photos in minutes, not hours.
    public var slowDripBytes: Int
    /// Fraction of Flickr calls answered `stat: fail`, code 105 "Service currently unavailable" (HTTP 200).
    public var flickrUnavailableRate: Double
    /// Fraction of photos (Flickr and 500px) whose title, owner and description are hostile text: escape
    /// sequences, C0 and C1 controls, bidi overrides, zero-width characters, CJK, emoji ZWJ sequences, very
    /// long text. Decided per photo from the seed, so a photo is hostile in every answer that mentions it.
    public var hostileTitleRate: Double
    /// Fraction of image URLs answered 200 `image/jpeg` with a bad body: a truncated JPEG, a JPEG header
    /// declaring 65,500×65,500 pixels (a decompression bomb), HTML, a PNG or garbage. Decided per URL from
    /// the seed, so an image is bad every time it is asked for.
    public var hostileImageRate: Double
    /// The first this many Commons calls are refused for database lag (`maxlag`, HTTP 200 with
    /// `MediaWiki-API-Error: maxlag` and Retry-After 1), as Wikimedia does when its replicas fall behind.
    public var commonsMaxlagAnswers = 0
    /// The first this many Openverse calls answer 429 with Retry-After 1, as its anonymous rate limit does.
    public var openverseRateLimitAnswers = 0
    /// Files of one Commons answer that get their imageinfo; the others come in later answers of the same
    /// batch, through `iicontinue` (MediaWiki sends a large batch's imageinfo in parts). 50, a page of
    /// Photorama's, by default: a client asking for more files at once sees the continuation.
    public var commonsImageInfoBatch = 50
    /// Seconds an Openverse token lives (`expires_in`, and refused with 401 once past).
    public var openverseTokenLifetime = 36_000
    /// Searches an Openverse token serves before it is refused with 401 as an expired one; nil for no limit.
    public var openverseTokenUses: Int?

    public init(
        latency: Duration = .zero, jitter: Duration = .zero, serverErrorRate: Double = 0, truncateRate: Double = 0,
        slowDripRate: Double = 0, slowDripInterval: Duration = .milliseconds(20), slowDripBytes: Int = 1,
        flickrUnavailableRate: Double = 0, hostileTitleRate: Double = 0, hostileImageRate: Double = 0
    ) {
        self.latency = latency
        self.jitter = jitter
        self.serverErrorRate = serverErrorRate
        self.truncateRate = truncateRate
        self.slowDripRate = slowDripRate
        self.slowDripInterval = slowDripInterval
        self.slowDripBytes = max(1, slowDripBytes)
        self.flickrUnavailableRate = flickrUnavailableRate
        self.hostileTitleRate = hostileTitleRate
        self.hostileImageRate = hostileImageRate
    }

    public static let none = FaultInjection()

    /// Whether any per-request fault is on (hostile titles and images are per photo and per URL instead).
    var isActive: Bool {
        latency > .zero || jitter > .zero || serverErrorRate > 0 || truncateRate > 0 || slowDripRate > 0 || flickrUnavailableRate > 0
    }
}

/// The keys the app sends to the demo server. The server accepts any non-empty key; these only make
/// requests look like real ones. Not secrets.
public enum DemoAPIKeys {
    public static let flickr = "demo-flickr-key"
    /// The shared secret of the demo Flickr key: the demo server checks OAuth signatures made with it.
    public static let flickrSecret = "demo-secret"
    public static let px500 = "demo-500px-key"
    /// The registered Openverse client the demo accepts (OAuth2 client credentials), and the token it gives.
    public static let openverseClientID = "demo-openverse-client"
    public static let openverseClientSecret = "demo-openverse-secret"
    public static let openverseToken = "demo-openverse-token"
}
