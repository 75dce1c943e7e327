import PhotoramaImages
import PhotoramaScreen
import PhotoramaTUI
import Testing

@testable import PhotoramaConfig

/// `theme = "auto" | "dark" | "light"` (or `mode` in `[theme]`), `plain = true`, and their flags.
@Suite struct ThemeAndPlainSettingsTests {
    let path = "/cfg/photorama/config.toml"

    @Test func themeIsAStringOrTheModeOfTheThemeTable() throws {
        #expect(try ConfigParser.parse("theme = \"Light\"", path: path).values.themeChoice == .light)
        let table = try ConfigParser.parse("[theme]\nmode = \"dark\"\naccent = \"blue\"", path: path).values
        #expect(table.themeChoice == .dark)
        #expect(table.theme == ThemeColors(accent: .blue))
        #expect(try ConfigParser.parse("[theme]\naccent = \"blue\"", path: path).values.themeChoice == nil)
        #expect(try ConfigParser.parse("", path: path).values.themeChoice == nil)
    }

    @Test func aThemeNoChoiceNamesIsAnError() {
        #expect(throws: ConfigError("\(path): theme must be auto, dark or light (got \"solarized\")")) {
            try ConfigParser.parse("theme = \"solarized\"", path: path)
        }
        #expect(throws: ConfigError("\(path): theme.mode must be auto, dark or light (got \"dim\")")) {
            try ConfigParser.parse("[theme]\nmode = \"dim\"", path: path)
        }
        #expect(throws: ConfigError("\(path): theme must be a string or a table (got an integer)")) {
            try ConfigParser.parse("theme = 3", path: path)
        }
    }

    @Test func plainIsABoolean() throws {
        #expect(try ConfigParser.parse("plain = true", path: path).values.plain == true)
        #expect(throws: ConfigError("\(path): plain must be a boolean (got a string)")) {
            try ConfigParser.parse("plain = \"yes\"", path: path)
        }
    }

    @Test func flagsWinOverTheFileAndDefaultsAreAutoAndOff() throws {
        let file = try ConfigParser.parse("theme = \"light\"\nplain = true", path: path).values
        let fromFile = EffectiveSettings.resolve(environment: [String: String](), file: file)
        #expect(fromFile.themeChoice == Setting(.light, .file))
        #expect(fromFile.plain == Setting(true, .file))
        let flagged = EffectiveSettings.resolve(
            commandLine: CommandLineSettings(theme: .dark), environment: [String: String](), file: file)
        #expect(flagged.themeChoice == Setting(.dark, .flag("--theme")))
        let defaults = EffectiveSettings.resolve(environment: [String: String](), file: ConfigFileValues())
        #expect(defaults.themeChoice == Setting(.auto, .default))
        #expect(defaults.plain == Setting(false, .default))
        let plain = EffectiveSettings.resolve(commandLine: CommandLineSettings(plain: true), environment: [String: String](), file: .init())
        #expect(plain.plain == Setting(true, .flag("--plain")))
    }

    @Test func theTemplateStillParsesWithItsModeUncommented() throws {
        let text = ConfigTemplate.text.replacingOccurrences(of: "# mode = \"auto\"", with: "mode = \"light\"")
            .replacingOccurrences(of: "# plain = false", with: "plain = true")
        let values = try ConfigParser.parse(text, path: path).values
        #expect(values.themeChoice == .light)
        #expect(values.plain == true)
    }
}
