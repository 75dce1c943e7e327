import Foundation
import PhotoramaConfig
import PhotoramaImages
import PhotoramaKit

/// The rules behind `--images` and `--colors` (the executable's `ImageOptions`), as a pure function of the
/// options, the environment and the config file. A value they refuse is `.invalidInput`: exit status 2, as
/// a usage error.
package enum ImageSettings {
    /// The drawing for `--images` (nil: not given), the environment and the config file, through the one
    /// resolution of settings that `photorama config` shows.
    package static func resolve(
        images: String?, colors: String?, symbols: String? = nil, environment: some EnvironmentVariables,
        file: ConfigFileValues = ConfigFileValues(), outputIsTerminal: Bool = true
    ) throws(PhotoramaError) -> ImageDrawing? {
        let settings = EffectiveSettings.resolve(
            commandLine: CommandLineSettings(images: images, symbols: symbols), environment: environment, file: file)
        return try resolve(settings: settings, colors: colors, environment: environment, outputIsTerminal: outputIsTerminal)
    }

    /// `auto` (the default) takes what the terminal answered (`terminal`, see `TerminalQuery`), else asks
    /// `GraphicsDetection`, and draws text cells when neither finds a protocol or the output is not a
    /// terminal; `kitty`, `sixel` and `iterm2` are written whatever the terminal, for scripts. The colour
    /// depth is `--colors`, else what the answers prove, else the environment's (`colorDepth`). Cells are
    /// made of the block symbols `symbols` names (`auto`: `SymbolSet.auto` for the terminal's name on a
    /// terminal, half blocks into a pipe).
    package static func resolve(
        settings: EffectiveSettings, colors: String?, environment: some EnvironmentVariables, outputIsTerminal: Bool = true,
        terminal: TerminalCapabilities? = nil
    ) throws(PhotoramaError) -> ImageDrawing? {
        let mode: ImageMode
        let symbolMode: SymbolMode
        do {
            mode = try settings.imageMode()
            symbolMode = try settings.symbolMode()
        } catch {
            throw .invalidInput(error.message)
        }
        let symbols: SymbolSet
        switch symbolMode {
        case .fixed(let set): symbols = set
        case .auto: symbols = outputIsTerminal ? SymbolSet.auto(forTerminalNamed: terminal?.name, environment: environment) : .half
        }
        let depth: ColorDepth
        if let colors {
            guard let chosen = ColorDepth(rawValue: colors.lowercased()) else {
                throw .invalidInput("--colors must be \(ColorDepth.choices) (got \"\(colors)\")")
            }
            depth = chosen
        } else {
            depth = colorDepth(environment, terminal: terminal).depth
        }
        switch mode {
        case .auto:
            let detected = terminal.map { $0.autoProtocol().drawing } ?? GraphicsDetection.detect(environment)
            return (outputIsTerminal ? detected : nil) ?? .text(depth, symbols: symbols)
        case .kitty: return .kitty
        case .sixel: return .sixel
        case .iterm2: return .iterm2
        case .blocks: return .text(depth, symbols: symbols)
        case .ascii: return .ascii
        case .none: return nil
        }
    }

    /// How 256- and 16-colour pictures are dithered: `--dither` over the config file's `dither`, for `show` and
    /// the browser alike; a value no mode has is `.invalidInput` naming where it came from.
    package static func dither(_ settings: EffectiveSettings) throws(PhotoramaError) -> DitherMode {
        do {
            return try settings.ditherMode()
        } catch {
            throw .invalidInput(error.message)
        }
    }

    /// Whether the terminal is asked at all (`TerminalQuery`): only when the mode in effect is `auto`.
    /// A mode named anywhere else (`--images`, `PHOTORAMA_IMAGES`, the config file's `images`) is the
    /// user's choice and nothing is written to the terminal to second-guess it; naming `auto` is the same
    /// as naming nothing.
    package static func asksTerminal(_ settings: EffectiveSettings) -> Bool {
        (try? settings.imageMode()) == .auto
    }

    /// The drawing `--images` and `--colors` ask for with this environment, the config file's `images` and
    /// the terminal's answers; nil for `none`. `auto` picks a pixel protocol only when the output is a terminal.
    package static func drawing(
        images: String?, colors: String?, symbols: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment, outputIsTerminal: Bool = true,
        terminal: TerminalCapabilities? = nil
    ) throws(PhotoramaError) -> ImageDrawing? {
        let settings = ConfigContext.settings(CommandLineSettings(images: images, symbols: symbols), environment: environment)
        return try resolve(
            settings: settings, colors: colors, environment: environment, outputIsTerminal: outputIsTerminal, terminal: terminal)
    }

    /// Whether the grid starts with thumbnail cards: as `--thumbnails on|off` says, else when pictures look
    /// good (24-bit colour or true pixels).
    package static func thumbnails(_ option: String?, drawing: ImageDrawing?) throws(PhotoramaError) -> Bool {
        guard let option else {
            if case .symbols(_, .truecolor) = drawing { return true }
            return [.halfBlocks(.truecolor), .kitty, .sixel, .iterm2].contains(drawing)
        }
        switch option.lowercased() {
        case "on": return drawing != nil
        case "off": return false
        default: throw .invalidInput("--thumbnails must be on or off (got \"\(option)\")")
        }
    }

    /// The colour depth: NO_COLOR means none; 24-bit colour the terminal proved in its answers (whatever
    /// TERM says: `xterm -ti vt340` runs with TERM=xterm); else the environment's (`terminalDepth`), raised
    /// to 256 colours when the answers prove the palette (mlterm, TERM=mlterm).
    package static func colorDepth(_ environment: some EnvironmentVariables, terminal: TerminalCapabilities?) -> (
        depth: ColorDepth, reason: String
    ) {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return (.mono, "NO_COLOR is set") }
        if let proof = terminal?.trueColor { return (.truecolor, proof) }
        let depth = terminalDepth(environment)
        if let proof = terminal?.palette256, depth == .palette16 { return (.palette256, proof) }
        let colorTerm = environment["COLORTERM"].flatMap { $0.isEmpty ? nil : $0 }
        return (depth, "from TERM=\(environment["TERM"] ?? "")" + (colorTerm.map { " and COLORTERM=\($0)" } ?? ""))
    }

    /// The colour depth the terminal has, from the conventions terminals follow: NO_COLOR (any value)
    /// means none; COLORTERM=truecolor or 24bit means 24-bit; a TERM with 256color the xterm palette;
    /// dumb or no TERM means none; anything else 16.
    package static func terminalDepth(_ environment: some EnvironmentVariables) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .mono }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .truecolor }
        let term = (environment["TERM"] ?? "").lowercased()
        if term.isEmpty || term == "dumb" { return .mono }
        if term.contains("256color") || term.hasSuffix("-direct") { return .palette256 }
        return .palette16
    }
}
