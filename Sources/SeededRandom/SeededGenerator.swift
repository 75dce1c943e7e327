/// SplitMix64: a tiny, fast, well-mixed generator whose whole state is one number, so the same seed gives
/// the same demo catalog, the same "random" photos in the browser and the same test and soak inputs.
public struct SeededGenerator: RandomNumberGenerator, Sendable, Hashable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// A stateless hash of one value, for things generated on demand (comments, image scenes).
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    public mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }

    public mutating func chance(_ probability: Double) -> Bool { unitDouble() < probability }

    public mutating func unitDouble() -> Double { Double(next() >> 11) / Double(1 << 53) }

    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    public mutating func hex(_ count: Int) -> String {
        let digits: StaticString = "0123456789abcdef"
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for _ in 0..<count { bytes.append(digits.utf8Start[Int(next() % 16)]) }
        return String(decoding: bytes, as: UTF8.self)
    }

    public mutating func digits(_ count: Int) -> String {
        String((0..<count).map { index in Character(String(index == 0 ? int(1...9) : int(0...9))) })
    }
}
