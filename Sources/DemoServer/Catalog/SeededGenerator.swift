/// SplitMix64: a tiny, fast, well-mixed generator. The whole catalog comes from one of these, so a seed
/// fully determines every answer the server gives.
struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// A stateless hash of one value, for things generated on demand (comments, image scenes).
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }

    mutating func chance(_ probability: Double) -> Bool { unitDouble() < probability }

    mutating func unitDouble() -> Double { Double(next() >> 11) / Double(1 << 53) }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    mutating func hex(_ count: Int) -> String {
        let digits = Array("0123456789abcdef")
        return String((0..<count).map { _ in digits[Int(next() % 16)] })
    }

    mutating func digits(_ count: Int) -> String {
        String((0..<count).map { index in Character(String(index == 0 ? int(1...9) : int(0...9))) })
    }
}
