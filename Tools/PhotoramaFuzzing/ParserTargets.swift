import Foundation
import PhotoramaKit
import PhotoramaTUI
import PhotoramaText

/// Answers from the three services, as bytes: every parser must give a value or a PhotoramaError.
enum ParserTargets {
    private static let base = URL(fileURLWithPath: "/")

    static let flickr = FuzzTarget(
        name: "flickr-parser", summary: "Flickr answers (recent, info, sizes, comments, places, exif, licences, groups) to values"
    ) {
        bytes in
        let response = WebResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(bytes))
        let api = FlickrAPI(baseURL: base, apiKey: "fuzz")
        var broken: [String] = []
        if let page = try? api.recent().parse(response) { broken += titles(page.items.map(\.title)) + renditions(page.items) }
        if let detail = try? api.info(id: "1").parse(response) { broken += titles([detail.photo.title]) + renditions([detail.photo]) }
        _ = try? api.sizes(id: "1").parse(response)
        _ = try? api.comments(id: "1").parse(response)
        _ = try? api.findPlace("x").parse(response)
        if case .shown(let exif)? = try? api.exif(id: "1").parse(response) { broken += titles(exif.fields.map(\.value)) }
        if let licenses = try? api.licenses().parse(response) { broken += titles(licenses.map(\.name)) }
        _ = try? api.lookupGroup(address: "x").parse(response)
        return broken
    }

    /// Photo lists read straight from the bytes (`ListReading.bytes`) and through the JSON tree
    /// (`.tree`, the reference) must give the same page or the same error: lists and albums, both modes.
    static let flickrLists = FuzzTarget(
        name: "flickr-list-differential", summary: "Flickr photo lists read from the bytes and through the JSON tree agree"
    ) { bytes in
        let response = WebResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(bytes))
        var broken: [String] = []
        for mode in [ParseMode.tolerant, .strict] {
            let fast = FlickrAPI(baseURL: base, apiKey: "fuzz", parseMode: mode)
            var tree = fast
            tree.listReading = .tree
            broken += disagreement("recent, \(mode)", fast: try? fast.recent(), tree: try? tree.recent(), response)
            broken += disagreement("album, \(mode)", fast: try? fast.album(id: "1"), tree: try? tree.album(id: "1"), response)
        }
        return broken
    }

    /// 500px popular pages read straight from the bytes and through the JSON tree must give the same page
    /// or the same error, in both modes, with and without NSFW photos.
    static let fiveHundredPxLists = FuzzTarget(
        name: "500px-list-differential", summary: "500px photo lists read from the bytes and through the JSON tree agree"
    ) { bytes in
        let response = WebResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(bytes))
        var broken: [String] = []
        for mode in [ParseMode.tolerant, .strict] {
            for nsfw in [false, true] {
                let fast = FiveHundredPxAPI(baseURL: base, consumerKey: "fuzz", includeNSFW: nsfw, parseMode: mode)
                var tree = fast
                tree.listReading = .tree
                broken += disagreement("popular, \(mode), nsfw \(nsfw)", fast: try? fast.popular(), tree: try? tree.popular(), response)
            }
        }
        return broken
    }

    /// Locations lists read straight from the bytes and through the JSON tree must give the
    /// same items or the same error, in both modes.
    static let locationLists = FuzzTarget(
        name: "locations-list-differential", summary: "locations lists read from the bytes and through the JSON tree agree"
    ) { bytes in
        let response = WebResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(bytes))
        var broken: [String] = []
        for mode in [ParseMode.tolerant, .strict] {
            let fast = LocationsAPI(baseURL: base, parseMode: mode)
            var tree = fast
            tree.listReading = .tree
            broken += disagreement(
                "locations, \(mode)", fast: try? fast.locations(country: "x"), tree: try? tree.locations(country: "x"), response)
        }
        return broken
    }

    /// Commons answers (search, nearby, one file) to values: titles sanitize, renditions stay ordered, and
    /// the body read by the byte scanner (`JSONBytes.document`) and by Foundation's decoder give the same.
    static let commons = FuzzTarget(
        name: "commons-parser", summary: "Wikimedia Commons answers (search, nearby, file) to values; bytes and tree agree"
    ) { bytes in
        let response = WebResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(bytes))
        let fast = CommonsAPI(apiURL: base, userAgent: "fuzz")
        var tree = fast
        tree.listReading = .tree
        var broken: [String] = []
        if let page = try? fast.search(text: "x", page: 2).parse(response) {
            broken += titles(page.items.map(\.title)) + renditions(page.items)
        }
        if let detail = try? fast.file(title: "File:x.jpg").parse(response) {
            broken += titles([detail.photo.title, detail.photo.owner]) + renditions([detail.photo])
        }
        broken += disagreement("search", fast: try? fast.search(text: "x", page: 2), tree: try? tree.search(text: "x", page: 2), response)
        broken += disagreement("file", fast: try? fast.file(title: "x"), tree: try? tree.file(title: "x"), response)
        return broken
    }

    /// Openverse answers (a result page, one image) to values; bytes and tree agree.
    static let openverse = FuzzTarget(
        name: "openverse-parser", summary: "Openverse answers (result pages, one image) to values; bytes and tree agree"
    ) { bytes in
        let response = WebResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(bytes))
        let fast = OpenverseAPI(baseURL: base, userAgent: "fuzz")
        var tree = fast
        tree.listReading = .tree
        var broken: [String] = []
        let search = try? fast.search(text: "x", licenses: [], page: 1)
        if let page = try? search?.parse(response) { broken += titles(page.items.map(\.title)) + renditions(page.items) }
        broken += disagreement("search", fast: search, tree: try? tree.search(text: "x", licenses: [], page: 1), response)
        broken += disagreement("image", fast: try? fast.image(id: "a-1"), tree: try? tree.image(id: "a-1"), response)
        return broken
    }

    /// Empty when both resources give the same page or throw the same error.
    static func disagreement<Value: Equatable>(
        _ what: String, fast: Resource<Value>?, tree: Resource<Value>?, _ response: WebResponse
    ) -> [String] {
        guard let fast, let tree else { return ["\(what): no resource"] }
        let fastResult = Result { () throws(PhotoramaError) in try fast.parse(response) }
        let treeResult = Result { () throws(PhotoramaError) in try tree.parse(response) }
        guard fastResult != treeResult else { return [] }
        return [
            "\(what): the bytes give \(String(describing: fastResult).prefix(300)), the tree \(String(describing: treeResult).prefix(300))"
        ]
    }

    static let fiveHundredPx = FuzzTarget(name: "500px-parser", summary: "500px v1 answers (popular, photo, comments) to values") { bytes in
        let response = WebResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(bytes))
        let api = FiveHundredPxAPI(baseURL: base, consumerKey: "fuzz")
        var broken: [String] = []
        if let page = try? api.popular().parse(response) { broken += titles(page.items.map(\.title)) + renditions(page.items) }
        if let detail = try? api.photo(id: "1").parse(response) { broken += titles([detail.photo.title]) + renditions([detail.photo]) }
        _ = try? api.comments(id: "1").parse(response)
        return broken
    }

    static let locations = FuzzTarget(name: "locations-parser", summary: "locations service answers to values") {
        bytes in
        let response = WebResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(bytes))
        let api = LocationsAPI(baseURL: base)
        _ = try? api.locations(country: "x")?.parse(response)
        return []
    }

    /// Packed renditions must give back what went in: smallest first, packing them again changes nothing,
    /// and every address is a URL.
    static func renditions(_ photos: [Photo]) -> [String] {
        photos.flatMap { photo -> [String] in
            let images = photo.images
            var broken: [String] = []
            if PhotoRenditions(images) != photo.renditions { broken.append("photo \(photo.id): renditions change when packed again") }
            if zip(images, images.dropFirst()).contains(where: { ($1.size, $1.longestEdge) < ($0.size, $0.longestEdge) }) {
                broken.append("photo \(photo.id): renditions not smallest first")
            }
            for image in images where URL(string: image.address) == nil {
                broken.append("photo \(photo.id): a rendition's address is not a URL: \(image.address.debugDescription)")
            }
            return broken
        }
    }

    /// Titles as they reach a card: sanitized, and then they must hold the text properties.
    private static func titles(_ titles: [String]) -> [String] {
        titles.flatMap { TextProperties.violations(ofSanitized: Sanitizer.sanitize($0), from: $0) }
    }
}
