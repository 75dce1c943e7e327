import PhotoramaImages
import PhotoramaScreen

/// The styles of every part of the screen, in colour for a dark or a light background, or monochrome
/// (NO_COLOR, or a terminal without colours), where the selection is reverse video and emphasis is bold.
/// Text in both colour themes meets WCAG AA (4.5:1) on the background it is drawn on (ThemeContrastTests);
/// which colour a style leaves to the terminal (`.default`) is the terminal's own.
struct Theme {
    let colors: Bool
    /// The terminal's background the colours are chosen for.
    var background: TerminalBackground = .dark
    var custom = ThemeColors()

    private var light: Bool { background == .light }
    /// Dark: xterm's cyan; light: a deep blue (cyan on white is 1.9:1).
    private var accent: Color { custom.accent ?? (light ? .indexed(25) : .cyan) }
    private var selectionForeground: Color { custom.selectionForeground ?? .brightWhite }
    private var selectionBackground: Color { custom.selectionBackground ?? .blue }
    /// Dark: bright red (xterm's red on black is 3.6:1).
    private var errorColor: Color { custom.error ?? (light ? .red : .brightRed) }
    /// Dark: yellow; light: a dark orange (yellow on white is 1.5:1).
    private var badge: Color { custom.badge ?? (light ? .indexed(94) : .yellow) }
    /// Secondary text: a grey rather than the dim attribute, whose contrast each terminal decides.
    private var secondary: Color { light ? .indexed(241) : .indexed(247) }

    var plain: Style { .plain }
    var dim: Style { colors ? Style(foreground: secondary) : Style(dim: true) }
    var bold: Style { Style(bold: true) }
    var tab: Style { .plain }
    var activeTab: Style {
        colors ? Style(foreground: light ? .brightWhite : .black, background: accent, bold: true) : Style(bold: true, reverse: true)
    }
    var headerInfo: Style { colors ? Style(foreground: accent) : Style(dim: true) }
    var demoBadge: Style { colors ? Style(foreground: badge, bold: true) : Style(bold: true) }
    var selected: Style { colors ? Style(foreground: selectionForeground, background: selectionBackground) : Style(reverse: true) }
    var selectedTitle: Style {
        colors ? Style(foreground: selectionForeground, background: selectionBackground, bold: true) : Style(bold: true, reverse: true)
    }
    var cardTitle: Style { bold }
    var error: Style { colors ? Style(foreground: errorColor, bold: true) : Style(bold: true) }
    var label: Style { colors ? Style(foreground: accent) : Style(bold: true) }
    var spinner: Style { colors ? Style(foreground: badge) : .plain }
    var cursor: Style { Style(reverse: true) }
    /// Lines, not text: WCAG asks 3:1 of them.
    var border: Style { Style(dim: true) }
    var overlayTitle: Style { colors ? Style(foreground: accent, bold: true) : Style(bold: true, underline: true) }

    /// Every style text is drawn in, by name (the map's included), for the contrast check.
    var textStyles: [(name: String, style: Style)] {
        let map = MapStyles(self)
        return [
            ("plain", plain), ("dim", dim), ("bold", bold), ("tab", tab), ("activeTab", activeTab), ("headerInfo", headerInfo),
            ("demoBadge", demoBadge), ("selected", selected), ("selectedTitle", selectedTitle), ("cardTitle", cardTitle),
            ("error", error), ("label", label), ("spinner", spinner), ("cursor", cursor), ("overlayTitle", overlayTitle),
            ("map.land", map.land), ("map.pin", map.pin), ("map.selectedPin", map.selectedPin), ("map.place", map.place),
            ("map.crosshair", map.crosshair), ("map.crosshairOverPin", map.crosshairOverPin),
        ]
    }
}
