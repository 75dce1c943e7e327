import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import PhotoramaTUI

// MARK: - Sources and settings
/// Where a setting's value came from, in precedence order: command line, environment, file, default.
public enum SettingSource: Equatable, Sendable {
    case flag(String)
    case environment(String)
    case file
    case `default`

    public var label: String {
        switch self {
        case .flag(let name): "flag (\(name))"
        case .environment(let name): "env (\(name))"
        case .file: "file"
        case .default: "default"
        }
    }
}

public struct Setting<Value: Equatable & Sendable>: Equatable, Sendable {
    public var value: Value
    public var source: SettingSource

    public init(_ value: Value, _ source: SettingSource) {
        self.value = value
        self.source = source
    }

    /// The first of flag, environment and file that is set, else the default.
    static func pick(
        flag: (Value, String)? = nil, environment: (Value, String)? = nil, file: Value? = nil, default fallback: Value
    ) -> Setting {
        if let flag { return Setting(flag.0, .flag(flag.1)) }
        if let environment { return Setting(environment.0, .environment(environment.1)) }
        if let file { return Setting(file, .file) }
        return Setting(fallback, .default)
    }
}

/// Values given on the command line, for the settings that have options.
public struct CommandLineSettings: Equatable, Sendable {
    public var images: String?
    /// `--symbols`.
    public var symbols: String?
    /// `--dither`.
    public var dither: String?
    /// `--thumbnails on|off`.
    public var thumbnails: Bool?
    /// `--download-dir` (browser) or `--dir` (download), with the option's name.
    public var downloadDir: (path: String, option: String)?
    /// `--interval SECONDS` (the slideshow).
    public var interval: Int?
    /// `--theme auto|dark|light`.
    public var theme: ThemeChoice?
    /// `--plain` (nil when not given: the file decides).
    public var plain: Bool?

    public init(
        images: String? = nil, symbols: String? = nil, thumbnails: Bool? = nil, downloadDir: (path: String, option: String)? = nil,
        interval: Int? = nil, dither: String? = nil, theme: ThemeChoice? = nil, plain: Bool? = nil
    ) {
        self.theme = theme
        self.plain = plain
        self.images = images
        self.symbols = symbols
        self.dither = dither
        self.thumbnails = thumbnails
        self.downloadDir = downloadDir
        self.interval = interval
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.images == rhs.images && lhs.symbols == rhs.symbols && lhs.dither == rhs.dither && lhs.thumbnails == rhs.thumbnails
            && lhs.interval == rhs.interval && lhs.theme == rhs.theme && lhs.plain == rhs.plain
            && lhs.downloadDir?.path == rhs.downloadDir?.path
            && lhs.downloadDir?.option == rhs.downloadDir?.option
    }
}

// MARK: - Effective settings
/// Every setting after precedence: command line, then environment, then the config file, then defaults.
/// Keys are never options (arguments are visible in the process list).
public struct EffectiveSettings: Equatable, Sendable {
    public static let flickrKeyVariable = "FLICKR_API_KEY"
    public static let px500KeyVariable = "PX500_CONSUMER_KEY"
    public static let flickrSecretVariable = "FLICKR_API_SECRET"
    public static let imagesVariable = "PHOTORAMA_IMAGES"
    public static let symbolsVariable = "PHOTORAMA_SYMBOLS"
    public static let userAgentContactVariable = "PHOTORAMA_USER_AGENT_CONTACT"
    public static let openverseClientIDVariable = "OPENVERSE_CLIENT_ID"
    public static let openverseSecretVariable = "OPENVERSE_CLIENT_SECRET"

    public var flickrKey: Setting<CredentialSource?>
    public var px500Key: Setting<CredentialSource?>
    /// Flickr's shared secret, for signing in to the real Flickr.
    public var flickrSecret: Setting<CredentialSource?>
    /// Where the real Flickr's sign-in comes from: a program (`token_command`), or nil: the data folder.
    public var flickrToken: Setting<CredentialSource?>
    /// A registered Openverse client: its id, and its secret (never shown).
    public var openverseClientID: Setting<String?>
    public var openverseSecret: Setting<CredentialSource?>
    public var tab: Setting<Tab>
    public var images: Setting<String>
    /// Block symbols for pictures drawn as text (`SymbolMode`).
    public var symbols: Setting<String>
    /// How 256- and 16-colour pictures mix palette entries (`DitherMode`).
    public var dither: Setting<String>
    /// nil: on when pictures look good (`thumbnailsDefault`).
    public var thumbnails: Setting<Bool?>
    /// The one wording of the thumbnails' default, for `--help`, `config`, the template and the README.
    public static let thumbnailsDefault = "on with 24-bit colour or true pixels (kitty, sixel, iTerm2), else off"
    public var safeSearch: Setting<SafeSearch>
    /// nil: sized for the terminal (the browser) or 100 (commands).
    public var pageSize: Setting<Int?>
    /// Bytes.
    public var cacheSize: Setting<Int>
    /// nil: the pictures folder's Photorama.
    public var downloadDir: Setting<String?>
    /// The User-Agent's contact for Commons and Openverse; nil: `UserAgent.defaultContact`.
    public var userAgentContact: Setting<String?>
    /// Seconds between photos in the slideshow.
    public var slideshowInterval: Setting<Int>
    /// Thumbnails fill their cards.
    public var cardsFill: Setting<Bool>
    /// The first undo of a Flickr change in a session is confirmed.
    public var confirmFlickrChanges: Setting<Bool>
    public var theme: Setting<ThemeColors>
    /// Follow the terminal's background, or a fixed theme.
    public var themeChoice: Setting<ThemeChoice>
    /// The mode for screen readers and braille displays.
    public var plain: Setting<Bool>
    public var keyBindings: Setting<[KeyAction: Key]>

    public static func resolve(
        commandLine: CommandLineSettings = CommandLineSettings(), environment: some EnvironmentVariables,
        file: ConfigFileValues
    ) -> EffectiveSettings {
        func variable(_ name: String) -> String? {
            guard let raw = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !raw.isEmpty else { return nil }
            return raw
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func expand(_ path: String) -> String {
            path == "~" ? home : path.hasPrefix("~/") ? home + path.dropFirst() : path
        }
        let keyBindings = file.keyBindings
        return EffectiveSettings(
            flickrKey: .pick(
                environment: variable(flickrKeyVariable).map { (CredentialSource?.some(.literal($0)), flickrKeyVariable) },
                file: file.flickrKey.map { Optional($0) }, default: nil),
            px500Key: .pick(
                environment: variable(px500KeyVariable).map { (CredentialSource?.some(.literal($0)), px500KeyVariable) },
                file: file.px500Key.map { Optional($0) }, default: nil),
            flickrSecret: .pick(
                environment: variable(flickrSecretVariable).map { (CredentialSource?.some(.literal($0)), flickrSecretVariable) },
                file: file.flickrSecret.map { Optional($0) }, default: nil),
            flickrToken: .pick(file: file.flickrTokenCommand.map { CredentialSource?.some(.command($0)) }, default: nil),
            openverseClientID: .pick(
                environment: variable(openverseClientIDVariable).map { (Optional($0), openverseClientIDVariable) },
                file: file.openverseClientID.map { Optional($0) }, default: nil),
            openverseSecret: .pick(
                environment: variable(openverseSecretVariable).map { (CredentialSource?.some(.literal($0)), openverseSecretVariable) },
                file: file.openverseSecret.map { Optional($0) }, default: nil),
            tab: .pick(file: file.tab, default: .recent),
            images: .pick(
                flag: commandLine.images.map { (ImageMode.normalized($0), "--images") },
                environment: variable(imagesVariable).map { (ImageMode.normalized($0), imagesVariable) },
                file: file.images, default: "auto"),
            symbols: .pick(
                flag: commandLine.symbols.map { (ImageMode.normalized($0), "--symbols") },
                environment: variable(symbolsVariable).map { (ImageMode.normalized($0), symbolsVariable) },
                file: file.symbols, default: "auto"),
            dither: .pick(
                flag: commandLine.dither.map { (ImageMode.normalized($0), "--dither") }, file: file.dither,
                default: DitherMode.diffusion.rawValue),
            thumbnails: .pick(
                flag: commandLine.thumbnails.map { (Optional($0), "--thumbnails") },
                file: file.thumbnails.map { Optional($0) }, default: nil),
            safeSearch: .pick(file: file.safeSearch, default: .safe),
            pageSize: .pick(file: file.pageSize.map { Optional($0) }, default: nil),
            cacheSize: .pick(file: file.cacheSize, default: ConfigSchema.defaultCacheSize),
            downloadDir: .pick(
                flag: commandLine.downloadDir.map { (Optional($0.path), $0.option) },
                file: file.downloadDir.map { Optional(expand($0)) }, default: nil),
            userAgentContact: .pick(
                environment: variable(userAgentContactVariable).map { (Optional($0), userAgentContactVariable) },
                file: file.userAgentContact.map { Optional($0) }, default: nil),
            slideshowInterval: .pick(
                flag: commandLine.interval.map { ($0, "--interval") }, file: file.slideshowInterval,
                default: SlideshowInterval.defaultSeconds),
            cardsFill: .pick(file: file.cardsFill, default: false),
            confirmFlickrChanges: .pick(file: file.confirmFlickrChanges, default: true),
            theme: .pick(file: file.theme == ThemeColors() ? nil : file.theme, default: ThemeColors()),
            themeChoice: .pick(flag: commandLine.theme.map { ($0, "--theme") }, file: file.themeChoice, default: .auto),
            plain: .pick(flag: commandLine.plain.map { ($0, "--plain") }, file: file.plain, default: false),
            keyBindings: .pick(file: keyBindings.isEmpty ? nil : keyBindings, default: [:]))
    }

    /// The image mode every command draws with; a value no mode has names its source, as in
    /// `PHOTORAMA_IMAGES must be auto, kitty, sixel, iterm2, blocks, ascii or none (got "kity")`.
    public func imageMode() throws(SettingError) -> ImageMode {
        guard let mode = ImageMode(setting: images.value) else {
            let name =
                switch images.source {
                case .flag(let name), .environment(let name): name
                case .file, .default: "images"
                }
            throw SettingError("\(name) must be \(ImageMode.choices) (got \"\(images.value)\")")
        }
        return mode
    }

    /// The block symbols pictures drawn as text use; a value no mode has names its source, as `imageMode`.
    public func symbolMode() throws(SettingError) -> SymbolMode {
        guard let mode = SymbolMode(setting: symbols.value) else {
            let name =
                switch symbols.source {
                case .flag(let name), .environment(let name): name
                case .file, .default: "symbols"
                }
            throw SettingError("\(name) must be \(SymbolMode.choices) (got \"\(symbols.value)\")")
        }
        return mode
    }

    /// How palettes are dithered; a value no mode has names its source, as `imageMode`.
    public func ditherMode() throws(SettingError) -> DitherMode {
        guard let mode = DitherMode(setting: dither.value) else {
            let name =
                switch dither.source {
                case .flag(let name), .environment(let name): name
                case .file, .default: "dither"
                }
            throw SettingError("\(name) must be \(DitherMode.choices) (got \"\(dither.value)\")")
        }
        return mode
    }

    /// The key bindings as the browser uses them; the file's bindings were checked when it was read.
    public var keyMap: KeyMap {
        (try? KeyMap(bindings: keyBindings.value)) ?? .standard
    }

    // MARK: - Report
    /// `photorama config`: the file's path, then one line per setting (name, value, source). Keys are `***`.
    public func report(file: ConfigFile) -> String {
        var rows: [(String, String, String)] = []
        func add<V: Equatable & Sendable>(_ name: String, _ setting: Setting<V>, _ show: (V) -> String) {
            rows.append((name, show(setting.value), setting.source.label))
        }
        add("flickr.api_key", flickrKey) { $0?.description ?? "(none: demo server)" }
        add("500px.consumer_key", px500Key) { $0?.description ?? "(none: demo server)" }
        add("flickr.api_secret", flickrSecret) { $0?.description ?? "(none: sign in to the demo server only)" }
        add("flickr.token_command", flickrToken) { $0?.description ?? "(none: photorama login's file in the data folder)" }
        add("openverse.client_id", openverseClientID) { $0 ?? "(none: anonymous)" }
        add("openverse.client_secret", openverseSecret) { $0?.description ?? "(none)" }
        add("tab", tab) { $0.title.lowercased() }
        add("images", images) { value in
            switch ImageMode(setting: value) {
            case nil: "\"\(value)\" (invalid: \(ImageMode.choices))"
            case .auto: "auto (asks the terminal: photorama terminal)"
            default: value
            }
        }
        add("symbols", symbols) { value in
            SymbolMode(setting: value) == nil ? "\"\(value)\" (invalid: \(SymbolMode.choices))" : value
        }
        add("dither", dither) { value in
            DitherMode(setting: value) == nil ? "\"\(value)\" (invalid: \(DitherMode.choices))" : value
        }
        add("thumbnails", thumbnails) { $0.map { $0 ? "on" : "off" } ?? "auto (\(Self.thumbnailsDefault))" }
        add("safe_search", safeSearch) { $0.rawValue }
        add("page_size", pageSize) { $0.map(String.init) ?? "auto (100, 300 or 500 by terminal size)" }
        add("cache_size", cacheSize) { Self.describeSize($0) }
        add("download_dir", downloadDir) { $0 ?? "(pictures folder)/Photorama" }
        add("user_agent_contact", userAgentContact) { $0 ?? "(none: \(UserAgent.defaultContact))" }
        add("slideshow_interval", slideshowInterval) { "\($0) s" }
        add("cards", cardsFill) { $0 ? "fill" : "fit" }
        add("confirm_flickr_changes", confirmFlickrChanges) { $0 ? "true" : "false" }
        add("theme", themeChoice) { $0 == .auto ? "auto (asks the terminal's background)" : $0.rawValue }
        add("plain", plain) { $0 ? "true" : "false" }
        let theme = self.theme.value
        for (name, color, fallback) in [
            ("accent", theme.accent, "cyan"), ("selection_foreground", theme.selectionForeground, "bright-white"),
            ("selection_background", theme.selectionBackground, "blue"), ("error", theme.error, "red"),
            ("badge", theme.badge, "yellow"),
        ] {
            rows.append(("theme.\(name)", color.map(ThemeColors.name) ?? fallback, color == nil ? "default" : "file"))
        }
        for action in KeyAction.allCases {
            let bound = keyBindings.value[action]
            rows.append(("keys.\(action.rawValue)", KeyName.name(bound ?? action.defaultKey), bound == nil ? "default" : "file"))
        }
        let nameWidth = rows.map { $0.0.count }.max() ?? 0
        let valueWidth = rows.map { $0.1.count }.max() ?? 0
        var lines = ["config file: \(file.path)\(file.exists ? "" : " (not found: every setting has its default)")"]
        for (name, value, source) in rows {
            lines.append(
                name.padding(toLength: nameWidth + 2, withPad: " ", startingAt: 0)
                    + value.padding(toLength: valueWidth + 2, withPad: " ", startingAt: 0) + source)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func describeSize(_ bytes: Int) -> String {
        if bytes % (1 << 30) == 0 { return "\(bytes >> 30) GB" }
        if bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
        return "\(bytes >> 10) KB"
    }
}

/// A setting's value that no command can run with: the message names the setting's source.
public struct SettingError: Error, Equatable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
