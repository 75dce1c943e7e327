import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import PhotoramaTUI
import Testing

@testable import PhotoramaConfig

@Suite struct ConfigParserTests {
    let path = "/cfg/photorama/config.toml"

    // MARK: - Reading settings
    @Test func readsEverySetting() throws {
        let text = """
            tab = "popular"
            images = "Sixel"
            thumbnails = false
            safe_search = "moderate"
            page_size = 250
            cache_size = "2 GB"
            download_dir = "/srv/pictures"

            [flickr]
            api_key = " abc123 "

            [500px]
            key_command = ["pass", "show", "500px"]

            [theme]
            accent = "magenta"
            selection_background = "208"

            [keys]
            quit = "x"
            refresh = "ctrl-f"
            """
        let result = try ConfigParser.parse(text, path: path)
        var expected = ConfigFileValues()
        expected.tab = .popular
        expected.images = "sixel"
        expected.thumbnails = false
        expected.safeSearch = .moderate
        expected.pageSize = 250
        expected.cacheSize = 2 << 30
        expected.downloadDir = "/srv/pictures"
        expected.flickrKey = .literal("abc123")
        expected.px500Key = .command(["pass", "show", "500px"])
        expected.theme = ThemeColors(accent: .magenta, selectionBackground: .indexed(208))
        expected.keyBindings = [.quit: .character("x"), .refresh: .ctrl("f")]
        #expect(result.values == expected)
        #expect(result.warnings == [])
        #expect(result.values.holdsKey)
    }

    @Test func cacheSizeIsMegabytesOrAStringWithAUnit() throws {
        #expect(try ConfigParser.parse("cache_size = 512", path: path).values.cacheSize == 536_870_912)
        #expect(try ConfigParser.parse("cache_size = \"800MB\"", path: path).values.cacheSize == 838_860_800)
        #expect(throws: ConfigError("\(path): cache_size must be a size between 1 MB and 1 TB such as \"512 MB\" (got \"lots\")")) {
            try ConfigParser.parse("cache_size = \"lots\"", path: path)
        }
    }

    // MARK: - Syntax errors and fuzzing finds
    /// After the place comes toml++'s own description; the newline ending the open string is column 15.
    @Test func syntaxErrorNamesLineAndColumn() {
        let text = "tab = \"recent\"\npage_size = 100\nimages = \"auto\n"
        #expect(
            throws: ConfigError(
                "\(path): line 3, column 15: Error while parsing string: unescaped control characters other than TAB (U+0009) are explicitly prohibited"
            )
        ) {
            try ConfigParser.parse(text, path: path)
        }
    }

    /// Found by fuzzing: toml++ asserted (and aborted the program) on a table name starting with "{".
    @Test func aTableNameNoKeyCanStartWithIsAnErrorNotACrash() {
        for (text, line, column) in [
            ("[{heme]\naccent = \"cyan\"\n", 1, 2), ("tab = \"popular\"\n\n[[ %x]]\n", 3, 4), ("  [ @keys]\n", 1, 5),
        ] {
            #expect(
                throws: ConfigError(
                    "\(path): line \(line), column \(column): a table name must start with a letter, a digit, _, - or a quote")
            ) {
                try ConfigParser.parse(text, path: path)
            }
        }
    }

    /// Found by fuzzing (second variant): a `[` with nothing after it on its line made toml++ assert in
    /// the same place, reading the line break as the table name's first character.
    @Test func aTableHeaderCutShortByItsLineIsAnErrorNotACrash() {
        for (text, line, column) in [("#\"servertaab hu\n[\n\n\"\"t", 2, 2), ("[[  \naccent = 1\n", 1, 5), ("tab = \"saved\"\n[", 2, 2)] {
            #expect(
                throws: ConfigError(
                    "\(path): line \(line), column \(column): a table name must start with a letter, a digit, _, - or a quote")
            ) {
                try ConfigParser.parse(text, path: path)
            }
        }
    }

    /// Found by fuzzing (fourth variant): after a byte order mark, which toml++ skips, the checks above
    /// did not see the header at all, and `[$` made toml++ assert in parse_key. Columns count characters
    /// after the mark, as editors show them.
    @Test func aBadTableNameAfterAByteOrderMarkIsAnErrorNotACrash() {
        for (text, line, column) in [("\u{FEFF}[$\n':0\n", 1, 2), ("\u{FEFF}[\n", 1, 2), ("\u{FEFF}  [ {x]\n", 1, 5)] {
            #expect(
                throws: ConfigError(
                    "\(path): line \(line), column \(column): a table name must start with a letter, a digit, _, - or a quote")
            ) {
                try ConfigParser.parse(text, path: path)
            }
        }
        #expect(TableHeaderCheck.firstBadHeader(in: "\u{FEFF}[theme]\naccent = \"cyan\"\n") == nil)
    }

    /// Found by fuzzing (fifth variant): with CRLF line ends the checks read "\r\n[" as one line (Swift
    /// counts "\r\n" as one character), and a `[` ending its line made toml++ assert in parse_key.
    @Test func aTableHeaderCutShortInACRLFFileIsAnErrorNotACrash() {
        for (text, line, column) in [("\r\n[\n", 2, 2), ("tab = \"saved\"\r\n[\r\n", 2, 2), ("\r\n [ $x]\r\n", 2, 4)] {
            #expect(
                throws: ConfigError(
                    "\(path): line \(line), column \(column): a table name must start with a letter, a digit, _, - or a quote")
            ) {
                try ConfigParser.parse(text, path: path)
            }
        }
        #expect(TableHeaderCheck.firstBadHeader(in: "tab = \"saved\"\r\n[theme]\r\naccent = \"cyan\"\r\n") == nil)
    }

    /// Found by fuzzing (the one-line property): a value with a line break made a two-line error.
    @Test func valuesInErrorsAreEscapedToOneLine() {
        #expect(
            throws: ConfigError(
                "\(path): theme.accent must be a colour name (black, red, … bright-white, default) or 0–255 (got \"cy\\n\\u{202E}\\u{1B}\\\"\")"
            )
        ) {
            try ConfigParser.parse("[theme]\naccent = \"cy\\n\\u202E\\u001B\\\"\"\n", path: path)
        }
        let parsed = try? ConfigParser.parse("\"x\\ty\" = 2\n", path: path)
        #expect(
            parsed?.warnings.first?.hasPrefix("\(path): unknown setting \"x\\ty\" (did you mean") == true,
            "\(String(describing: parsed?.warnings))")
    }

    /// Found by fuzzing (third variant): a `}` where an array's next value belongs made toml++ assert in
    /// parse_value. Braces inside strings, comments and inline tables are left alone.
    @Test func aBraceWhereAnArrayValueBelongsIsAnErrorNotACrash() throws {
        for (text, line, column) in [
            ("[flickr]\nkey_command = [}pass\", \"flickr\"]\n", 2, 16), ("a = [1,}]\n", 1, 8), ("a = [[}]]\n", 1, 7),
            ("a = {b=[}]}\n", 1, 9), ("x = [\n  1,\n  # }\n  }\n]\n", 4, 3),
        ] {
            #expect(throws: ConfigError("\(path): line \(line), column \(column): expected a value in the array, saw '}'")) {
                try ConfigParser.parse(text, path: path)
            }
        }
        for text in [
            "[flickr]\nkey_command = [\"pass\", \"}\"]\n", "[theme]\naccent = \"}\" # }\n", "a = [{b = 1}, {c = [2]}]\n", "a = ['''}''']\n",
        ] {
            #expect(ArrayValueCheck.firstMisplacedBrace(in: text) == nil, "\(text)")
        }
    }

    /// Found by fuzzing: the parser's message quoted a line break and the error took two lines.
    @Test func anErrorQuotingALineBreakStaysOneLine() {
        #expect(throws: ConfigError(#"\#(path): line 1, column 15: Error while parsing boolean: expected 'true', saw 't\n'"#)) {
            try ConfigParser.parse("thumbnails = t\npage_size = 100\n", path: path)
        }
    }

    @Test func aNestedArrayLineIsNotTakenForAHeader() throws {
        // Not a header: the previous line opens an array. The schema then refuses the value's type.
        #expect(TableHeaderCheck.firstBadHeader(in: "[flickr]\nkey_command = [\n  [{a = 1}],\n  ['x']\n]\n") == nil)
        #expect(TableHeaderCheck.firstBadHeader(in: "[\"quoted table\"]\n['single']\n[ spaced ]\n[[array.of]]\n") == nil)
    }

    @Test func syntaxErrorInTheMiddleOfALine() {
        #expect(
            throws: ConfigError("\(path): line 2, column 12: Error while parsing key-value pair: expected a comment or whitespace, saw '='")
        ) {
            try ConfigParser.parse("[keys]\nquit = \"x\" =\n", path: path)
        }
    }

    // MARK: - Unknown settings and invalid values
    @Test func unknownSettingIsAWarningNamingTheNearestKnownOne() throws {
        let text = """
            thumbnail = true
            page_size = 50

            [flickr]
            apikey = "k"

            [keys]
            qiut = "x"

            [flikr]
            api_key = "k"
            """
        let result = try ConfigParser.parse(text, path: path)
        #expect(result.values.pageSize == 50)
        #expect(
            result.warnings == [
                "\(path): unknown setting \"flickr.apikey\" (did you mean \"flickr.api_key\"?)",
                "\(path): unknown setting \"flikr\" (did you mean \"flickr\"?)",
                "\(path): unknown setting \"keys.qiut\" (did you mean \"keys.quit\"?)",
                "\(path): unknown setting \"thumbnail\" (did you mean \"thumbnails\"?)",
            ])
    }

    @Test func wrongTypeNamesTheExpectedType() {
        #expect(throws: ConfigError("\(path): page_size must be an integer (got a string)")) {
            try ConfigParser.parse("page_size = \"100\"", path: path)
        }
        #expect(throws: ConfigError("\(path): thumbnails must be a boolean (got a string)")) {
            try ConfigParser.parse("thumbnails = \"on\"", path: path)
        }
        #expect(throws: ConfigError("\(path): flickr.api_key must be a string (got an integer)")) {
            try ConfigParser.parse("[flickr]\napi_key = 42", path: path)
        }
        #expect(throws: ConfigError("\(path): keys must be a table (got a string)")) {
            try ConfigParser.parse("keys = \"x\"", path: path)
        }
        #expect(throws: ConfigError("\(path): 500px.key_command must be a string or an array of strings (got an integer)")) {
            try ConfigParser.parse("[500px]\nkey_command = [\"pass\", 3]", path: path)
        }
    }

    @Test func invalidValuesNameWhatIsAccepted() {
        #expect(throws: ConfigError("\(path): images must be auto, kitty, sixel, iterm2, blocks, ascii or none (got \"halfblocks\")")) {
            try ConfigParser.parse("images = \"halfblocks\"", path: path)
        }
        #expect(throws: ConfigError("\(path): page_size must be between 1 and 500 (got 0)")) {
            try ConfigParser.parse("page_size = 0", path: path)
        }
        #expect(throws: ConfigError("\(path): tab must be recent, popular, search, locations, saved, explore or favourites (got \"home\")"))
        {
            try ConfigParser.parse("tab = \"home\"", path: path)
        }
        #expect(throws: ConfigError("\(path): cards must be fit or fill (got \"crop\")")) {
            try ConfigParser.parse("cards = \"crop\"", path: path)
        }
        #expect(throws: ConfigError("\(path): slideshow_interval must be between 1 and 3600 (seconds) (got 0)")) {
            try ConfigParser.parse("slideshow_interval = 0", path: path)
        }
    }

    @Test func dither() throws {
        #expect(try ConfigParser.parse("dither = \"Ordered\"", path: path).values.dither == "ordered")
        #expect(throws: ConfigError("\(path): dither must be none, ordered or diffusion (got \"floyd\")")) {
            try ConfigParser.parse("dither = \"floyd\"", path: path)
        }
        let settings = EffectiveSettings.resolve(
            commandLine: CommandLineSettings(dither: "none"), environment: [String: String](),
            file: try ConfigParser.parse("dither = \"ordered\"", path: path).values)
        #expect(try settings.ditherMode() == DitherMode.none)
        #expect(settings.dither.source == .flag("--dither"))
        let invalid = EffectiveSettings.resolve(
            commandLine: CommandLineSettings(dither: "x"), environment: [String: String](), file: .init())
        #expect(throws: SettingError("--dither must be none, ordered or diffusion (got \"x\")")) { try invalid.ditherMode() }
    }

    @Test func cardsAndSlideshowInterval() throws {
        let values = try ConfigParser.parse("cards = \"Fill\"\nslideshow_interval = 12", path: path).values
        #expect(values.cardsFill == true)
        #expect(values.slideshowInterval == 12)
        #expect(try ConfigParser.parse("cards = \"fit\"", path: path).values.cardsFill == false)
    }

    // MARK: - Key bindings and secrets
    @Test func keyConflictIsOneLineNamingBothActions() {
        #expect(throws: ConfigError("\(path): keys: quit and comments are both bound to \"c\"")) {
            try ConfigParser.parse("[keys]\nquit = \"c\"", path: path)
        }
        #expect(
            throws: ConfigError(
                "\(path): keys.help: \"hyper-x\" is not a key (a character, ctrl-a…ctrl-z, f1…f12, up, down, left, right, shift-up, shift-down, pgup, pgdn, home, end, enter, esc, backspace, insert, delete, tab, backtab, space)"
            )
        ) {
            try ConfigParser.parse("[keys]\nhelp = \"hyper-x\"", path: path)
        }
    }

    @Test func errorsNeverShowTheKey() {
        do {
            _ = try ConfigParser.parse("[flickr]\napi_key = \"s3cret-key\"\nkey_command = 7", path: path)
            Issue.record("no error")
        } catch {
            #expect(!error.message.contains("s3cret"))
        }
        #expect(CredentialSource.literal("s3cret").description == "***")
    }
}
