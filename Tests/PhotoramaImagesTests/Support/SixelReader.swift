import PhotoramaImages

/// A test-side sixel decoder: DCS P… q, raster attributes "Pan;Pad;Ph;Pv, colour registers #n;2;r;g;b
/// (percent), selections #n, sixel characters, !repeat, $ (carriage return) and - (next band of six
/// rows), ST. Strict: anything else, or a pixel outside the raster, is an error, so the encoder's output
/// is checked as well as decoded.
struct SixelReader {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    var width = 0
    var height = 0
    var pixels: [UInt8] = []
    /// Whether each pixel was painted at all.
    var painted: [Bool] = []
    var registers: [Int: (UInt8, UInt8, UInt8)] = [:]

    var image: RGBImage { RGBImage(width: width, height: height, pixels: pixels) }

    static func decode(_ bytes: [UInt8]) throws -> SixelReader {
        var reader = SixelReader()
        try reader.read(bytes)
        return reader
    }

    private mutating func read(_ bytes: [UInt8]) throws {
        guard bytes.count >= 4, bytes[0] == 0x1B, bytes[1] == UInt8(ascii: "P") else { throw Failure(description: "no DCS at the start") }
        guard bytes[bytes.count - 2] == 0x1B, bytes[bytes.count - 1] == UInt8(ascii: "\\") else {
            throw Failure(description: "no ST at the end")
        }
        var index = 2
        // DCS parameters up to the final q.
        while index < bytes.count, bytes[index] != UInt8(ascii: "q") {
            guard bytes[index] == UInt8(ascii: ";") || (0x30...0x39).contains(bytes[index]) else {
                throw Failure(description: "bad DCS parameter byte \(bytes[index])")
            }
            index += 1
        }
        index += 1
        let end = bytes.count - 2
        var x = 0
        var band = 0
        var color: (UInt8, UInt8, UInt8)?

        func numbers() -> [Int] {
            var values: [Int] = []
            var current: Int?
            while index < end {
                let byte = bytes[index]
                if (0x30...0x39).contains(byte) {
                    current = (current ?? 0) * 10 + Int(byte - 0x30)
                } else if byte == UInt8(ascii: ";") {
                    values.append(current ?? 0)
                    current = nil
                } else {
                    break
                }
                index += 1
            }
            if let current { values.append(current) }
            return values
        }

        while index < end {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                let raster = numbers()
                guard raster.count == 4 else { throw Failure(description: "raster attributes \(raster)") }
                width = raster[2]
                height = raster[3]
                pixels = Array(repeating: 0, count: width * height * 3)
                painted = Array(repeating: false, count: width * height)
            case UInt8(ascii: "#"):
                index += 1
                let values = numbers()
                if values.count == 5 {
                    guard values[1] == 2, values[2...].allSatisfy({ (0...100).contains($0) }) else {
                        throw Failure(description: "colour register \(values)")
                    }
                    func channel(_ percent: Int) -> UInt8 { UInt8((Double(percent) * 255 / 100).rounded()) }
                    registers[values[0]] = (channel(values[2]), channel(values[3]), channel(values[4]))
                } else if values.count != 1 {
                    throw Failure(description: "colour command \(values)")
                }
                color = registers[values[0]]
                guard color != nil else { throw Failure(description: "register \(values[0]) used before it is defined") }
            case UInt8(ascii: "!"):
                index += 1
                let count = numbers()
                guard count.count == 1, index < end, (0x3F...0x7E).contains(bytes[index]) else { throw Failure(description: "bad repeat") }
                for _ in 0..<count[0] {
                    try paint(bytes[index], x: x, band: band, color: color)
                    x += 1
                }
                index += 1
            case UInt8(ascii: "$"):
                x = 0
                index += 1
            case UInt8(ascii: "-"):
                x = 0
                band += 1
                index += 1
            case 0x3F...0x7E:
                try paint(byte, x: x, band: band, color: color)
                x += 1
                index += 1
            default:
                throw Failure(description: "unexpected byte \(byte) at \(index)")
            }
        }
    }

    private mutating func paint(_ sixel: UInt8, x: Int, band: Int, color: (UInt8, UInt8, UInt8)?) throws {
        let bits = Int(sixel - 0x3F)
        guard bits != 0 else { return }
        guard let color else { throw Failure(description: "sixel data before any colour") }
        for bit in 0..<6 where bits & (1 << bit) != 0 {
            let y = band * 6 + bit
            guard x < width, y < height else { throw Failure(description: "pixel \(x),\(y) outside \(width)×\(height)") }
            let offset = (y * width + x) * 3
            pixels[offset] = color.0
            pixels[offset + 1] = color.1
            pixels[offset + 2] = color.2
            painted[y * width + x] = true
        }
    }
}
