import Foundation

/// Openverse's result pages read in one pass from the body's bytes: no `JSONValue` tree. Each result's
/// fields go into an `OpenverseResult` and `OpenverseParser.photo` makes the photo, as for the tree.
///
/// It gives exactly what the reference (`OpenverseAPI.root` + `OpenverseParser.page`) gives, or nil, and
/// the caller then runs the reference: for every error (status, not JSON, no `results`, a page of
/// unreadable results) and every form the scanner is unsure of (`JSONBytes.Unsure`). The
/// `openverse-parser` fuzz target checks the two agree.
enum OpenverseAnswerReader {
    static func page(_ response: WebResponse, asked: Int) -> Page<Photo>? {
        guard (200..<300).contains(response.status), response.bodyLooksLikeJSON else { return nil }
        return response.body.withUnsafeBytes { raw -> Page<Photo>? in
            var reader = Reader(scanner: JSONBytes(raw.bindMemory(to: UInt8.self), range: 0..<raw.count))
            return try? reader.root(asked: asked)
        }
    }
}

private typealias Unsure = JSONBytes.Unsure
private typealias Scalar = JSONBytes.Scalar
private typealias Seen = JSONBytes.Seen

private struct Reader {
    var scanner: JSONBytes

    mutating func root(asked: Int) throws(Unsure) -> Page<Photo> {
        var photos: [Photo]?
        var results = 0
        var pageValue = Scalar.absent
        var pagesValue = Scalar.absent
        var totalValue = Scalar.absent
        var seen = Seen()
        try readObject { reader, key throws(Unsure) in
            let name = try reader.scanner.plainKey(key)
            if JSONBytes.equals(name, "results") {
                try seen.once(0)
                // Anything but an array is the reference's "results: missing".
                try reader.scanner.beginArray()
                var list: [Photo] = []
                list.reserveCapacity(OpenverseAPI.pageSize)
                while try reader.scanner.nextElement(isFirst: results == 0) {
                    results += 1
                    if let photo = OpenverseParser.photo(try reader.result()) { list.append(photo) }
                }
                photos = list
            } else if JSONBytes.equals(name, "page") {
                try reader.scanner.once(&pageValue)
            } else if JSONBytes.equals(name, "page_count") {
                try reader.scanner.once(&pagesValue)
            } else if JSONBytes.equals(name, "result_count") {
                try reader.scanner.once(&totalValue)
            } else {
                try reader.scanner.skipValue()
            }
        }
        try scanner.expectEnd()
        guard let photos, results == 0 || !photos.isEmpty else { throw Unsure() }
        let page = try scanner.int(pageValue) ?? asked
        return Page(
            items: photos, page: page, pages: try scanner.int(pagesValue) ?? page, total: try scanner.int(totalValue) ?? photos.count)
    }

    /// Reads the object at the scanner, calling `body` with each key (its value unread).
    mutating func readObject(_ body: (inout Reader, JSONBytes.StringToken) throws(Unsure) -> Void) throws(Unsure) {
        try scanner.beginObject()
        var isFirst = true
        while let key = try scanner.nextKey(isFirst: isFirst) {
            isFirst = false
            try body(&self, key)
        }
    }

    /// One result (anything but an object is a result with nothing).
    private mutating func result() throws(Unsure) -> OpenverseResult {
        var result = OpenverseResult()
        guard try scanner.peek() == UInt8(ascii: "{") else {
            try scanner.skipValue()
            return result
        }
        var seen = Seen()
        try readObject { reader, key throws(Unsure) in
            let name = try reader.scanner.plainKey(key)
            switch name.first {
            case UInt8(ascii: "i") where JSONBytes.equals(name, "id"):
                try seen.once(0)
                result.id = try reader.text()
            case UInt8(ascii: "t") where JSONBytes.equals(name, "title"):
                try seen.once(1)
                result.title = try reader.text()
            case UInt8(ascii: "c") where JSONBytes.equals(name, "creator"):
                try seen.once(2)
                result.creator = try reader.text()
            case UInt8(ascii: "w") where JSONBytes.equals(name, "width"):
                try seen.once(3)
                result.width = try reader.scanner.int(try reader.scanner.scalar())
            case UInt8(ascii: "h") where JSONBytes.equals(name, "height"):
                try seen.once(4)
                result.height = try reader.scanner.int(try reader.scanner.scalar())
            case UInt8(ascii: "t") where JSONBytes.equals(name, "thumbnail"):
                try seen.once(5)
                result.thumbnail = try reader.text()
            case UInt8(ascii: "u") where JSONBytes.equals(name, "url"):
                try seen.once(6)
                result.url = try reader.text()
            case UInt8(ascii: "f") where JSONBytes.equals(name, "foreign_landing_url"):
                try seen.once(7)
                result.landingURL = try reader.text()
            case UInt8(ascii: "l") where JSONBytes.equals(name, "license"):
                try seen.once(8)
                result.license = try reader.text()
            case UInt8(ascii: "l") where JSONBytes.equals(name, "license_version"):
                try seen.once(9)
                result.licenseVersion = try reader.text()
            case UInt8(ascii: "l") where JSONBytes.equals(name, "license_url"):
                try seen.once(10)
                result.licenseURL = try reader.text()
            case UInt8(ascii: "t") where JSONBytes.equals(name, "tags"):
                try seen.once(11)
                result.tags = try reader.tags()
            default: try reader.scanner.skipValue()
            }
        }
        return result
    }

    /// Each tag's `name`, as `.nonEmptyString` reads it; anything but an array is no tags.
    private mutating func tags() throws(Unsure) -> [String] {
        guard try scanner.peek() == UInt8(ascii: "[") else {
            try scanner.skipValue()
            return []
        }
        var tags: [String] = []
        try scanner.beginArray()
        var isFirst = true
        while try scanner.nextElement(isFirst: isFirst) {
            isFirst = false
            guard try scanner.peek() == UInt8(ascii: "{") else {
                try scanner.skipValue()
                continue
            }
            var name: String?
            var seen = Seen()
            try readObject { reader, key throws(Unsure) in
                guard JSONBytes.equals(try reader.scanner.plainKey(key), "name") else { return try reader.scanner.skipValue() }
                try seen.once(0)
                name = try reader.text()
            }
            if let name { tags.append(name) }
        }
        return tags
    }

    /// The next value as `.nonEmptyString` reads it.
    private mutating func text() throws(Unsure) -> String? {
        try scanner.nonEmptyString(try scanner.scalar())
    }
}
