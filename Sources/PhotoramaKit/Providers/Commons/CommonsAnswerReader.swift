import Foundation

/// Commons' list answers read in one pass from the body's bytes into a `CommonsAnswer`: no `JSONValue`
/// tree for the pages, their imageinfo and its extmetadata (HTML, most of the bytes). Each file's fields
/// go into a `CommonsFile` and `CommonsParser.photo` makes the photo, as for the tree.
///
/// It gives exactly what the reference (`CommonsAPI.root` + `CommonsParser.answer`) gives, or nil, and the
/// caller then runs the reference: for every error (status, not JSON, `{"error": …}`, malformed JSON) and
/// every form the scanner is unsure of (`JSONBytes.Unsure`: a key twice, an escaped key, exponents …).
/// The `commons-parser` fuzz target checks the two agree.
enum CommonsAnswerReader {
    static func answer(_ response: WebResponse) -> CommonsAnswer? {
        guard (200..<300).contains(response.status), response.bodyLooksLikeJSON else { return nil }
        return response.body.withUnsafeBytes { raw -> CommonsAnswer? in
            var reader = Reader(scanner: JSONBytes(raw.bindMemory(to: UInt8.self), range: 0..<raw.count))
            return try? reader.root()
        }
    }
}

private typealias Unsure = JSONBytes.Unsure
private typealias Scalar = JSONBytes.Scalar
private typealias Seen = JSONBytes.Seen

private struct Reader {
    var scanner: JSONBytes

    mutating func root() throws(Unsure) -> CommonsAnswer {
        try scanner.beginObject()
        var entries: [(key: String?, file: CommonsFile)] = []
        var keyed = false
        var seen = Seen()
        var continueKeys: [String]?
        var continueValues: [String: String] = [:]
        var legacyKeys: [String]?
        var isFirst = true
        while let key = try scanner.nextKey(isFirst: isFirst) {
            isFirst = false
            let name = try scanner.plainKey(key)
            if JSONBytes.equals(name, "error") {
                throw Unsure()  // the reference's to report
            } else if JSONBytes.equals(name, "query") {
                try seen.once(0)
                (entries, keyed) = try query()
            } else if JSONBytes.equals(name, "continue") {
                try seen.once(1)
                guard try scanner.peek() == UInt8(ascii: "{") else {
                    try scanner.skipValue()
                    continue
                }
                var keys: [String] = []
                try readObject { reader, key throws(Unsure) in
                    let name = reader.scanner.text(key.range)
                    guard !keys.contains(name) else { throw Unsure() }
                    keys.append(name)
                    if let value = try reader.scanner.string(try reader.scanner.scalar()) { continueValues[name] = value }
                }
                continueKeys = keys
            } else if JSONBytes.equals(name, "query-continue") {
                try seen.once(2)
                guard try scanner.peek() == UInt8(ascii: "{") else {
                    try scanner.skipValue()
                    continue
                }
                var keys: [String] = []
                try readObject { reader, key throws(Unsure) in
                    guard !keys.contains(reader.scanner.text(key.range)) else { throw Unsure() }
                    keys.append(reader.scanner.text(key.range))
                    try reader.scanner.skipValue()
                }
                legacyKeys = keys
            } else {
                try scanner.skipValue()
            }
        }
        try scanner.expectEnd()
        if keyed {
            let keys = entries.compactMap(\.key)
            guard Set(keys).count == keys.count else { throw Unsure() }
            entries.sort { ($0.key ?? "") < ($1.key ?? "") }
        }
        var files: [CommonsAnswer.File] = []
        for (position, entry) in entries.enumerated() {
            if let photo = CommonsParser.photo(entry.file) {
                files.append(CommonsAnswer.File(rank: entry.file.rank ?? Int.max, position: position, photo: photo))
            }
        }
        let more =
            continueKeys.map { CommonsParser.continues(keys: $0) } ?? legacyKeys.map { CommonsParser.continuesLegacy(keys: $0) } ?? false
        return CommonsAnswer(
            files: files, more: more, batchContinuation: continueKeys == nil ? [:] : CommonsParser.batchContinuation(continueValues))
    }

    /// Reads the object at the scanner, calling `body` with each key (its value unread). Callers note the
    /// keys they read in a `Seen`: a key read twice is for the reference to settle.
    mutating func readObject(_ body: (inout Reader, JSONBytes.StringToken) throws(Unsure) -> Void) throws(Unsure) {
        try scanner.beginObject()
        var isFirst = true
        while let key = try scanner.nextKey(isFirst: isFirst) {
            isFirst = false
            try body(&self, key)
        }
    }

    /// `query`: its `pages` as an array, or as an object keyed by page id (`keyed`).
    private mutating func query() throws(Unsure) -> ([(key: String?, file: CommonsFile)], Bool) {
        guard try scanner.peek() == UInt8(ascii: "{") else {
            try scanner.skipValue()
            return ([], false)
        }
        var entries: [(key: String?, file: CommonsFile)] = []
        var keyed = false
        var seen = Seen()
        try readObject { reader, key throws(Unsure) in
            guard JSONBytes.equals(try reader.scanner.plainKey(key), "pages") else { return try reader.scanner.skipValue() }
            try seen.once(0)
            switch try reader.scanner.peek() {
            case UInt8(ascii: "["):
                try reader.scanner.beginArray()
                var isFirst = true
                while try reader.scanner.nextElement(isFirst: isFirst) {
                    isFirst = false
                    entries.append((nil, try reader.entry()))
                }
            case UInt8(ascii: "{"):
                keyed = true
                try reader.scanner.beginObject()
                var isFirst = true
                while let pageKey = try reader.scanner.nextKey(isFirst: isFirst) {
                    isFirst = false
                    entries.append((reader.scanner.decode(pageKey), try reader.entry()))
                }
            default: try reader.scanner.skipValue()
            }
        }
        return (entries, keyed)
    }

    /// One page entry (anything but an object is a file with nothing).
    private mutating func entry() throws(Unsure) -> CommonsFile {
        var file = CommonsFile()
        guard try scanner.peek() == UInt8(ascii: "{") else {
            try scanner.skipValue()
            return file
        }
        var seen = Seen()
        try readObject { reader, key throws(Unsure) in
            let name = try reader.scanner.plainKey(key)
            if JSONBytes.equals(name, "title") {
                try seen.once(0)
                file.title = try reader.scanner.nonEmptyString(try reader.scanner.scalar())
            } else if JSONBytes.equals(name, "index") {
                try seen.once(1)
                file.rank = try reader.scanner.int(try reader.scanner.scalar())
            } else if JSONBytes.equals(name, "coordinates") {
                try seen.once(2)
                try reader.firstElement { reader throws(Unsure) in
                    var seen = Seen()
                    try reader.readObject { reader, key throws(Unsure) in
                        let name = try reader.scanner.plainKey(key)
                        if JSONBytes.equals(name, "lat") {
                            try seen.once(0)
                            file.latitude = try reader.scanner.double(try reader.scanner.scalar())
                        } else if JSONBytes.equals(name, "lon") {
                            try seen.once(1)
                            file.longitude = try reader.scanner.double(try reader.scanner.scalar())
                        } else {
                            try reader.scanner.skipValue()
                        }
                    }
                }
            } else if JSONBytes.equals(name, "imageinfo") {
                try seen.once(3)
                try reader.firstElement { reader throws(Unsure) in file.info = try reader.info() }
            } else {
                try reader.scanner.skipValue()
            }
        }
        return file
    }

    /// For an array whose first element is an object, `body` reads that object; everything else is passed over.
    private mutating func firstElement(_ body: (inout Reader) throws(Unsure) -> Void) throws(Unsure) {
        guard try scanner.peek() == UInt8(ascii: "[") else { return try scanner.skipValue() }
        try scanner.beginArray()
        var isFirst = true
        while try scanner.nextElement(isFirst: isFirst) {
            if isFirst, try scanner.peek() == UInt8(ascii: "{") {
                try body(&self)
            } else {
                try scanner.skipValue()
            }
            isFirst = false
        }
    }

    private mutating func info() throws(Unsure) -> CommonsFile.Info {
        var info = CommonsFile.Info()
        var seen = Seen()
        try readObject { reader, key throws(Unsure) in
            let name = try reader.scanner.plainKey(key)
            switch name.first {
            case UInt8(ascii: "m") where JSONBytes.equals(name, "mime"):
                try seen.once(0)
                info.mime = try reader.text()
            case UInt8(ascii: "m") where JSONBytes.equals(name, "mediatype"):
                try seen.once(1)
                info.mediaType = try reader.text()
            case UInt8(ascii: "w") where JSONBytes.equals(name, "width"):
                try seen.once(2)
                info.width = try reader.int()
            case UInt8(ascii: "h") where JSONBytes.equals(name, "height"):
                try seen.once(3)
                info.height = try reader.int()
            case UInt8(ascii: "t") where JSONBytes.equals(name, "thumburl"):
                try seen.once(4)
                info.thumbURL = try reader.text()
            case UInt8(ascii: "t") where JSONBytes.equals(name, "thumbwidth"):
                try seen.once(5)
                info.thumbWidth = try reader.int()
            case UInt8(ascii: "t") where JSONBytes.equals(name, "thumbheight"):
                try seen.once(6)
                info.thumbHeight = try reader.int()
            case UInt8(ascii: "u") where JSONBytes.equals(name, "url"):
                try seen.once(7)
                info.url = try reader.text()
            case UInt8(ascii: "u") where JSONBytes.equals(name, "user"):
                try seen.once(8)
                info.user = try reader.text()
            case UInt8(ascii: "d") where JSONBytes.equals(name, "descriptionurl"):
                try seen.once(9)
                info.descriptionURL = try reader.text()
            case UInt8(ascii: "e") where JSONBytes.equals(name, "extmetadata"):
                try seen.once(10)
                guard try reader.scanner.peek() == UInt8(ascii: "{") else { return try reader.scanner.skipValue() }
                var fields = Seen()
                try reader.readObject { reader, key throws(Unsure) in
                    guard let index = Self.metadataIndex(try reader.scanner.plainKey(key)) else { return try reader.scanner.skipValue() }
                    try fields.once(index)
                    guard try reader.scanner.peek() == UInt8(ascii: "{") else { return try reader.scanner.skipValue() }
                    var seen = Seen()
                    try reader.readObject { reader, key throws(Unsure) in
                        guard JSONBytes.equals(try reader.scanner.plainKey(key), "value") else { return try reader.scanner.skipValue() }
                        try seen.once(0)
                        let value = try reader.scanner.scalar()
                        if case .container = value {
                            info.metadata[index] = CommonsParser.metadata(try reader.scanner.value(of: value))
                        } else {
                            info.metadata[index] = try reader.scanner.nonEmptyString(value)
                        }
                    }
                }
            default: try reader.scanner.skipValue()
            }
        }
        return info
    }

    /// The next value as `.int` reads it.
    private mutating func int() throws(Unsure) -> Int? {
        try scanner.int(try scanner.scalar())
    }

    /// The next value as `.nonEmptyString` reads it.
    private mutating func text() throws(Unsure) -> String? {
        try scanner.nonEmptyString(try scanner.scalar())
    }

    private static let metadataNames = CommonsFile.MetadataKey.all.map { Array($0.rawValue.utf8) }

    /// Compared only with names of the same length and first byte, by `memcmp` (the generic comparison of
    /// every name was 3 % of a Commons page's reading).
    private static func metadataIndex(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = key.first, let base = key.baseAddress else { return nil }
        for (index, name) in metadataNames.enumerated() where name.count == key.count && name[0] == first {
            let same = name.withUnsafeBufferPointer { name in name.baseAddress.map { memcmp($0, base, key.count) == 0 } ?? false }
            if same { return index }
        }
        return nil
    }
}
