/// What a terminal can do, decided from its answers (`TerminalFindings`), its window (TIOCGWINSZ) and its
/// environment, each finding with the reason it was made, for `photorama terminal`. Answers outrank the
/// environment: variables are lost over SSH and leak into tmux, answers are not. The environment decides
/// only what the answers cannot tell (iTerm2's images) and everything when nothing answered.
public struct TerminalCapabilities: Hashable, Sendable {
    /// The terminal's name and version as XTVERSION gave them ("XTerm", "379"), else as TERM_PROGRAM
    /// names it; nil when neither does.
    public var name: String?
    public var version: String?
    /// Where the name came from: "XTVERSION", "TERM_PROGRAM", or nil.
    public var nameSource: String?
    /// The kitty graphics query was answered OK.
    public var kittyGraphics: Bool
    /// DA1 lists attribute 4.
    public var sixel: Bool
    /// How kitty pictures travel: by shared memory or a temporary file when kitty answered OK to reading
    /// the probe's one-pixel object that way and removed it (it shares this machine), else in the stream.
    public var kittyMedium: KittyMedium = .stream
    /// Why the terminal shows iTerm2's inline images (OSC 1337), or nil when nothing says it does.
    public var iterm2Images: String?
    /// Why 24-bit colour is proven, or nil when the answers do not prove it (TERM and COLORTERM decide).
    public var trueColor: String?
    /// Why the 256-colour palette is proven (the terminal mapped the 24-bit colour to an entry past the
    /// sixteen), or nil.
    public var palette256: String?
    /// One cell in pixels, and where that came from.
    public var cellPixels: PixelSize
    public var cellSource: CellSizeSource
    /// The terminal said it knows synchronized output (DECRPM for mode 2026 set or reset, 1 or 2): frames
    /// may be wrapped in `CSI ? 2026 h` … `l`. False when it did not answer, or answered 0 (unknown) or
    /// 4 (permanently off).
    public var synchronizedOutput = false
    /// The sixel colour registers XTSMGRAPHICS reported (status 0, a count of at least 1); nil when it did
    /// not answer or answered with an error.
    public var colorRegisters: Int?
    /// The terminal's background as its OSC 11 answer says (the theme follows it); nil when it did not answer.
    public var background: TerminalBackground?
    /// Why the program runs inside tmux, or nil when it does not.
    public var tmux: String?
    /// Inside tmux: the terminal outside it as tmux knows it (`client_termtype`, its XTVERSION answer, such
    /// as "kitty(0.26.5)"); nil outside tmux or when tmux does not say.
    public var outsideTmux: String?
    /// The picture protocol the environment alone would choose (`GraphicsDetection`), for when nothing
    /// answered.
    public var environmentDrawing: ImageDrawing?
    /// NO_COLOR is set: no colour, so no pixels either.
    public var noColor: Bool
    /// What the queries brought back; nil when none were sent.
    public var findings: TerminalFindings?

    /// Where a cell's pixel size came from.
    public enum CellSizeSource: String, Hashable, Sendable {
        case window = "TIOCGWINSZ"
        case cellReport = "CSI 16t"
        case textArea = "CSI 14t"
        case assumed = "assumed"
    }

    /// The colours a sixel picture's palette may have here: the registers the terminal reported, at most
    /// the encoder's 256; 256 when it did not say.
    public var sixelColors: Int { min(colorRegisters ?? SixelEncoder.maximumColors, SixelEncoder.maximumColors) }

    /// Whether the terminal answered DA1 (then the answers decide).
    public var answered: Bool { findings?.complete ?? false }

    // MARK: - The decision
    /// Decides from the answers (nil: nothing was asked), the terminal's window and its environment.
    public static func decide(
        _ findings: TerminalFindings?, window: TerminalWindow?, environment: some EnvironmentVariables
    ) -> TerminalCapabilities {
        func variable(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let answers = findings?.answers.map(\.answer) ?? []
        var capabilities = TerminalCapabilities(
            kittyGraphics: false, sixel: false, cellPixels: CellPixelSize.fallback, cellSource: .assumed,
            environmentDrawing: GraphicsDetection.detect(environment), noColor: variable("NO_COLOR") != nil, findings: findings)
        for answer in answers {
            switch answer {
            case .version(let text) where capabilities.nameSource == nil:
                (capabilities.name, capabilities.version) = Self.nameAndVersion(text)
                capabilities.nameSource = "XTVERSION"
            case .kittyGraphics(let id, let message) where id == TerminalQueries.kittyImageID:
                capabilities.kittyGraphics = message == "OK"
            case .kittyGraphics(let id, "OK"):
                // Shared memory wins over a file whatever the order of the answers.
                if let medium = Self.localMedium(answering: id, findings: findings), capabilities.kittyMedium != .sharedMemory {
                    capabilities.kittyMedium = medium
                }
            case .deviceAttributes:
                capabilities.sixel = capabilities.sixel || answer.saysSixel
            case .statusString(true, let setting) where capabilities.trueColor == nil && Self.holdsProbeColor(setting):
                capabilities.trueColor = "DECRQSS gave the 24-bit colour back"
            case .statusString(true, let setting) where Self.paletteIndex(setting).map({ $0 >= 16 }) == true:
                capabilities.palette256 = "DECRQSS gave palette entry \(Self.paletteIndex(setting) ?? 0) back"
            case .capability(true, let name, _) where capabilities.trueColor == nil && TerminalQueries.trueColorCapabilities.contains(name):
                capabilities.trueColor = "XTGETTCAP knows \(name)"
            case .backgroundColor(let color) where capabilities.background == nil:
                capabilities.background = TerminalBackground(x11Color: color)
            case .privateMode(TerminalQueries.synchronizedOutputMode, let setting):
                // 3 (permanently set) would also do, but then wrapping changes nothing.
                capabilities.synchronizedOutput = setting == 1 || setting == 2
            case .graphicsAttribute(TerminalQueries.colorRegistersItem, 0, let values) where capabilities.colorRegisters == nil:
                capabilities.colorRegisters = values.first.flatMap { $0 > 0 ? $0 : nil }
            default:
                break
            }
        }
        if capabilities.nameSource == nil, let program = variable("TERM_PROGRAM") {
            capabilities.name = program
            capabilities.version = variable("TERM_PROGRAM_VERSION")
            capabilities.nameSource = "TERM_PROGRAM"
        }
        if capabilities.trueColor == nil, capabilities.nameSource == "XTVERSION", let name = capabilities.name,
            let known = Self.trueColorTerminals.first(where: { name.lowercased().hasPrefix($0.lowercased()) })
        {
            capabilities.trueColor = "\(known) draws 24-bit colour"
        }
        capabilities.iterm2Images = Self.iterm2Reason(capabilities, program: variable("TERM_PROGRAM"))
        if variable("TMUX") != nil {
            capabilities.tmux = "TMUX is set"
        } else if capabilities.nameSource == "XTVERSION", capabilities.name?.lowercased() == "tmux" {
            capabilities.tmux = "XTVERSION names tmux"
        }
        (capabilities.cellPixels, capabilities.cellSource) = Self.cell(answers, window: window)
        return capabilities
    }

    /// The picture protocol `auto` draws with on this terminal (nil: text cells), and why. The one place
    /// capabilities become a drawing. Inside tmux the kitty query and the environment cannot see the terminal
    /// outside; tmux's own word for it (`outsideTmux`) decides.
    public func autoProtocol() -> (drawing: ImageDrawing?, reason: String) {
        if noColor { return (nil, "NO_COLOR is set") }
        guard answered else {
            // Not asked at all is not a missing answer: say which it was.
            return (environmentDrawing, findings == nil ? "not asked: from the environment" : "no answer to DA1: from the environment")
        }
        if kittyGraphics { return (.kitty, "the kitty graphics query was answered OK") }
        if sixel { return (.sixel, tmux == nil ? "DA1 lists attribute 4" : "tmux draws sixel itself (DA1 lists attribute 4)") }
        if tmux != nil {
            guard let outsideTmux else { return (nil, "inside tmux, which does not say what terminal is outside it") }
            if Self.showsPlaceholders(outsideTmux) {
                return (.kitty, "inside tmux with \(outsideTmux) outside: kitty's Unicode placeholders through passthrough")
            }
            return (nil, "inside tmux with \(outsideTmux) outside: no placeholders (kitty 0.28 or newer, or Ghostty)")
        }
        if let iterm2Images { return (.iterm2, iterm2Images) }
        return (nil, "no pixel protocol among the answers")
    }

    /// Whether the terminal XTVERSION names ("kitty(0.28.1)", "ghostty 1.0") draws kitty's Unicode
    /// placeholders: kitty from 0.28, Ghostty.
    static func showsPlaceholders(_ terminal: String) -> Bool {
        let lowered = terminal.lowercased()
        if lowered.hasPrefix("ghostty") { return true }
        guard lowered.hasPrefix("kitty") else { return false }
        let digits = lowered.drop { !$0.isNumber }.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        guard digits.count == 2 else { return false }
        return digits[0] > 0 || digits[1] >= 28
    }

    /// The medium whose probe question has `id`, when it was asked and its object is gone (read and
    /// removed); nil otherwise.
    static func localMedium(answering id: UInt32?, findings: TerminalFindings?) -> KittyMedium? {
        guard let findings, let medium = TerminalQueries.mediumQueryIDs.first(where: { $0.value == id })?.key,
            findings.mediaAsked.contains(medium), !findings.mediaLeftBehind.contains(medium)
        else { return nil }
        return medium
    }

    // MARK: - Rules
    /// Terminals that draw 24-bit colour, by the name XTVERSION gives (tmux is not: it depends on the
    /// terminal outside).
    static let trueColorTerminals = ["kitty", "WezTerm", "foot", "iTerm2", "ghostty", "mintty", "Konsole", "XTerm"]
    /// Terminals that show iTerm2's inline images, by XTVERSION's name and by TERM_PROGRAM.
    static let iterm2Terminals = ["iTerm2", "WezTerm", "mintty"]
    static let iterm2Programs = ["iTerm.app", "vscode", "WezTerm"]

    static func iterm2Reason(_ capabilities: TerminalCapabilities, program: String?) -> String? {
        if capabilities.nameSource == "XTVERSION", let name = capabilities.name,
            let known = iterm2Terminals.first(where: { name.lowercased().hasPrefix($0.lowercased()) })
        {
            return "XTVERSION names \(known)"
        }
        if let program, iterm2Programs.contains(program) { return "TERM_PROGRAM is \(program)" }
        return nil
    }

    /// "XTerm(379)" as ("XTerm", "379"), "tmux 3.3a" as ("tmux", "3.3a"), "foot" as ("foot", nil).
    static func nameAndVersion(_ text: String) -> (String, String?) {
        if let open = text.firstIndex(of: "("), text.hasSuffix(")") {
            let version = text[text.index(after: open)..<text.index(before: text.endIndex)]
            return (String(text[..<open]), version.isEmpty ? nil : String(version))
        }
        if let space = text.firstIndex(of: " ") {
            return (String(text[..<space]), String(text[text.index(after: space)...]))
        }
        return (text, nil)
    }

    /// Whether a DECRQSS answer for SGR holds the probe's colour as 24-bit: `0;38:2::1:2:3m` (xterm),
    /// `38:2:1:2:3m` (kitty) or `38;2;1;2;3m`, not a palette index (`38;5;16m`, mlterm).
    static func holdsProbeColor(_ setting: String) -> Bool {
        let color = TerminalQueries.probeColor
        let wanted = [color.red, color.green, color.blue]
        let numbers = setting.split(whereSeparator: { $0 == ";" || $0 == ":" || $0 == "m" }).compactMap { Int($0) }
        guard let start = numbers.firstIndex(of: 38), start + 1 < numbers.count, numbers[start + 1] == 2 else { return false }
        let after = numbers[(start + 2)...]
        // A colour-space id may stand before the three (`38:2:0:1:2:3`); xterm leaves it empty.
        return after.prefix(3).elementsEqual(wanted) || after.dropFirst().prefix(3).elementsEqual(wanted)
    }

    /// The palette entry a DECRQSS answer for SGR gives for the probe's colour (`0;38;5;16m`), or nil.
    static func paletteIndex(_ setting: String) -> Int? {
        let numbers = setting.split(whereSeparator: { $0 == ";" || $0 == ":" || $0 == "m" }).compactMap { Int($0) }
        guard let start = numbers.firstIndex(of: 38), start + 2 < numbers.count, numbers[start + 1] == 5 else { return nil }
        return numbers[start + 2]
    }

    /// TIOCGWINSZ when it reports pixels, else CSI 16t, else CSI 14t over the window's cells, else assumed.
    static func cell(_ answers: [TerminalAnswer], window: TerminalWindow?) -> (PixelSize, CellSizeSource) {
        if let window,
            let measured = CellPixelSize.measured(
                columns: window.cells.columns, rows: window.cells.rows, width: window.pixels.width, height: window.pixels.height)
        {
            return (measured, .window)
        }
        for case .cellPixels(let size) in answers { return (size, .cellReport) }
        if let window {
            for case .textAreaPixels(let size) in answers {
                if let measured = CellPixelSize.measured(
                    columns: window.cells.columns, rows: window.cells.rows, width: size.width, height: size.height)
                {
                    return (measured, .textArea)
                }
            }
        }
        return (CellPixelSize.fallback, .assumed)
    }
}
