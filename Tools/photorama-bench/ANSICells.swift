import PhotoramaImages

/// ANSI picture text (photorama's or chafa's) back into cells, and the ink of the characters chafa
/// draws with, for `PictureFidelity`. Only what these programs print is understood: SGR colours
/// (24-bit, 256, the sixteen, defaults, reset), other CSI sequences skipped, one line a row.
enum ANSICells {
    static func parse(_ bytes: [UInt8]) -> CellImage {
        var rows: [[ImageCell]] = [[]]
        var foreground = CellColor.none
        var background = CellColor.none
        var index = 0
        let text = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        while index < text.count {
            let scalar = text[index]
            index += 1
            if scalar == "\u{1B}", index < text.count, text[index] == "[" {
                var parameters = ""
                index += 1
                while index < text.count, !(0x40...0x7E).contains(text[index].value) {
                    parameters.unicodeScalars.append(text[index])
                    index += 1
                }
                let final = index < text.count ? text[index] : "m"
                index += 1
                if final == "m" { apply(parameters, &foreground, &background) }
                continue
            }
            if scalar == "\n" {
                rows.append([])
                continue
            }
            guard scalar.value >= 0x20 else { continue }
            rows[rows.count - 1].append(ImageCell(character: Character(scalar), foreground: foreground, background: background))
        }
        let filled = rows.filter { !$0.isEmpty }
        let columns = filled.map(\.count).max() ?? 0
        let padded = filled.map { $0 + Array(repeating: ImageCell(character: " "), count: columns - $0.count) }
        return CellImage(columns: columns, rows: padded.count, cells: padded.flatMap { $0 })
    }

    private static func apply(_ parameters: String, _ foreground: inout CellColor, _ background: inout CellColor) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        var index = 0
        while index < numbers.count {
            let number = numbers[index]
            switch number {
            case 0:
                (foreground, background) = (.none, .none)
            case 30...37: foreground = .indexed(UInt8(number - 30))
            case 40...47: background = .indexed(UInt8(number - 40))
            case 90...97: foreground = .indexed(UInt8(number - 90 + 8))
            case 100...107: background = .indexed(UInt8(number - 100 + 8))
            case 39: foreground = .none
            case 49: background = .none
            case 38, 48:
                var color: CellColor?
                if index + 4 < numbers.count, numbers[index + 1] == 2 {
                    let (r, g, b) = (numbers[index + 2], numbers[index + 3], numbers[index + 4])
                    color = .rgb(UInt8(clamping: r), UInt8(clamping: g), UInt8(clamping: b))
                    index += 4
                } else if index + 2 < numbers.count, numbers[index + 1] == 5 {
                    color = .indexed(UInt8(clamping: numbers[index + 2]))
                    index += 2
                }
                if let color {
                    if number == 38 { foreground = color } else { background = color }
                }
            default: break
            }
            index += 1
        }
    }

    // MARK: - Ink
    /// The ink of a character on `PictureFidelity.grid`: photorama's block symbols exactly, and the
    /// other block elements and box-drawing lines chafa uses from their Unicode names (eighths; lines
    /// an eighth of the cell thick, heavy ones twice that, as chafa's own 8×8 bitmaps draw them).
    static func ink(of character: Character) -> [Bool]? {
        if let known = PictureFidelity.coverage(of: character) { return known }
        guard let name = character.unicodeScalars.first?.properties.name else { return nil }
        let (width, height) = PictureFidelity.grid
        var ink = [Bool](repeating: false, count: width * height)
        func fill(_ columns: Range<Int>, _ rows: Range<Int>) {
            for y in rows { for x in columns { ink[y * width + x] = true } }
        }
        let fractions: [(String, Int)] = [
            ("ONE EIGHTH", 1), ("ONE QUARTER", 2), ("THREE EIGHTHS", 3), ("HALF", 4), ("FIVE EIGHTHS", 5), ("THREE QUARTERS", 6),
            ("SEVEN EIGHTHS", 7),
        ]
        for (words, eighths) in fractions {
            for side in ["UPPER", "LOWER", "LEFT", "RIGHT"] where name == "\(side) \(words) BLOCK" {
                switch side {
                case "UPPER": fill(0..<width, 0..<(height * eighths / 8))
                case "LOWER": fill(0..<width, (height - height * eighths / 8)..<height)
                case "LEFT": fill(0..<(width * eighths / 8), 0..<height)
                default: fill((width - width * eighths / 8)..<width, 0..<height)
                }
                return ink
            }
        }
        guard name.hasPrefix("BOX DRAWINGS ") else { return nil }
        let words = name.dropFirst("BOX DRAWINGS ".count).split(separator: " ").map(String.init)
        if words.contains("DIAGONAL") {
            let rising = name.contains("UPPER RIGHT TO LOWER LEFT") || words.contains("CROSS")
            let falling = name.contains("UPPER LEFT TO LOWER RIGHT") || words.contains("CROSS")
            for y in 0..<height {
                let x = y * width / height
                if falling { ink[y * width + x] = true }
                if rising { ink[y * width + width - 1 - x] = true }
            }
            return ink
        }
        var weight = 1
        var group: [String] = []
        func draw(_ group: [String]) {
            if group.contains("HEAVY") || group.contains("DOUBLE") { weight = 2 } else if group.contains("LIGHT") { weight = 1 }
            let across = (width / 2 - weight / 2)..<(width / 2 - weight / 2 + weight)
            let down = (height / 2 - weight * 3 / 2)..<(height / 2 - weight * 3 / 2 + weight * 3)
            for word in group {
                switch word {
                case "UP": fill(across, 0..<down.upperBound)
                case "DOWN": fill(across, down.lowerBound..<height)
                case "LEFT": fill(0..<across.upperBound, down)
                case "RIGHT": fill(across.lowerBound..<width, down)
                case "HORIZONTAL": fill(0..<width, down)
                case "VERTICAL": fill(across, 0..<height)
                default: break
                }
            }
        }
        for word in words {
            if word == "AND" {
                draw(group)
                group = []
            } else {
                group.append(word)
            }
        }
        draw(group)
        return ink.contains(true) ? ink : nil
    }
}
