import PhotoramaKit
import PhotoramaScreen
import PhotoramaTUI

/// What a config file says, each nil (or empty) when the file does not say it.
public struct ConfigFileValues: Equatable, Sendable {
    public var flickrKey: CredentialSource?
    public var px500Key: CredentialSource?
    /// Flickr's shared secret for signing in (`api_secret` or `secret_command`).
    public var flickrSecret: CredentialSource?
    /// A registered Openverse client (`[openverse]` `client_id`, and `client_secret` or `secret_command`).
    public var openverseClientID: String?
    public var openverseSecret: CredentialSource?
    /// A program that prints the stored sign-in line for the real Flickr (`token_command`).
    public var flickrTokenCommand: [String]?
    public var tab: Tab?
    /// As `--images` takes it: auto, kitty, sixel, iterm2, blocks, ascii or none.
    public var images: String?
    /// As `--symbols` takes it: half, quadrant, sextant, octant or auto.
    public var symbols: String?
    /// As `--dither` takes it: none, ordered or diffusion.
    public var dither: String?
    public var thumbnails: Bool?
    public var safeSearch: SafeSearch?
    public var pageSize: Int?
    /// Bytes.
    public var cacheSize: Int?
    /// With a leading `~/` already expanded.
    public var downloadDir: String?
    /// The contact Wikimedia Commons and Openverse see in the User-Agent (`UserAgent.value(contact:)`).
    public var userAgentContact: String?
    /// Thumbnails fill their cards (`cards = "fill"`) rather than fit in them ("fit").
    public var cardsFill: Bool?
    /// The first undo of a Flickr favourite in a session asks to be confirmed (`confirm_flickr_changes`).
    public var confirmFlickrChanges: Bool?
    /// Seconds between photos in the viewer's slideshow (`S`).
    public var slideshowInterval: Int?
    public var theme = ThemeColors()
    /// `theme = "auto" | "dark" | "light"` (or `mode` in `[theme]`).
    public var themeChoice: ThemeChoice?
    /// `plain = true`: the mode for screen readers and braille displays (as `--plain`).
    public var plain: Bool?
    public var keyBindings: [KeyAction: Key] = [:]

    public init() {}

    /// Whether the file holds a key itself (not a command that prints one): then it must be private.
    public var holdsKey: Bool {
        if case .literal = flickrKey { return true }
        if case .literal = px500Key { return true }
        if case .literal = flickrSecret { return true }
        if case .literal = openverseSecret { return true }
        return false
    }
}
