/// flickr.photos.search over the catalog: text (title, description, tags), tags, owner, dates, places and
/// radial geo queries, with Flickr's sort orders. Returns photo indices in answer order.
struct FlickrSearch {
    let catalog: DemoCatalog

    /// Flickr answers at most this many results for any query.
    static let resultCap = 4000

    // MARK: - Search
    func run(_ parameters: RequestParameters) throws(FlickrError) -> [Int] {
        let text = parameters.nonEmpty("text")
        let tags =
            parameters.nonEmpty("tags").map {
                $0.split(separator: ",").map { TextTokens.folded($0.trimmingCharacters(in: " ").lowercased()) }.filter { !$0.isEmpty }
            } ?? []
        let userID = parameters.nonEmpty("user_id")
        let geo = geoFilter(parameters)
        let minUpload = parameters.nonEmpty("min_upload_date").flatMap { Int($0) }
        let maxUpload = parameters.nonEmpty("max_upload_date").flatMap { Int($0) }
        let minTaken = parameters.nonEmpty("min_taken_date").flatMap(Self.takenKey)
        let maxTaken = parameters.nonEmpty("max_taken_date").flatMap(Self.takenKey)
        let hasGeo = parameters.nonEmpty("has_geo").map { $0 == "1" }
        let woeid = parameters.nonEmpty("woe_id").flatMap { Int($0) }
        let placeID = parameters.nonEmpty("place_id")
        let bbox = parameters.nonEmpty("bbox").flatMap(Self.boundingBox)
        // `license`: ids separated by commas; a photo matches any of them. Alone it is no filter for Flickr.
        let licenses = parameters.nonEmpty("license").map {
            Set($0.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: " ")) })
        }

        let isParameterless =
            text == nil && tags.isEmpty && userID == nil && geo == nil && minUpload == nil
            && maxUpload == nil && minTaken == nil && maxTaken == nil && hasGeo == nil && woeid == nil && placeID == nil && bbox == nil
        if isParameterless { throw .parameterless }

        var ownerIndex: Int?
        if let userID {
            guard let index = catalog.userIndexByNSID[userID] else { throw .unknownUserInSearch }
            ownerIndex = index
        }

        // Every photo as one array: the filters and sorts below walk many of them.
        let photos = catalog.photos.all
        // Candidates with relevance scores, newest first.
        var candidates: [(index: Int, score: Int)]
        if let text {
            candidates = textMatches(text)
        } else if let ownerIndex {
            candidates = catalog.photosByOwner[ownerIndex].map { ($0, 0) }
        } else {
            candidates = photos.indices.map { ($0, 0) }
        }
        if !tags.isEmpty {
            let all = parameters["tag_mode"]?.lowercased() == "all"
            candidates = candidates.filter { candidate in
                let photoTags = photos[candidate.index].tags
                return all ? tags.allSatisfy(photoTags.contains) : tags.contains(where: photoTags.contains)
            }
        }
        var distances: [Int: Double] = [:]
        let needsFilter =
            (ownerIndex != nil && text != nil) || minUpload != nil || maxUpload != nil || minTaken != nil || maxTaken != nil
            || hasGeo != nil || woeid != nil || placeID != nil || bbox != nil || geo != nil || licenses != nil
        if needsFilter {
            candidates = candidates.filter { candidate in
                let photo = photos[candidate.index]
                if let ownerIndex, photo.ownerIndex != ownerIndex { return false }
                if let licenses, !licenses.contains(photo.license) { return false }
                if let minUpload, photo.datePosted < minUpload { return false }
                if let maxUpload, photo.datePosted > maxUpload { return false }
                if let minTaken, photo.takenSortKey < minTaken { return false }
                if let maxTaken, photo.takenSortKey > maxTaken { return false }
                if let hasGeo, photo.hasGeo != hasGeo { return false }
                if woeid != nil || placeID != nil {
                    let city = City.all[photo.cityIndex]
                    guard photo.hasGeo, woeid.map({ $0 == city.woeid }) ?? true, placeID.map({ $0 == city.placeID }) ?? true else {
                        return false
                    }
                }
                if let bbox {
                    guard photo.hasGeo, photo.longitude >= bbox.0, photo.latitude >= bbox.1, photo.longitude <= bbox.2,
                        photo.latitude <= bbox.3
                    else { return false }
                }
                if let geo {
                    guard photo.hasGeo, abs(photo.latitude - geo.latitude) <= geo.latitudeWindow else { return false }
                    let distance = GreatCircle.distanceKm(
                        latitude1: geo.latitude, longitude1: geo.longitude, latitude2: photo.latitude, longitude2: photo.longitude)
                    guard distance <= geo.radiusKm else { return false }
                    distances[candidate.index] = distance
                }
                return true
            }
        }

        let sort = parameters.nonEmpty("sort")?.lowercased() ?? (geo != nil ? "distance" : "date-posted-desc")
        switch sort {
        case "date-posted-asc": candidates.reverse()
        case "date-taken-desc": candidates.sort { (photos[$0.index].takenSortKey, -$0.index) > (photos[$1.index].takenSortKey, -$1.index) }
        case "date-taken-asc": candidates.sort { (photos[$0.index].takenSortKey, $0.index) < (photos[$1.index].takenSortKey, $1.index) }
        case "interestingness-desc":
            candidates.sort { (photos[$0.index].interestingness, -$0.index) > (photos[$1.index].interestingness, -$1.index) }
        case "interestingness-asc":
            candidates.sort { (photos[$0.index].interestingness, $0.index) < (photos[$1.index].interestingness, $1.index) }
        case "relevance": candidates.sort { ($0.score, -$0.index) > ($1.score, -$1.index) }
        case "distance" where geo != nil:
            candidates.sort { (distances[$0.index] ?? 0, $0.index) < (distances[$1.index] ?? 0, $1.index) }
        default: break  // date-posted-desc: the catalog order
        }
        return candidates.map(\.index)
    }

    // MARK: - Text
    /// Photos whose title, description or tags contain every word of `text`, scored for relevance.
    private func textMatches(_ text: String) -> [(index: Int, score: Int)] {
        let tokens = Array(Set(TextTokens.tokens(text)))
        guard !tokens.isEmpty else { return [] }
        var lists: [[UInt32]] = []
        for token in tokens {
            // Every spelling of the word (`SpellingVariants`): a photo matches with any of them.
            let postings = SpellingVariants.spellings(of: token).compactMap { catalog.textIndex[$0] }
            guard !postings.isEmpty else { return [] }
            lists.append(postings.dropFirst().reduce(postings[0], Self.union))
        }
        lists.sort { $0.count < $1.count }
        // Intersect the sorted posting lists, starting from the shortest.
        var result = lists[0].map { (index: Int($0 >> 4), score: Self.score($0 & 0xF)) }
        for list in lists.dropFirst() {
            var merged: [(index: Int, score: Int)] = []
            var position = 0
            for entry in result {
                while position < list.count, Int(list[position] >> 4) < entry.index { position += 1 }
                if position < list.count, Int(list[position] >> 4) == entry.index {
                    merged.append((entry.index, entry.score + Self.score(list[position] & 0xF)))
                }
            }
            result = merged
        }
        return result
    }

    /// Two posting lists (ascending photo index, weight in the low 4 bits) as one: a photo in both once,
    /// with both weights.
    static func union(_ first: [UInt32], _ second: [UInt32]) -> [UInt32] {
        var merged: [UInt32] = []
        merged.reserveCapacity(first.count + second.count)
        var (i, j) = (0, 0)
        while i < first.count || j < second.count {
            let a = i < first.count ? first[i] >> 4 : UInt32.max
            let b = j < second.count ? second[j] >> 4 : UInt32.max
            if a == b {
                merged.append(first[i] | second[j])
                i += 1
                j += 1
            } else if a < b {
                merged.append(first[i])
                i += 1
            } else {
                merged.append(second[j])
                j += 1
            }
        }
        return merged
    }

    private static func score(_ weight: UInt32) -> Int {
        (weight & 4 != 0 ? 3 : 0) + (weight & 2 != 0 ? 2 : 0) + (weight & 1 != 0 ? 1 : 0)
    }

    // MARK: - Geo
    struct GeoFilter {
        let latitude: Double
        let longitude: Double
        let radiusKm: Double
        /// Degrees of latitude the radius spans: a cheap pre-filter before the exact distance.
        var latitudeWindow: Double { radiusKm / 110.0 + 0.01 }
    }

    private func geoFilter(_ parameters: RequestParameters) -> GeoFilter? {
        guard let latitude = parameters.nonEmpty("lat").flatMap(Double.init),
            let longitude = parameters.nonEmpty("lon").flatMap(Double.init),
            (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        let miles = parameters["radius_units"]?.lowercased() == "mi"
        var radius = parameters.nonEmpty("radius").flatMap(Double.init) ?? (miles ? 5 / GreatCircle.kilometresPerMile : 5)
        // Flickr's limits: under 32 km or 20 miles.
        radius = min(max(radius, 0), miles ? 20 : 32)
        return GeoFilter(latitude: latitude, longitude: longitude, radiusKm: miles ? radius * GreatCircle.kilometresPerMile : radius)
    }

    // MARK: - Parameters
    /// min/max_taken_date: a MySQL datetime ("2012-06-01 00:00:00", date part alone allowed) or a Unix time.
    static func takenKey(_ text: String) -> Int? {
        if let unix = Int(text) { return unix }
        let numbers = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard numbers.count >= 3 else { return nil }
        return CivilTime.secondsSince1970(
            CivilTime.Fields(
                year: numbers[0], month: numbers[1], day: numbers[2], hour: numbers.count > 3 ? numbers[3] : 0,
                minute: numbers.count > 4 ? numbers[4] : 0, second: numbers.count > 5 ? numbers[5] : 0))
    }

    /// bbox = "minimum_longitude,minimum_latitude,maximum_longitude,maximum_latitude"
    static func boundingBox(_ text: String) -> (Double, Double, Double, Double)? {
        let values = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: " ")) }
        guard values.count == 4 else { return nil }
        return (values[0], values[1], values[2], values[3])
    }
}
