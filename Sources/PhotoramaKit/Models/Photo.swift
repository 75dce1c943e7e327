import Foundation

/// A photo from any provider, with what the grid, the detail pane and `--format json` need.
public struct Photo: Sendable, Hashable, Identifiable {
    public var provider: Provider
    /// The provider's id, as a string (500px ids are numbers on the wire).
    public var id: String
    /// Plain text as the server sent it (untrusted: sanitize before drawing). Empty when untitled.
    public var title: String
    /// The owner's display name (may be empty).
    public var owner: String
    public var ownerID: String?
    public var taken: LocalDateTime?
    public var takenGranularity: DateGranularity
    /// Known renditions, smallest first, packed (see `PhotoRenditions`).
    public var renditions: PhotoRenditions
    /// The renditions as values; each read builds them, so hot paths use `renditions`.
    public var images: [PhotoImage] {
        get { Array(renditions) }
        set { renditions = PhotoRenditions(newValue) }
    }
    /// The photo's page, as text for the reason `PhotoImage.address` gives.
    public private(set) var pageAddress: String?
    /// nil when the photo has no location (Flickr sends 0, 0 for that).
    public var location: GeoPoint?
    public var tags: [String]
    /// Plain text: HTML tags stripped and entities decoded by the provider's parser.
    public var description: String
    public var views: Int?
    /// nil when the provider did not say.
    public var nsfw: Bool?
    /// Flickr's licence id (`license`: 0 All Rights Reserved, 4 CC BY 2.0 …); its name comes from
    /// `PhotoService.licenses()`. nil when the provider did not say.
    public var licenseID: Int?
    /// The licence as the provider names it on each photo (Commons, Openverse); nil for Flickr and 500px,
    /// whose lists carry at most an id.
    public var licenseTag: LicenseTag? {
        get { licenseTagBox?.tag }
        set { licenseTagBox = newValue.map(LicenseTagBox.init) }
    }
    /// Held by reference: Flickr's and 500px's photos have none, and a feed may hold a million photos, each
    /// of which would otherwise carry the tag's strings inline (docs/PERFORMANCE.md, resident memory).
    private var licenseTagBox: LicenseTagBox?

    public init(
        provider: Provider, id: String, title: String = "", owner: String = "", ownerID: String? = nil,
        taken: LocalDateTime? = nil, takenGranularity: DateGranularity = .exact, images: [PhotoImage] = [],
        pageURL: URL? = nil, location: GeoPoint? = nil, tags: [String] = [], description: String = "",
        views: Int? = nil, nsfw: Bool? = nil, licenseID: Int? = nil, licenseTag: LicenseTag? = nil
    ) {
        self.init(
            provider: provider, id: id, title: title, owner: owner, ownerID: ownerID, taken: taken, takenGranularity: takenGranularity,
            images: images, pageAddress: pageURL?.absoluteString, location: location, tags: tags, description: description, views: views,
            nsfw: nsfw, licenseID: licenseID, licenseTag: licenseTag)
    }

    /// As the public initializer, with the page already the text of a URL (`AbsoluteAddress`).
    init(
        provider: Provider, id: String, title: String = "", owner: String = "", ownerID: String? = nil,
        taken: LocalDateTime? = nil, takenGranularity: DateGranularity = .exact, images: [PhotoImage],
        pageAddress: String?, location: GeoPoint? = nil, tags: [String] = [], description: String = "",
        views: Int? = nil, nsfw: Bool? = nil, licenseID: Int? = nil, licenseTag: LicenseTag? = nil
    ) {
        self.init(
            provider: provider, id: id, title: title, owner: owner, ownerID: ownerID, taken: taken, takenGranularity: takenGranularity,
            renditions: PhotoRenditions(ordering: images),
            pageAddress: pageAddress, location: location, tags: tags, description: description, views: views, nsfw: nsfw,
            licenseID: licenseID, licenseTag: licenseTag)
    }

    /// From values a reader already has in their stored form: renditions packed and in order, the page as
    /// the text of a URL.
    init(
        provider: Provider, id: String, title: String, owner: String, ownerID: String?, taken: LocalDateTime?,
        takenGranularity: DateGranularity, renditions: PhotoRenditions, pageAddress: String?, location: GeoPoint?,
        tags: [String], description: String, views: Int?, nsfw: Bool? = nil, licenseID: Int?, licenseTag: LicenseTag? = nil
    ) {
        self.provider = provider
        self.id = id
        self.title = title
        self.owner = owner
        self.ownerID = ownerID
        self.taken = taken
        self.takenGranularity = takenGranularity
        self.renditions = renditions
        self.pageAddress = pageAddress
        self.location = location
        self.tags = tags
        self.description = description
        self.views = views
        self.nsfw = nsfw
        self.licenseID = licenseID
        self.licenseTag = licenseTag
    }

    /// Parsed again when asked for; the text is a URL's absoluteString, which always parses.
    public var pageURL: URL? {
        get { pageAddress.flatMap { URL(string: $0) } }
        set { pageAddress = newValue?.absoluteString }
    }

    /// Unique across providers; what the feed deduplicates on.
    public var key: PhotoKey { PhotoKey(provider: provider, id: id) }

    /// The largest rendition we know of.
    public var largestImage: PhotoImage? { renditions.last }

    /// The smallest rendition whose longer edge is at least `edge` pixels, else the largest.
    public func image(atLeast edge: Int) -> PhotoImage? {
        renditions.smallest(coveringEdge: edge, among: renditions.indices)
    }

    /// The dimensions of the largest rendition with both known, for "4000×3000" on a card.
    public var largestDimensions: (width: Int, height: Int)? { renditions.largestDimensions }
}

public struct PhotoKey: Sendable, Hashable {
    public var provider: Provider
    public var id: String
    public init(provider: Provider, id: String) {
        self.provider = provider
        self.id = id
    }
}

/// A `LicenseTag` behind one reference, compared and hashed by its value.
private final class LicenseTagBox: Sendable, Hashable {
    let tag: LicenseTag

    init(_ tag: LicenseTag) { self.tag = tag }

    static func == (a: LicenseTagBox, b: LicenseTagBox) -> Bool { a.tag == b.tag }

    func hash(into hasher: inout Hasher) { hasher.combine(tag) }
}
