/// Whether the terminal's background is light or dark: from its colour as OSC 11 answers it, or from a
/// mode 2031 notification (`CSI ? 997 ; 1 n` dark, `2 n` light). The theme follows it (`theme = "auto"`).
public enum TerminalBackground: String, CaseIterable, Hashable, Sendable {
    case dark
    case light

    /// The luminance at which black text and white text have the same contrast (√(1.05 × 0.05) − 0.05):
    /// a background lighter than this reads better with dark text, so it is light.
    static let lightFrom = (1.05 * 0.05).squareRoot() - 0.05

    /// The background of a colour with components 0…1.
    public init(red: Double, green: Double, blue: Double) {
        self = Contrast.luminance(red: red, green: green, blue: blue) > Self.lightFrom ? .light : .dark
    }

    /// The background of a colour in X11's `rgb:R/G/B` form as OSC 11 answers it (1 to 4 hex digits a
    /// component: `rgb:ffff/ffff/ffff`, `rgb:00/00/00`); nil for anything else.
    public init?(x11Color text: String) {
        guard let components = Self.components(x11Color: text) else { return nil }
        self.init(red: components.red, green: components.green, blue: components.blue)
    }

    /// `rgb:ffff/8000/0000` as (1, 0.5, 0), each component scaled by its own digit count; nil when malformed.
    public static func components(x11Color text: String) -> (red: Double, green: Double, blue: Double)? {
        guard text.lowercased().hasPrefix("rgb:") else { return nil }
        let parts = text.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var values: [Double] = []
        for part in parts {
            guard (1...4).contains(part.count), part.allSatisfy(\.isHexDigit), let number = UInt32(part, radix: 16) else { return nil }
            let largest = Double((1 << (4 * part.count)) - 1)
            values.append(Double(number) / largest)
        }
        return (values[0], values[1], values[2])
    }

    /// Mode 2031's report number: `CSI ? 997 ; 1 n` is dark, `2 n` light.
    public init?(colorSchemeReport number: Int) {
        switch number {
        case 1: self = .dark
        case 2: self = .light
        default: return nil
        }
    }
}
