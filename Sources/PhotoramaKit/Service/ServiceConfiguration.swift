import Foundation

/// Where the three services are and how to ask them; what the CLI and the UI fill in from options,
/// environment and defaults.
public struct ServiceConfiguration: Sendable {
    public var flickrBaseURL: URL
    public var flickrAPIKey: String
    public var px500BaseURL: URL
    public var px500ConsumerKey: String
    public var locationsBaseURL: URL
    /// Wikimedia Commons' `api.php` and Openverse's API base (`--commons-url`, `--openverse-url`).
    public var commonsURL: URL = CommonsAPI.defaultURL
    public var openverseURL: URL = OpenverseAPI.defaultBaseURL
    /// The User-Agent Commons and Openverse get (`UserAgent.value(contact:)`).
    public var userAgent: String = UserAgent.standard
    /// A registered Openverse client's bearer token, once obtained.
    public var openverseToken: String?
    /// A registered Openverse client whose token `PhotoService` renews as it expires; nil for anonymous use.
    public var openverseTokens: OpenverseTokens?
    /// Flickr photos per page, 1…500.
    public var perPage: Int
    /// Photos in each of a Flickr feed's first pages when it should open with smaller ones (`PageRamp`).
    public var openingPerPage: Int?
    public var includeNSFW: Bool
    public var safeSearch: SafeSearch = .safe
    /// The consumer and, when signed in, the account's token: Flickr's account methods are signed with it.
    public var flickrOAuth: OAuthCredentials?

    /// No public locations service exists; the default is the port an Express app listens on.
    public static let defaultLocationsBaseURL = URL(string: "http://127.0.0.1:3000")!

    public init(
        flickrBaseURL: URL = FlickrAPI.defaultBaseURL,
        flickrAPIKey: String = "",
        px500BaseURL: URL = FiveHundredPxRoute.defaultBaseURL,
        px500ConsumerKey: String = "",
        locationsBaseURL: URL = ServiceConfiguration.defaultLocationsBaseURL,
        perPage: Int = 100,
        includeNSFW: Bool = false
    ) {
        self.flickrBaseURL = flickrBaseURL
        self.flickrAPIKey = flickrAPIKey
        self.px500BaseURL = px500BaseURL
        self.px500ConsumerKey = px500ConsumerKey
        self.locationsBaseURL = locationsBaseURL
        self.perPage = perPage
        self.includeNSFW = includeNSFW
    }

    /// A redactor that knows both keys, for the `Webservice` that serves this configuration.
    public var redactor: Redactor {
        let redactor = Redactor(secrets: [flickrAPIKey, px500ConsumerKey, openverseToken ?? ""])
        return flickrOAuth.map { redactor.adding($0) } ?? redactor
    }

    public var flickr: FlickrAPI {
        var api = FlickrAPI(baseURL: flickrBaseURL, apiKey: flickrAPIKey, perPage: perPage)
        api.safeSearch = safeSearch
        api.oauth = flickrOAuth
        return api
    }

    public var fiveHundredPx: FiveHundredPxAPI {
        FiveHundredPxAPI(baseURL: px500BaseURL, consumerKey: px500ConsumerKey, includeNSFW: includeNSFW)
    }

    public var locations: LocationsAPI { LocationsAPI(baseURL: locationsBaseURL) }

    public var commons: CommonsAPI { CommonsAPI(apiURL: commonsURL, userAgent: userAgent) }

    public var openverse: OpenverseAPI { OpenverseAPI(baseURL: openverseURL, userAgent: userAgent, accessToken: openverseToken) }

    public var pageRamp: PageRamp { PageRamp(opening: openingPerPage, perPage: perPage) }
}
