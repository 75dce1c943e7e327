import Foundation

/// Where one service's requests go, decided once at start-up.
public enum EndpointChoice: Sendable, Equatable {
    /// A URL the user gave (`--flickr-url` and friends).
    case custom(URL)
    /// The real public service, because its key is configured.
    case real(URL)
    /// The embedded demo server.
    case demo
}

/// The choice for every service. Per service, in this order: its URL option; the real service when
/// its key is configured; the embedded demo server. `--demo` forces the demo server for all of them.
public struct EndpointPlan: Sendable, Equatable {
    public var flickr: EndpointChoice
    public var px500: EndpointChoice
    public var locations: EndpointChoice
    /// Commons and Openverse need no key: their URL option, else `--demo`, else the real service.
    public var commons: EndpointChoice
    public var openverse: EndpointChoice

    public static let realFlickr = URL(string: "https://api.flickr.com/services/rest")!
    public static let real500px = URL(string: "https://api.500px.com/v1")!

    public init(
        flickr: EndpointChoice, px500: EndpointChoice, locations: EndpointChoice,
        commons: EndpointChoice = .real(CommonsAPI.defaultURL), openverse: EndpointChoice = .real(OpenverseAPI.defaultBaseURL)
    ) {
        self.flickr = flickr
        self.px500 = px500
        self.locations = locations
        self.commons = commons
        self.openverse = openverse
    }

    public init(
        flickrURL: URL?, px500URL: URL?, locationsURL: URL?, flickrKey: String?, px500Key: String?, forceDemo: Bool,
        commonsURL: URL? = nil, openverseURL: URL? = nil
    ) {
        if forceDemo {
            self.init(flickr: .demo, px500: .demo, locations: .demo, commons: .demo, openverse: .demo)
            return
        }
        func choose(_ url: URL?, key: String?, real: URL?) -> EndpointChoice {
            if let url { return .custom(url) }
            if let real, let key, !key.isEmpty { return .real(real) }
            return .demo
        }
        self.init(
            flickr: choose(flickrURL, key: flickrKey, real: Self.realFlickr),
            px500: choose(px500URL, key: px500Key, real: Self.real500px),
            // The locations service has no public instance: without a URL it is always the demo server.
            locations: choose(locationsURL, key: nil, real: nil),
            commons: commonsURL.map(EndpointChoice.custom) ?? .real(CommonsAPI.defaultURL),
            openverse: openverseURL.map(EndpointChoice.custom) ?? .real(OpenverseAPI.defaultBaseURL))
    }

    public var needsDemoServer: Bool { [flickr, px500, locations, commons, openverse].contains(.demo) }

    /// The providers served by the demo server (for the header's "demo data").
    public var demoProviders: Set<Provider> {
        var set = Set<Provider>()
        if flickr == .demo { set.insert(.flickr) }
        if px500 == .demo { set.insert(.fiveHundredPx) }
        if commons == .demo { set.insert(.commons) }
        if openverse == .demo { set.insert(.openverse) }
        return set
    }
}
