import Foundation
import TestProcesses

/// A terminal emulator the tests run for real, each with a fixed font so a cell's size in pixels is known.
enum TerminalEmulator: Sendable, CustomStringConvertible {
    /// xterm as a VT340 (`-ti vt340`): sixel with 256 colour registers, and 24-bit SGR colours.
    case xterm(XtermModel)
    /// kitty on Mesa's software renderer, with no user configuration: the kitty graphics protocol.
    case kitty
    /// mlterm: sixel.
    case mlterm
    /// xfce4-terminal 1.0: VTE 0.70, the engine of GNOME Terminal, Tilix and Terminator. No pixels; draws
    /// block elements and sextants itself.
    case xfce4Terminal
    /// alacritty 0.11 on Mesa's software renderer: no pixels, block symbols from the font.
    case alacritty
    /// rxvt-unicode 9.30: 256 colours, symbols from the font, and no answer to most queries.
    case rxvtUnicode
    /// Konsole 22.12 (Qt on X): the kitty graphics protocol.
    case konsole
    /// foot 1.13 on a headless sway (Wayland): sixel.
    case foot

    enum XtermModel: String, Sendable {
        case vt340
    }

    var description: String {
        switch self {
        case .xterm(let model): "xterm -ti \(model.rawValue)"
        case .kitty: "kitty"
        case .mlterm: "mlterm"
        case .xfce4Terminal: "xfce4-terminal"
        case .alacritty: "alacritty"
        case .rxvtUnicode: "rxvt-unicode"
        case .konsole: "konsole"
        case .foot: "foot"
        }
    }

    /// The X window class `xdotool search` finds the window by (the app_id on Wayland).
    var windowClass: String {
        switch self {
        case .xterm: "xterm"
        case .kitty: "kitty"
        case .mlterm: "mlterm"
        case .xfce4Terminal: "xfce4-terminal"
        case .alacritty: "alacritty"
        case .rxvtUnicode: "urxvt"
        case .konsole: "konsole"
        case .foot: "foot"
        }
    }

    /// Whether it runs on a headless Wayland compositor rather than on Xvfb.
    var isWayland: Bool {
        if case .foot = self { return true }
        return false
    }

    /// The packages a test in this emulator needs beyond the suite's (`RealTerminalPrograms.required`).
    var packages: [TestDependency] {
        switch self {
        case .xterm, .kitty, .mlterm: []
        case .xfce4Terminal: [.xfce4Terminal]
        case .alacritty: [.alacritty]
        case .rxvtUnicode: [.rxvtUnicode]
        case .konsole: [.konsole]
        case .foot: [.foot, .sway, .grim, .wtype, .passwd]
        }
    }

    /// Where the first cell's top-left pixel is in the window, when the margin is not the same on both sides
    /// (nil: the cells are centred in the window, `CellGeometry`'s rule).
    var cellOffset: (x: Int, y: Int)? {
        // Konsole 22.12 with the hidden scroll bar and no margin: 648×408 pixels for 640×408 of cells, the
        // cells 3 pixels from the left edge (measured with a red ▀ at the first cell).
        if case .konsole = self { return (3, 0) }
        return nil
    }

    /// What starts the emulator: the program, its arguments, variables beside the harness's own.
    struct Launch {
        var program: String
        var arguments: [String]
        var environment: [String: String] = [:]
    }

    /// The command line that opens the emulator at `columns`×`rows` at the screen's top-left corner,
    /// running `script` with /bin/sh; configuration files it needs go into `folder` (the terminal's own, with
    /// `config` as XDG_CONFIG_HOME).
    func launch(columns: Int, rows: Int, script: String, folder: String) throws -> Launch {
        switch self {
        case .xterm(let model):
            // DejaVu Sans Mono 10 (fonts-dejavu-core): 8×17-pixel cells. No border, no scrollbar, white
            // on black. decTerminalID makes sixel available; 256 registers instead of the VT340's 16. Without
            // antialiasing: a smoothed ▀ lights one pixel of the cell beside it, so the screenshot of the same
            // cells depended on the order xterm drew them in (1 pixel apart after paging, the cells equal).
            return Launch(
                program: try RealTerminalPrograms.path("xterm"),
                arguments: [
                    "-ti", model.rawValue, "-fa", "DejaVu Sans Mono:antialias=false", "-fs", "10", "-b", "0", "-bw", "0", "+sb",
                    "-bg", "black", "-fg", "white", "-geometry", "\(columns)x\(rows)+0+0",
                    "-xrm", "XTerm*decTerminalID: \(model.rawValue)", "-xrm", "XTerm*numColorRegisters: 256",
                    "-xrm", "XTerm*cursorBlink: false", "-e", "/bin/sh", script,
                ])
        case .kitty:
            // --config NONE: no user file; DejaVu Sans Mono 10 gives 8×17-pixel cells.
            return Launch(
                program: try RealTerminalPrograms.path("kitty"),
                arguments: [
                    "--config", "NONE", "-o", "font_family=DejaVu Sans Mono", "-o", "font_size=10",
                    "-o", "window_padding_width=0", "-o", "remember_window_size=no",
                    "-o", "initial_window_width=\(columns)c", "-o", "initial_window_height=\(rows)c",
                    "-o", "placement_strategy=top-left", "-o", "cursor_blink_interval=0", "-o", "enable_audio_bell=no",
                    "-o", "update_check_interval=0", "-o", "hide_window_decorations=yes", "-o", "background=#000000",
                    "-o", "foreground=#ffffff", "/bin/sh", script,
                ],
                environment: ["LIBGL_ALWAYS_SOFTWARE": "1", "KITTY_CONFIG_DIRECTORY": folder + "/config"])
        case .mlterm:
            // DejaVu Sans Mono at 14 pixels: 8×16-pixel cells inside a 2-pixel margin.
            return Launch(
                program: try RealTerminalPrograms.path("mlterm"),
                arguments: [
                    "--sb=false", "--logmsg=false", "--restart=false", "-g", "\(columns)x\(rows)+0+0", "-w", "14",
                    "--deffont=DejaVu Sans Mono", "-b", "black", "-f", "white", "-e", "/bin/sh", script,
                ])
        case .xfce4Terminal:
            // --disable-server: a process of its own, not a window of a running one (none runs without a D-Bus
            // session, which it does not need). DejaVu Sans Mono 10: 8×17-pixel cells inside VTE's 1-pixel
            // padding. NO_AT_BRIDGE: GTK would start the accessibility bus.
            return Launch(
                program: try RealTerminalPrograms.path("xfce4-terminal"),
                arguments: [
                    "--disable-server", "--geometry=\(columns)x\(rows)+0+0", "--hide-menubar", "--hide-toolbar", "--hide-scrollbar",
                    "--hide-borders", "--font=DejaVu Sans Mono 10", "--color-bg=#000000", "--color-text=#ffffff", "-x", "/bin/sh", script,
                ],
                environment: ["NO_AT_BRIDGE": "1"])
        case .alacritty:
            // No configuration file; DejaVu Sans Mono 10: 8×17-pixel cells, no padding; OpenGL in software.
            let options = [
                "font.normal.family=\"DejaVu Sans Mono\"", "font.size=10", "window.dimensions.columns=\(columns)",
                "window.dimensions.lines=\(rows)", "window.padding.x=0", "window.padding.y=0", "window.decorations=none",
                "colors.primary.background=\"#000000\"", "colors.primary.foreground=\"#ffffff\"", "cursor.style.blinking=Never",
            ]
            return Launch(
                program: try RealTerminalPrograms.path("alacritty"),
                arguments: ["--config-file", "/dev/null"] + options.flatMap { ["-o", $0] } + ["-e", "/bin/sh", script],
                environment: ["LIBGL_ALWAYS_SOFTWARE": "1"])
        case .rxvtUnicode:
            // DejaVu Sans Mono at 14 pixels without antialiasing (as xterm): 9×17-pixel cells, no border.
            return Launch(
                program: try RealTerminalPrograms.path("urxvt"),
                arguments: [
                    "-fn", "xft:DejaVu Sans Mono:pixelsize=14:antialias=false", "-geometry", "\(columns)x\(rows)+0+0", "-b", "0", "-w", "0",
                    "-bg", "black", "-fg", "white", "+sb", "-e", "/bin/sh", script,
                ])
        case .konsole:
            try KonsoleSettings.write(into: folder + "/config")
            // --nofork: its own process, not a window of a running Konsole. The built-in profile changed on
            // the command line: DejaVu Sans Mono 10 (8×17-pixel cells), no margin, no scroll bar, white on black,
            // and no "Size: 80 x 24" hint over the cells for a second after the window is sized.
            return Launch(
                program: try RealTerminalPrograms.path("konsole"),
                arguments: [
                    "--nofork", "--hide-menubar", "--hide-tabbar",
                    "-p", "Font=DejaVu Sans Mono,10,-1,5,50,0,0,0,0,0", "-p", "TerminalColumns=\(columns)", "-p", "TerminalRows=\(rows)",
                    "-p", "TerminalMargin=0", "-p", "ScrollBarPosition=2", "-p", "ColorScheme=WhiteOnBlack",
                    "-p", "ShowTerminalSizeHint=false",
                    "-e", "/bin/sh", script,
                ],
                environment: ["QT_QPA_PLATFORM": "xcb"])
        case .foot:
            // DejaVu Sans Mono 10 at 96 dpi: 8×17-pixel cells, no padding, no decorations (the compositor
            // floats it at the output's top-left corner).
            let config = folder + "/config/foot.ini"
            let text = [
                "font=DejaVu Sans Mono:size=10", "dpi-aware=no", "pad=0x0", "initial-window-size-chars=\(columns)x\(rows)",
                "[colors]", "background=000000", "foreground=ffffff", "[cursor]", "blink=no", "[csd]", "preferred=none",
            ]
            try (text.joined(separator: "\n") + "\n").write(toFile: config, atomically: true, encoding: .utf8)
            return Launch(program: try RealTerminalPrograms.path("foot"), arguments: ["-c", config, "/bin/sh", script])
        }
    }
}

/// Konsole's settings file (konsolerc): no menu bar, no status bar, and its window state with both tool
/// bars hidden. Konsole keeps tool bar visibility only in Qt's saved window state, so the state is the one
/// it saved after its tool bars were hidden (the byte after each tool bar's name is 0).
enum KonsoleSettings {
    static let windowState =
        "AAAA/wAAAAD9AAAAAQAAAAAAAAAAAAAAAPwCAAAAAvsAAAAiAFEAdQBpAGMAawBDAG8AbQBtAGEAbgBkAHMARABvAGMAawAAAAAA/////wAAATcA////"
        + "+wAAABwAUwBTAEgATQBhAG4AYQBnAGUAcgBEAG8AYwBrAAAAAAD/////AAAA5gD///8AAAKIAAABmAAAAAQAAAAEAAAACAAAAAj8AAAAAQAAAAIAAAAC"
        + "AAAAFgBtAGEAaQBuAFQAbwBvAGwAQgBhAHIAAAAAAP////8AAAAAAAAAAAAAABwAcwBlAHMAcwBpAG8AbgBUAG8AbwBsAGIAYQByAAAAAKD/////AAAA"
        + "AAAAAAA="

    static func write(into folder: String) throws {
        let text = [
            "[KonsoleWindow]", "RememberWindowSize=false", "", "[MainWindow]", "MenuBar=Disabled", "StatusBar=Disabled",
            "State=\(windowState)",
        ]
        try (text.joined(separator: "\n") + "\n").write(toFile: folder + "/konsolerc", atomically: true, encoding: .utf8)
    }
}
