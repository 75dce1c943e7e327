import PhotoramaScreen

/// The styles of every part of the screen, in colour or monochrome (NO_COLOR, or a terminal without
/// colours), where the selection is reverse video and emphasis is bold.
struct Theme {
    let colors: Bool
    var custom = ThemeColors()

    private var accent: Color { custom.accent ?? .cyan }
    private var selectionForeground: Color { custom.selectionForeground ?? .brightWhite }
    private var selectionBackground: Color { custom.selectionBackground ?? .blue }
    private var errorColor: Color { custom.error ?? .red }
    private var badge: Color { custom.badge ?? .yellow }

    var plain: Style { .plain }
    var dim: Style { Style(dim: true) }
    var bold: Style { Style(bold: true) }
    var tab: Style { .plain }
    var activeTab: Style {
        colors ? Style(foreground: .black, background: accent, bold: true) : Style(bold: true, reverse: true)
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
    var border: Style { Style(dim: true) }
    var overlayTitle: Style { colors ? Style(foreground: accent, bold: true) : Style(bold: true, underline: true) }
}
