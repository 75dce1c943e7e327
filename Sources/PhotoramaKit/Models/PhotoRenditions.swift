/// A photo's renditions, packed: a feed keeps every photo it has loaded, thousands of them, and separate
/// strings cost twice the bytes (`photorama-bench feed-memory`, docs/PERFORMANCE.md). The addresses'
/// shared beginning ("https://live.staticflickr.com/65535/5380…_") is stored once and every address's rest
/// after it in the same buffer: two blocks.
/// Reading an element builds its `PhotoImage` (one string); `size(at:)` and `longestEdge(at:)` do not.
public struct PhotoRenditions: RandomAccessCollection, Sendable, Hashable {
    private struct Entry: Sendable, Hashable {
        var size: ImageSizeClass
        /// Where this rendition's rest ends in `text` (it starts where the previous one ended).
        var end: Int
        var width: Int?
        var height: Int?
    }

    /// The shared beginning, then each address's rest, in order.
    private var text: [UInt8] = []
    private var prefixLength = 0
    private var entries: [Entry] = []

    public init() {}

    /// Compared and copied over each address's own bytes: zipping `String.UTF8View`s was a fifth of making
    /// a Commons photo (docs/PERFORMANCE.md, issue 40).
    public init(_ images: some Sequence<PhotoImage>) {
        let images = Array(images)
        guard var first = images.first?.address else { return }
        var length = first.utf8.count
        var total = 0
        var packed: [UInt8] = []
        first.withUTF8 { first in
            for image in images.dropFirst() {
                var address = image.address
                total += address.utf8.count
                address.withUTF8 { bytes in
                    var shared = 0
                    while shared < length, shared < bytes.count, first[shared] == bytes[shared] { shared += 1 }
                    length = shared
                }
            }
            packed.reserveCapacity(first.count + total - length * (images.count - 1))
            packed.append(contentsOf: UnsafeBufferPointer(rebasing: first[0..<length]))
        }
        var packedEntries: [Entry] = []
        packedEntries.reserveCapacity(images.count)
        for image in images {
            var address = image.address
            address.withUTF8 { packed.append(contentsOf: UnsafeBufferPointer(rebasing: $0[length...])) }
            packedEntries.append(Entry(size: image.size, end: packed.count, width: image.width, height: image.height))
        }
        text = packed
        prefixLength = length
        entries = packedEntries
    }

    /// Renditions in any order, packed smallest first: by size class, then longest edge, equal ones as given.
    public init(ordering images: [PhotoImage]) {
        self.init(images.sorted { ($0.size, $0.longestEdge) < ($1.size, $1.longestEdge) })
    }

    /// Renditions already in order (smallest first) whose addresses are `ranges` of `scratch`, packed the
    /// same way as `init(_:)` packs them; a reader that goes straight from bytes builds no string per address.
    init(packing scratch: [UInt8], _ parts: [(size: ImageSizeClass, range: Range<Int>, width: Int?, height: Int?)]) {
        guard let first = parts.first?.range else { return }
        prefixLength = first.count
        for part in parts.dropFirst() {
            var length = 0
            while length < prefixLength, length < part.range.count,
                scratch[first.lowerBound + length] == scratch[part.range.lowerBound + length]
            {
                length += 1
            }
            prefixLength = length
        }
        text.reserveCapacity(prefixLength + parts.reduce(0) { $0 + $1.range.count - prefixLength })
        text.append(contentsOf: scratch[first.lowerBound..<first.lowerBound + prefixLength])
        entries.reserveCapacity(parts.count)
        for part in parts {
            text.append(contentsOf: scratch[(part.range.lowerBound + prefixLength)..<part.range.upperBound])
            entries.append(Entry(size: part.size, end: text.count, width: part.width, height: part.height))
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { entries.count }

    public subscript(position: Int) -> PhotoImage {
        let entry = entries[position]
        let start = position == 0 ? prefixLength : entries[position - 1].end
        let address = String(decoding: text[0..<prefixLength] + text[start..<entry.end], as: UTF8.self)
        return PhotoImage(size: entry.size, address: address, width: entry.width, height: entry.height)
    }

    public func size(at position: Int) -> ImageSizeClass { entries[position].size }

    /// As `PhotoImage.longestEdge`, without building the address.
    public func longestEdge(at position: Int) -> Int {
        let entry = entries[position]
        return entry.size.longestEdge(width: entry.width, height: entry.height)
    }

    /// The first of `candidates` (positions, smallest first) whose longer edge is at least `edge`, else the
    /// last of them.
    public func smallest(coveringEdge edge: Int, among candidates: some BidirectionalCollection<Int>) -> PhotoImage? {
        (candidates.first { longestEdge(at: $0) >= edge } ?? candidates.last).map { self[$0] }
    }

    /// The dimensions of the last rendition with both known.
    public var largestDimensions: (width: Int, height: Int)? {
        for entry in entries.reversed() {
            if let width = entry.width, let height = entry.height { return (width, height) }
        }
        return nil
    }

    /// The addresses' shared beginning (for tests: what is stored once).
    var sharedPrefix: String { String(decoding: text[0..<prefixLength], as: UTF8.self) }
    /// Bytes of address text held.
    var storedBytes: Int { text.count }
}
