/// One answer a terminal gave to the queries `TerminalQueries` sends, as `TerminalAnswerParser` reads it.
public enum TerminalAnswer: Hashable, Sendable {
    /// DA1, `CSI ? 63 ; 1 ; 4 c`: the attributes (4 is sixel).
    case deviceAttributes([Int])
    /// XTVERSION, `DCS > | XTerm(379) ST`: the text between `|` and ST.
    case version(String)
    /// The kitty graphics query's answer, `APC G i=31 ; OK ST`: the id it names and the message.
    case kittyGraphics(id: UInt32?, message: String)
    /// DECRQSS, `DCS 1 $ r 0;38:2::1:2:3m ST` (valid) or `DCS 0 $ r ST` (refused): the setting as the terminal
    /// holds it.
    case statusString(valid: Bool, setting: String)
    /// XTGETTCAP, `DCS 1 + r 5247=… ST` (known) or `DCS 0 + r 5247 ST` (unknown): the capability's name, hex
    /// decoded, and its value when known.
    case capability(valid: Bool, name: String, value: String?)
    /// DECRPM, `CSI ? 2026 ; 2 $ y`: a private mode and its setting (0 not recognised, 1 set, 2 reset,
    /// 3 permanently set, 4 permanently reset).
    case privateMode(mode: Int, setting: Int)
    /// CSI 14t's answer, `CSI 4 ; height ; width t`: the text area in pixels.
    case textAreaPixels(PixelSize)
    /// CSI 16t's answer, `CSI 6 ; height ; width t`: one cell in pixels.
    case cellPixels(PixelSize)
    /// OSC 11's answer, `OSC 11 ; rgb:ffff/ffff/ffff ST` (or BEL): the background colour as the terminal
    /// wrote it.
    case backgroundColor(String)
    /// XTSMGRAPHICS, `CSI ? 1 ; 0 ; 256 S`: the item asked (1 colour registers, 2 sixel geometry), the
    /// status (0 success, 1 unknown item, 2 unknown action, 3 failure) and the values that follow.
    case graphicsAttribute(item: Int, status: Int, values: [Int])

    /// Which query this answers, for reports.
    public var query: TerminalQuery {
        switch self {
        case .deviceAttributes: .deviceAttributes
        case .version: .version
        case .kittyGraphics: .kittyGraphics
        case .statusString: .statusString
        case .capability: .capability
        case .privateMode: .synchronizedOutput
        case .textAreaPixels: .textAreaPixels
        case .cellPixels: .cellPixels
        case .backgroundColor: .backgroundColor
        case .graphicsAttribute: .graphicsAttribute
        }
    }

    /// DA1 lists attribute 4.
    public var saysSixel: Bool {
        if case .deviceAttributes(let attributes) = self { return attributes.dropFirst().contains(4) }
        return false
    }
}

/// The queries of one batch, in the order they are sent (`TerminalQueries.batch`).
public enum TerminalQuery: String, CaseIterable, Hashable, Sendable {
    case kittyGraphics = "kitty"
    case version = "XTVERSION"
    case statusString = "DECRQSS"
    case capability = "XTGETTCAP"
    /// DECRQM for mode 2026, synchronized output.
    case synchronizedOutput = "DECRQM"
    /// OSC 11, the background colour (light or dark theme).
    case backgroundColor = "OSC 11"
    /// XTSMGRAPHICS for the number of sixel colour registers.
    case graphicsAttribute = "XTSMGRAPHICS"
    case textAreaPixels = "CSI 14t"
    case cellPixels = "CSI 16t"
    case deviceAttributes = "DA1"
}

/// An answer and when it arrived, in milliseconds after the queries were written.
public struct TimedAnswer: Hashable, Sendable {
    public var answer: TerminalAnswer
    public var milliseconds: Double

    public init(_ answer: TerminalAnswer, milliseconds: Double) {
        self.answer = answer
        self.milliseconds = milliseconds
    }
}
