import PhotoramaKit
import PhotoramaText

/// Turns what was typed in the search bar into a source.
///
/// "lat, long" or "lat long", optionally followed by a radius ("10km", "5 km", "3mi", "2"; kilometres by
/// default), is a geo search; anything else that is not blank is a text search. Out-of-range numbers give
/// the same messages as the Flickr endpoints, and nothing is sent. "commons:" or "openverse:" before
/// either addresses that provider instead of Flickr ("commons: 48.8584, 2.2945 2km", "openverse:
/// license:by,cc0 old maps").
public enum SearchQuery {
    static let kilometresPerMile = 1.609344

    public static func parse(_ input: String) -> Result<PhotoSource, PhotoramaError> {
        let text: String
        do { text = try InputValidation.searchText(input) } catch { return .failure(error) }
        if let addressed = ProviderInput(text) { return addressed.source }
        if let licensed = LicensedInput(text) { return licensed.source }
        guard let geo = GeoInput(text) else { return .success(.search(text: text)) }
        let radiusKm = geo.radius.map { $0.miles ? $0.value * kilometresPerMile : $0.value } ?? InputValidation.defaultRadiusKm
        do {
            try InputValidation.place(latitude: geo.latitude, longitude: geo.longitude, radiusKm: radiusKm)
        } catch {
            return .failure(error)
        }
        return .success(.geo(latitude: geo.latitude, longitude: geo.longitude, radiusKm: radiusKm))
    }
}

/// "commons: …" and "openverse: …": the rest read as for Flickr, then turned into that provider's source.
private struct ProviderInput {
    let source: Result<PhotoSource, PhotoramaError>

    init?(_ text: String) {
        let lowered = text.lowercased()
        guard let prefix = ["commons:", "wikimedia:", "openverse:"].first(where: { lowered.hasPrefix($0) }) else { return nil }
        let rest = String(text.dropFirst(prefix.count)).trimmingWhitespace()
        let openverse = prefix == "openverse:"
        guard !rest.isEmpty else {
            source = .failure(.invalidInput("Give words to search after \(prefix), like “\(prefix) lighthouse”"))
            return
        }
        if openverse, let licensed = OpenverseLicensed(rest) {
            source = licensed.source
            return
        }
        switch SearchQuery.parse(rest) {
        case .failure(let error): source = .failure(error)
        case .success(.geo(let latitude, let longitude, let radiusKm)):
            if openverse {
                source = .failure(.invalidInput("Openverse has no search by place: give words"))
            } else {
                do {
                    try InputValidation.radius(radiusKm, maximumKm: CommonsAPI.maximumRadiusKm, service: "Commons")
                    source = .success(.commonsGeo(latitude: latitude, longitude: longitude, radiusKm: radiusKm))
                } catch {
                    source = .failure(error)
                }
            }
        case .success:
            source = .success(openverse ? .openverseSearch(text: rest, licenses: []) : .commonsSearch(text: rest))
        }
    }
}

/// "license:by,cc0 maps" after "openverse:": Openverse's licence codes and types (`OpenverseLicenses`).
private struct OpenverseLicensed {
    let source: Result<PhotoSource, PhotoramaError>

    init?(_ text: String) {
        let lowered = text.lowercased()
        guard let prefix = ["license:", "licence:"].first(where: { lowered.hasPrefix($0) }) else { return nil }
        let rest = text.dropFirst(prefix.count)
        let codes = String(rest.prefix { !$0.isWhitespace })
        let words = String(rest.dropFirst(codes.count)).trimmingWhitespace()
        switch OpenverseLicenses.parse(codes) {
        case .failure(let error): source = .failure(error)
        case .success:
            let list = codes.split(separator: ",").map { $0.lowercased() }
            source =
                words.isEmpty
                ? .failure(.invalidInput("Give words to search after \(prefix)\(codes), like “openverse: \(prefix)\(codes) cats”"))
                : .success(.openverseSearch(text: words, licenses: list))
        }
    }
}

/// "license:1,2 cats" (or "licence:"): a text search limited to Flickr licences, the ids as
/// `search --license` takes them. Nil when the text does not start with that word.
private struct LicensedInput {
    let source: Result<PhotoSource, PhotoramaError>

    init?(_ text: String) {
        let lowered = text.lowercased()
        guard let prefix = ["license:", "licence:"].first(where: { lowered.hasPrefix($0) }) else { return nil }
        let rest = text.dropFirst(prefix.count)
        let ids = String(rest.prefix { !$0.isWhitespace })
        let words = String(rest.dropFirst(ids.count)).trimmingWhitespace()
        switch LicenseIDs.parse(ids) {
        case .failure(let error): source = .failure(error)
        case .success(let licenses):
            source =
                words.isEmpty
                ? .failure(.invalidInput("Give words to search after \(prefix)\(ids), like “\(prefix)\(ids) cats”"))
                : .success(.licensedSearch(text: words, licenses: licenses))
        }
    }
}

/// The pieces of "lat, long [radius[unit]]", or nil when the text is not of that shape.
private struct GeoInput {
    var latitude: Double
    var longitude: Double
    var radius: (value: Double, miles: Bool)?

    init?(_ text: String) {
        var tokens = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        // Commas separate like spaces, but only one may follow the latitude.
        tokens = tokens.flatMap { token -> [String] in
            token.split(separator: ",", omittingEmptySubsequences: false).enumerated().flatMap { index, part in
                index == 0 ? [String(part)] : [",", String(part)]
            }
        }.filter { !$0.isEmpty }
        if tokens.count > 1, tokens[1] == "," { tokens.remove(at: 1) }
        guard tokens.count >= 2, tokens.count <= 4, !tokens.contains(","),
            let latitude = Self.number(tokens[0]), let longitude = Self.number(tokens[1])
        else { return nil }
        if tokens.count == 4, !["km", "mi"].contains(tokens[3].lowercased()) { return nil }
        self.latitude = latitude
        self.longitude = longitude
        let rest = tokens.dropFirst(2).joined().lowercased()
        if rest.isEmpty {
            radius = nil
            return
        }
        var digits = rest
        var miles = false
        if rest.hasSuffix("km") {
            digits = String(rest.dropLast(2))
        } else if rest.hasSuffix("mi") {
            digits = String(rest.dropLast(2))
            miles = true
        }
        guard let value = Self.number(digits) else { return nil }
        radius = (value, miles)
    }

    /// A plain decimal number: optional sign, digits, optional fraction. No exponents, "inf" or "nan".
    static func number(_ text: String) -> Double? {
        var body = Substring(text)
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard !body.isEmpty, parts.count <= 2, parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
            parts.contains(where: { !$0.isEmpty })
        else { return nil }
        return Double(text)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension String {
    func trimmingWhitespace() -> String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return String(text)
    }
}
