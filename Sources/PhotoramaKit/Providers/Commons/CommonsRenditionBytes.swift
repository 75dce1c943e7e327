/// A Commons file's renditions packed straight from its addresses' bytes: what `CommonsParser.renditions`
/// gives, ordered as `PhotoRenditions(ordering:)` orders it, without a string or a URL check per larger
/// rendition (the renditions were a sixth of reading a Commons page: docs/PERFORMANCE.md, issue 40).
///
/// Only when the thumbnail and the original it keeps are plain (`AbsoluteAddress.isPlain`, kept as they
/// are); a larger width put in the place of the thumbnail's keeps an address plain, since only digits
/// after a "/" change. Otherwise nil, and the caller takes `CommonsParser.renditions`.
enum CommonsRenditionBytes {
    typealias Part = (size: ImageSizeClass, range: Range<Int>, width: Int?, height: Int?)

    static func packed(_ info: CommonsFile.Info) -> PhotoRenditions? {
        let thumb = CommonsParser.absolute(info.thumbURL)
        let original = CommonsParser.absolute(info.url).flatMap { CommonsParser.decodable(info, address: $0) ? $0 : nil }
        guard thumb.map(AbsoluteAddress.isPlain) ?? true, original.map(AbsoluteAddress.isPlain) ?? true else { return nil }
        var scratch: [UInt8] = []
        scratch.reserveCapacity(4 * ((thumb?.utf8.count ?? 0) + 2) + (original?.utf8.count ?? 0))
        var parts: [Part] = []
        parts.reserveCapacity(4)
        if var thumb {
            let thumbWidth = info.thumbWidth
            thumb.withUTF8 { bytes in
                let range = append(bytes, to: &scratch)
                add(range, thumbWidth, info.thumbHeight, to: &parts, in: &scratch)
                if let thumbWidth, thumbWidth > 0, let width = info.width, width > 0, let height = info.height, height > 0 {
                    larger(than: bytes, thumbWidth: thumbWidth, width: width, height: height, into: &parts, in: &scratch)
                }
            }
        }
        if var original {
            let range = original.withUTF8 { append($0, to: &scratch) }
            add(range, info.width.flatMap { $0 > 0 ? $0 : nil }, info.height.flatMap { $0 > 0 ? $0 : nil }, to: &parts, in: &scratch)
        }
        // Smallest first by (size, longest edge), stably: what sorting the images gives.
        for index in parts.indices.dropFirst() {
            var at = index
            let part = parts[index]
            while at > 0, precedes(part, parts[at - 1]) {
                parts[at] = parts[at - 1]
                at -= 1
            }
            parts[at] = part
        }
        return PhotoRenditions(packing: scratch, parts)
    }

    /// 800 and 1600 wide while narrower than the original and wider than the thumbnail: the thumbnail's
    /// address with every "/<thumbWidth>px-" given the larger width (`CommonsParser.replacing`); none when it
    /// has no such segment. Written straight into `scratch`, looking for the segments as it copies.
    private static func larger(
        than thumb: UnsafeBufferPointer<UInt8>, thumbWidth: Int, width: Int, height: Int, into parts: inout [Part],
        in scratch: inout [UInt8]
    ) {
        for larger in [800, 1600] where larger > thumbWidth && larger < width {
            let start = scratch.count
            var copied = 0
            var index = 0
            var found = false
            while index < thumb.count {
                guard thumb[index] == UInt8(ascii: "/"), let digitsEnd = segmentDigitsEnd(thumb, after: index, width: thumbWidth) else {
                    index += 1
                    continue
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: thumb[copied...index]))
                appendDigits(larger, to: &scratch)
                copied = digitsEnd
                index = digitsEnd + 3
                found = true
            }
            guard found else {
                scratch.removeSubrange(start...)
                return
            }
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: thumb[copied...]))
            let scaled = Int((Double(height) * Double(larger) / Double(width)).rounded())
            add(start..<scratch.count, larger, scaled, to: &parts, in: &scratch)
        }
    }

    /// Where the digits end when the bytes after the "/" at `slash` are `width` in decimal (no leading
    /// zero, as `String(width)` writes it) and then "px-"; nil otherwise.
    private static func segmentDigitsEnd(_ bytes: UnsafeBufferPointer<UInt8>, after slash: Int, width: Int) -> Int? {
        var index = slash + 1
        var value = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            if index == slash + 1, bytes[index] == UInt8(ascii: "0") { return nil }
            let digit = Int(bytes[index] - UInt8(ascii: "0"))
            guard value <= (width - digit) / 10 else { return nil }
            value = value * 10 + digit
            index += 1
        }
        guard index > slash + 1, value == width, bytes.count - index >= 3, bytes[index] == UInt8(ascii: "p"),
            bytes[index + 1] == UInt8(ascii: "x"), bytes[index + 2] == UInt8(ascii: "-")
        else { return nil }
        return index
    }

    /// A positive number's decimal digits, as `String(number)` writes them.
    private static func appendDigits(_ number: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        while divisor <= number / 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(number / divisor % 10))
            divisor /= 10
        }
    }

    private static func append(_ bytes: UnsafeBufferPointer<UInt8>, to scratch: inout [UInt8]) -> Range<Int> {
        let start = scratch.count
        scratch.append(contentsOf: bytes)
        return start..<scratch.count
    }

    /// The address at `range` (the end of `scratch`) as a rendition, unless an earlier one has the same
    /// address: then its bytes are taken back.
    private static func add(_ range: Range<Int>, _ width: Int?, _ height: Int?, to parts: inout [Part], in scratch: inout [UInt8]) {
        if parts.contains(where: { $0.range.count == range.count && scratch[$0.range].elementsEqual(scratch[range]) }) {
            scratch.removeSubrange(range)
            return
        }
        let edge = width.flatMap { width in height.map { max(width, $0) } }
        let size = edge.map(FiveHundredPxParser.sizeClass(forLongestEdge:)) ?? .medium640
        parts.append((size, range, width, height))
    }

    private static func precedes(_ a: Part, _ b: Part) -> Bool {
        (a.size, a.size.longestEdge(width: a.width, height: a.height)) < (b.size, b.size.longestEdge(width: b.width, height: b.height))
    }
}
