import Foundation
import PhotoramaFiles
import PhotoramaImages
import PhotoramaTUI
import PhotoramaText

#if canImport(Glibc)
    import Glibc
#endif

/// `photorama config --init`: a commented file showing every setting at its default, written private
/// (folder 0700, file 0600) and atomically; an existing file is never replaced.
public enum ConfigTemplate {
    public static var text: String {
        var lines = [
            "# Photorama's settings. Precedence: command line, then environment, then this file, then defaults.",
            "# `photorama config` shows what is in effect and where each value comes from.",
            "# Every line below is commented out, so every setting has its default until you remove its #.",
            "",
            "# First tab: \(ChoiceList.or(ConfigSchema.tabNames.map(\.0))).",
            "# tab = \"recent\"",
            "# How photos are drawn: \(ImageMode.choices) (as --images).",
            "# images = \"auto\"",
            "# Block symbols for pictures drawn as text: \(SymbolMode.choices) (as --symbols;",
            "# auto: sextant where the terminal draws them itself (kitty, foot, WezTerm, VTE), quadrant in alacritty and rxvt-unicode, else half).",
            "# symbols = \"auto\"",
            "# How 256- and 16-colour pictures mix palette entries: \(DitherMode.choices) (as --dither).",
            "# dither = \"diffusion\"",
            "# Thumbnail cards in the grid (default: \(EffectiveSettings.thumbnailsDefault)).",
            "# thumbnails = true",
            "# Flickr's filter: safe, moderate or restricted (500px shows NSFW photos unless safe).",
            "# safe_search = \"safe\"",
            "# Photos per page, 1-500 (default: 100, 300 or 500 by terminal size).",
            "# page_size = 100",
            "# Bound of the cache in ~/.cache/photorama: megabytes, or a string such as \"2 GB\".",
            "# cache_size = 512",
            "# Folder for downloads (default: Photorama in the pictures folder).",
            "# download_dir = \"~/Pictures/Photorama\"",
            "# Thumbnails fit in their cards with bars, or fill them cropped around the centre (F switches).",
            "# cards = \"fit\"",
            "# The first undo (u) of a Flickr favourite in a session asks to be confirmed.",
            "# confirm_flickr_changes = true",
            "# For screen readers and braille displays: the cursor on the selected card's title, no box drawing,",
            "# pictures or spinners, every change in words on the status line (as --plain).",
            "# plain = false",
            "# Seconds between photos in the viewer's slideshow (S), 1-3600 (as --interval).",
            "# slideshow_interval = 5",
            "# Your e-mail address or page in the User-Agent Wikimedia Commons and Openverse see, as their",
            "# etiquette asks (as PHOTORAMA_USER_AGENT_CONTACT).",
            "# user_agent_contact = \"you@example.org\"",
            "",
            "# A key in this file makes it secret: it must stay mode 0600. The environment",
            "# (FLICKR_API_KEY, PX500_CONSUMER_KEY) wins over it. Or key_command: a program (run",
            "# without a shell) whose first line of output is the key.",
            "[flickr]",
            "# api_key = \"…\"",
            "# key_command = [\"pass\", \"show\", \"flickr/api-key\"]",
            "# Signing in to the real Flickr (photorama login) also needs the key's shared secret",
            "# (or FLICKR_API_SECRET, or secret_command). The sign-in is kept in",
            "# $XDG_DATA_HOME/photorama (0600) unless token_command prints its line (the file's content).",
            "# api_secret = \"…\"",
            "# secret_command = [\"pass\", \"show\", \"flickr/api-secret\"]",
            "# token_command = [\"pass\", \"show\", \"flickr/sign-in\"]",
            "",
            "[500px]",
            "# consumer_key = \"…\"",
            "# key_command = [\"pass\", \"show\", \"500px/consumer-key\"]",
            "",
            "# A registered Openverse client raises its rate limits (OAuth2 client credentials; or",
            "# OPENVERSE_CLIENT_ID and OPENVERSE_CLIENT_SECRET). Without one, Openverse is used anonymously.",
            "[openverse]",
            "# client_id = \"…\"",
            "# client_secret = \"…\"",
            "# secret_command = [\"pass\", \"show\", \"openverse/client-secret\"]",
            "",
            "# Colours: black, red, green, yellow, blue, magenta, cyan, white, bright-black … bright-white,",
            "# default, or an xterm palette number 0-255 as a string (\"208\").",
            "[theme]",
            "# Colours for a dark or a light background: \(ThemeChoice.choices) (as --theme; auto asks the",
            "# terminal's background). In a file without [theme], theme=\"light\" at the top says the same.",
            "# mode = \"auto\"",
            "# accent = \"cyan\"",
            "# selection_foreground = \"bright-white\"",
            "# selection_background = \"blue\"",
            "# error = \"red\"",
            "# badge = \"yellow\"",
            "",
        ]
        let keys =
            "Any action to any key: \(KeyName.accepted). A key moved away from its action does nothing unless"
            + " another action takes it. Ctrl-C always quits. Two actions on one key are refused."
        lines += TextLayout.wrap(keys, width: 98).map { "# \($0)" }
        lines.append("[keys]")
        for action in KeyAction.allCases {
            lines.append("# \(action.rawValue) = \"\(KeyName.name(action.defaultKey))\"")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the template at `path`, creating its folder 0700. Fails with one line when a file is there.
    public static func write(to path: String) throws(ConfigError) {
        let folder = (path as NSString).deletingLastPathComponent
        if access(path, F_OK) == 0 {
            throw ConfigError("\(path) already exists; not replaced (remove it first to start again)")
        }
        if mkdir(folder, 0o700) != 0, errno != EEXIST {
            // Intermediate folders (~/.config itself) are created 0700 as well.
            do {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw ConfigError("cannot create \(folder): \(error.localizedDescription)")
            }
        }
        // Linked into place rather than renamed: fails when the file appeared meanwhile, so nothing is replaced.
        do throws(FileFailure) {
            try PrivateFile.write(Array(text.utf8), to: path, placement: .keepExisting, sync: true)
        } catch {
            if error.code == EEXIST { throw ConfigError("\(path) already exists; not replaced (remove it first to start again)") }
            throw ConfigError("cannot write \(path): \(error.reason)")
        }
    }
}
