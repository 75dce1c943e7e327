import Foundation

/// The locations service's lists (an array of flat objects) read in one pass from the body's bytes: each
/// entry's fields become the scalars the tree would hold for them, and the item is made by the same
/// `LocationsParser` function the tree uses. nil for anything the tree must settle: error statuses, a body
/// that is not a JSON array, unreadable pages, strict-mode entries and forms the scanner is unsure of.
enum LocationsListReader {
    static func list<T>(
        _ response: WebResponse, fields keys: [StaticString], mode: ParseMode, entry: (LocationsParser.Fields) -> T?
    ) -> [T]? {
        guard (200..<300).contains(response.status), response.bodyLooksLikeJSON else { return nil }
        return response.body.withUnsafeBytes { raw -> [T]? in
            var scanner = JSONBytes(raw.bindMemory(to: UInt8.self), range: 0..<raw.count)
            return try? read(&scanner, keys: keys, mode: mode, entry: entry)
        }
    }

    private static func read<T>(
        _ scanner: inout JSONBytes, keys: [StaticString], mode: ParseMode, entry: (LocationsParser.Fields) -> T?
    ) throws(JSONBytes.Unsure) -> [T] {
        guard try scanner.peek() == UInt8(ascii: "[") else { throw JSONBytes.Unsure() }
        try scanner.beginArray()
        var results: [T] = []
        var entries = 0
        var found = [JSONBytes.Scalar](repeating: .absent, count: keys.count)
        while try scanner.nextElement(isFirst: entries == 0) {
            entries += 1
            var fields = LocationsParser.Fields(values: nil)
            if try scanner.peek() == UInt8(ascii: "{") {
                for index in found.indices { found[index] = .absent }
                try scanner.beginObject()
                var isFirst = true
                while let key = try scanner.nextKey(isFirst: isFirst) {
                    isFirst = false
                    let name = try scanner.plainKey(key)
                    if let index = keys.firstIndex(where: { JSONBytes.equals(name, $0) }) {
                        try scanner.once(&found[index])
                    } else {
                        try scanner.skipValue()
                    }
                }
                var values: [JSONValue?] = []
                values.reserveCapacity(keys.count)
                for value in found { values.append(try scanner.value(of: value)) }
                fields = LocationsParser.Fields(values: values)
            } else {
                try scanner.skipValue()
            }
            if let item = entry(fields) {
                results.append(item)
            } else if mode == .strict {
                throw JSONBytes.Unsure()
            }
        }
        try scanner.expectEnd()
        if entries > 0, results.isEmpty { throw JSONBytes.Unsure() }
        return results
    }
}
