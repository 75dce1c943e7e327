/// The styles of every part of the screen, in colour or monochrome (NO_COLOR, or a terminal without
/// colours), where the selection is reverse video and emphasis is bold.
struct Theme {
    let colors: Bool

    var plain: Style { .plain }
    var dim: Style { Style(dim: true) }
    var bold: Style { Style(bold: true) }
    var tab: Style { .plain }
    var activeTab: Style {
        colors ? Style(foreground: .black, background: .cyan, bold: true) : Style(bold: true, reverse: true)
    }
    var headerInfo: Style { colors ? Style(foreground: .cyan) : Style(dim: true) }
    var demoBadge: Style { colors ? Style(foreground: .yellow, bold: true) : Style(bold: true) }
    var selected: Style { colors ? Style(foreground: .brightWhite, background: .blue) : Style(reverse: true) }
    var selectedTitle: Style {
        colors ? Style(foreground: .brightWhite, background: .blue, bold: true) : Style(bold: true, reverse: true)
    }
    var cardTitle: Style { bold }
    var error: Style { colors ? Style(foreground: .red, bold: true) : Style(bold: true) }
    var label: Style { colors ? Style(foreground: .cyan) : Style(bold: true) }
    var spinner: Style { colors ? Style(foreground: .yellow) : .plain }
    var cursor: Style { Style(reverse: true) }
    var border: Style { Style(dim: true) }
    var overlayTitle: Style { colors ? Style(foreground: .cyan, bold: true) : Style(bold: true, underline: true) }
}
