/// A palette made for one picture, for sixel's colour registers, and each pixel's entry in it.
/// libsixel's own palette comes from a histogram of 5 bits a channel and keeps those 5 bits (a flat colour
/// up to 8 levels off); its full-precision histogram costs half a second at 800×600 (docs/PERFORMANCE.md).
/// Here: a histogram of 6 bits a channel that keeps each bucket's true mean, median cut in Oklab (the box
/// whose colours spread most, weighed by pixels, is halved at its median along its widest axis), two rounds
/// of k-means, and each pixel the entry nearest its bucket's mean in Oklab. No dithering: with the picture's
/// own entries a flat area is one colour and a gradient's steps are a level or two apart, where diffusion
/// only adds noise (libsixel's Floyd–Steinberg raised the sample's per-pixel error, docs/PERFORMANCE.md).
/// libsixel writes the sequence.
struct SixelPalette {
    /// sRGB entries, three bytes each.
    let colors: [UInt8]
    /// Each pixel's entry, row-major.
    let indices: [UInt8]

    /// The sixel colour count terminals answer most (VT340 16, xterm 16 to 1024, the rest 256); above
    /// it an index would not fit a byte.
    static let maximumColors = 256
    /// Histogram resolution: 6 bits a channel (262,144 buckets), each 4 levels wide.
    static let bits = 6
    static let refinements = 2

    var count: Int { colors.count / 3 }

    /// At most `limit` (clamped to 2…256) entries for `image`; exactly its colours when it has no more
    /// distinct buckets than that (a two-colour picture gets its two colours back).
    init(_ image: RGBImage, colors limit: Int) {
        let limit = max(2, min(Self.maximumColors, limit))
        var buckets = Self.histogram(image)
        var means = Self.medianCut(&buckets, limit: limit)
        var assignment = [Int](repeating: 0, count: buckets.count)
        for round in 0...Self.refinements {
            let search = NearestColor(means.map(\.lab))
            for index in buckets.indices { assignment[index] = search.nearest(buckets[index].lab) }
            guard round < Self.refinements else { break }
            means = Self.means(of: buckets, assignment: assignment, previous: means)
        }
        var table = [UInt8](repeating: 0, count: 1 << (3 * Self.bits))
        for (index, bucket) in buckets.enumerated() { table[bucket.key] = UInt8(assignment[index]) }
        var indices = [UInt8](repeating: 0, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { pixels in
            for pixel in indices.indices { indices[pixel] = table[Self.key(pixels, pixel * 3)] }
        }
        colors = means.flatMap { mean in
            [mean.rgb.x, mean.rgb.y, mean.rgb.z].map { UInt8(max(0, min(255, $0.rounded()))) }
        }
        self.indices = indices
    }

    // MARK: - Histogram

    /// The pixels of one histogram bucket: how many, their mean (sRGB 0…255) and its Oklab.
    struct Bucket {
        let key: Int
        let count: Float
        let rgb: SIMD3<Float>
        let lab: SIMD3<Float>
    }

    /// A palette entry being made: the mean of its pixels.
    struct Mean {
        var rgb: SIMD3<Float>
        var lab: SIMD3<Float>
    }

    static func key(_ pixels: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Int {
        let shift = 8 - bits
        return Int(pixels[offset] >> shift) << (2 * bits) | Int(pixels[offset + 1] >> shift) << bits | Int(pixels[offset + 2] >> shift)
    }

    static func histogram(_ image: RGBImage) -> [Bucket] {
        let size = 1 << (3 * bits)
        var counts = [UInt32](repeating: 0, count: size)
        var sums = [SIMD3<UInt32>](repeating: .zero, count: size)
        image.pixels.withUnsafeBufferPointer { pixels in
            for offset in stride(from: 0, to: pixels.count, by: 3) {
                let key = key(pixels, offset)
                counts[key] += 1
                sums[key] &+= SIMD3(UInt32(pixels[offset]), UInt32(pixels[offset + 1]), UInt32(pixels[offset + 2]))
            }
        }
        var buckets: [Bucket] = []
        for key in 0..<size where counts[key] > 0 {
            let count = Float(counts[key])
            let rgb = SIMD3<Float>(Float(sums[key].x), Float(sums[key].y), Float(sums[key].z)) / count
            buckets.append(Bucket(key: key, count: count, rgb: rgb, lab: lab(rgb)))
        }
        return buckets
    }

    static func lab(_ rgb: SIMD3<Float>) -> SIMD3<Float> {
        let linear = SRGBFloat.toLinear(rgb)
        let lab = Oklab(linearR: linear.x, g: linear.y, b: linear.z)
        return SIMD3(lab.l, lab.a, lab.b)
    }

    // MARK: - Median cut

    /// A run of `buckets` that becomes one entry, with how far its colours spread (pixels × squared
    /// Oklab distance from their mean) and along which axis most.
    struct Box {
        let range: Range<Int>
        let spread: Float
        let axis: Int
    }

    static func box(_ buckets: ArraySlice<Bucket>) -> Box {
        var weight: Float = 0
        var sum = SIMD3<Float>.zero
        var squares = SIMD3<Float>.zero
        for bucket in buckets {
            weight += bucket.count
            sum += bucket.lab * bucket.count
            squares += bucket.lab * bucket.lab * bucket.count
        }
        let variance = squares - sum * sum / weight
        let axis = variance.x >= variance.y ? (variance.x >= variance.z ? 0 : 2) : (variance.y >= variance.z ? 1 : 2)
        return Box(range: buckets.indices, spread: buckets.count > 1 ? variance.sum() : -1, axis: axis)
    }

    /// Halves the most spread box until there are `limit` boxes or none holds two buckets; each box's mean.
    static func medianCut(_ buckets: inout [Bucket], limit: Int) -> [Mean] {
        guard !buckets.isEmpty else { return [Mean(rgb: .zero, lab: .zero)] }
        var boxes = [box(buckets[...])]
        while boxes.count < limit, let widest = boxes.indices.max(by: { boxes[$0].spread < boxes[$1].spread }),
            boxes[widest].spread >= 0
        {
            let box = boxes[widest]
            buckets[box.range].sort { $0.lab[box.axis] < $1.lab[box.axis] }
            let half = buckets[box.range].reduce(0) { $0 + $1.count } / 2
            var split = box.range.lowerBound + 1
            var weight = buckets[box.range.lowerBound].count
            while split < box.range.upperBound - 1, weight + buckets[split].count <= half {
                weight += buckets[split].count
                split += 1
            }
            boxes[widest] = Self.box(buckets[box.range.lowerBound..<split])
            boxes.append(Self.box(buckets[split..<box.range.upperBound]))
        }
        return boxes.map { box in
            var weight: Float = 0
            var sum = SIMD3<Float>.zero
            for bucket in buckets[box.range] {
                weight += bucket.count
                sum += bucket.rgb * bucket.count
            }
            let rgb = sum / weight
            return Mean(rgb: rgb, lab: lab(rgb))
        }
    }

    /// One k-means step: each entry the mean of the buckets nearest it (an entry nearest none stays).
    static func means(of buckets: [Bucket], assignment: [Int], previous: [Mean]) -> [Mean] {
        var weights = [Float](repeating: 0, count: previous.count)
        var sums = [SIMD3<Float>](repeating: .zero, count: previous.count)
        for (index, bucket) in buckets.enumerated() {
            weights[assignment[index]] += bucket.count
            sums[assignment[index]] += bucket.rgb * bucket.count
        }
        return previous.indices.map { entry in
            guard weights[entry] > 0 else { return previous[entry] }
            let rgb = sums[entry] / weights[entry]
            return Mean(rgb: rgb, lab: lab(rgb))
        }
    }
}

/// The nearest of a few hundred Oklab colours: entries sorted by lightness, searched outwards from the
/// query's lightness until the lightness difference alone exceeds the best distance found.
struct NearestColor {
    private let order: [Int]
    private let entries: [SIMD3<Float>]

    init(_ colors: [SIMD3<Float>]) {
        order = colors.indices.sorted { colors[$0].x < colors[$1].x }
        entries = order.map { colors[$0] }
    }

    /// The index (in the colours given) of the entry nearest `query`.
    func nearest(_ query: SIMD3<Float>) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].x < query.x { low = middle + 1 } else { high = middle }
        }
        var best = Float.infinity
        var bestIndex = 0
        var up = low
        var down = low - 1
        while up < entries.count || down >= 0 {
            if up < entries.count {
                let difference = entries[up] - query
                if difference.x * difference.x > best {
                    up = entries.count
                } else {
                    let distance = (difference * difference).sum()
                    if distance < best {
                        best = distance
                        bestIndex = up
                    }
                    up += 1
                }
            }
            if down >= 0 {
                let difference = entries[down] - query
                if difference.x * difference.x > best {
                    down = -1
                } else {
                    let distance = (difference * difference).sum()
                    if distance < best {
                        best = distance
                        bestIndex = down
                    }
                    down -= 1
                }
            }
        }
        return order[bestIndex]
    }
}
