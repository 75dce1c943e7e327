import PhotoramaImages
import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

/// WCAG AA for both colour themes: every style text is drawn in has 4.5:1 against the background it is
/// drawn on, computed from the theme's own colours through xterm's palette (`Palette.xtermRGB`).
@Suite("Light and dark themes meet WCAG AA")
struct ThemeContrastTests {
    typealias RGB = (UInt8, UInt8, UInt8)

    /// What `.default` is on each kind of terminal: xterm's white (palette 7) on black, and black on white.
    static func defaults(_ background: TerminalBackground) -> (foreground: RGB, background: RGB) {
        background == .dark ? ((229, 229, 229), (0, 0, 0)) : ((0, 0, 0), (255, 255, 255))
    }

    static func rgb(_ color: Color, default fallback: RGB) throws -> RGB {
        switch color {
        case .default: return fallback
        case .indexed(let index): return Palette.xtermRGB(index)
        case .rgb(let red, let green, let blue): return (red, green, blue)
        default: return Palette.xtermRGB(UInt8(try #require(Color.named.firstIndex(of: color))))
        }
    }

    /// The contrast of a style's text on a terminal with `background`: reverse swaps the two, and dim
    /// text is drawn half way to its background (as xterm draws faint text).
    static func contrast(_ style: Style, on background: TerminalBackground) throws -> Double {
        let defaults = Self.defaults(background)
        var text = try rgb(style.foreground, default: defaults.foreground)
        var ground = try rgb(style.background, default: defaults.background)
        if style.reverse { swap(&text, &ground) }
        if style.dim {
            func half(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Int(a) + Int(b)) / 2) }
            text = (half(text.0, ground.0), half(text.1, ground.1), half(text.2, ground.2))
        }
        return Contrast.ratio(Contrast.luminance(text), Contrast.luminance(ground))
    }

    @Test("every text style of each theme has at least 4.5:1", arguments: TerminalBackground.allCases)
    func textMeetsAA(background: TerminalBackground) throws {
        let theme = Theme(colors: true, background: background)
        #expect(theme.textStyles.count == 21)
        for (name, style) in theme.textStyles {
            let ratio = try Self.contrast(style, on: background)
            #expect(ratio >= 4.5, "\(background) \(name): \(ratio):1")
        }
        // Borders are lines, not text: 3:1 (WCAG's non-text contrast).
        #expect(try Self.contrast(theme.border, on: background) >= 3)
    }

    @Test("the light theme's colours are its own; the dark theme keeps its cyan and yellow")
    func themesDiffer() {
        let light = Theme(colors: true, background: .light)
        let dark = Theme(colors: true, background: .dark)
        #expect(light.activeTab == Style(foreground: .brightWhite, background: .indexed(25), bold: true))
        #expect(dark.activeTab == Style(foreground: .black, background: .cyan, bold: true))
        #expect(light.dim == Style(foreground: .indexed(241)))
        #expect(dark.dim == Style(foreground: .indexed(247)))
        #expect(light.demoBadge == Style(foreground: .indexed(94), bold: true))
        #expect(dark.demoBadge == Style(foreground: .yellow, bold: true))
        // Monochrome (NO_COLOR) is as before, whatever the background.
        #expect(Theme(colors: false, background: .light).activeTab == Style(bold: true, reverse: true))
        #expect(Theme(colors: false, background: .light).dim == Style(dim: true))
    }

    @Test("under auto the theme follows the terminal's notifications; a chosen theme stays")
    func followsNotifications() {
        for (choice, expected) in [(ThemeChoice.auto, TerminalBackground.light), (.dark, .dark)] {
            var configuration = AppConfiguration(demoProviders: [.flickr], colors: true, randomSeed: 1)
            configuration.themeChoice = choice
            configuration.background = choice.background(answered: nil)
            var state = AppState(configuration: configuration, size: CellSize(columns: 80, rows: 24))
            _ = start(&state)
            #expect(render(state)[0, 1].style.background == .cyan)
            #expect(reduce(&state, .input(.colorScheme(.light))).isEmpty)
            #expect(state.appearance.background == expected, "\(choice)")
            #expect(render(state)[0, 1].style.background == (expected == .light ? .indexed(25) : .cyan), "\(choice)")
        }
    }

    @Test("the background at start: the choice, or under auto the terminal's answer, else dark")
    func startingBackground() {
        #expect(ThemeChoice.auto.background(answered: .light) == .light)
        #expect(ThemeChoice.auto.background(answered: nil) == .dark)
        #expect(ThemeChoice.dark.background(answered: .light) == .dark)
        #expect(ThemeChoice.light.background(answered: .dark) == .light)
        #expect(ThemeChoice(setting: "LIGHT") == .light)
        #expect(ThemeChoice(setting: "bright") == nil)
    }
}
