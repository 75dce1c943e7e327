import PhotoramaKit
import PhotoramaTUI
import Testing

@testable import PhotoramaConfig

/// Command line, then environment, then the file, then defaults.
@Suite struct PrecedenceTests {
    var file: ConfigFileValues {
        var values = ConfigFileValues()
        values.images = "sixel"
        values.thumbnails = false
        values.downloadDir = "~/Photos"
        values.flickrKey = .literal("file-key")
        values.px500Key = .command(["pass", "show", "px"])
        values.pageSize = 50
        return values
    }

    @Test(
        arguments: [
            // (flag, env, file?) → value, source
            ("kitty", "blocks", true, "kitty", SettingSource.flag("--images")),
            (nil, "blocks", true, "blocks", .environment("PHOTORAMA_IMAGES")),
            (nil, nil, true, "sixel", .file),
            (nil, nil, false, "auto", .default),
        ] as [(String?, String?, Bool, String, SettingSource)])
    func images(flag: String?, environment: String?, useFile: Bool, value: String, source: SettingSource) {
        let settings = EffectiveSettings.resolve(
            commandLine: CommandLineSettings(images: flag),
            environment: environment.map { ["PHOTORAMA_IMAGES": $0] } ?? [:],
            file: useFile ? file : ConfigFileValues())
        #expect(settings.images == Setting(value, source))
    }

    @Test func keysComeFromTheEnvironmentBeforeTheFile() {
        let environment = ["FLICKR_API_KEY": " env-key ", "PX500_CONSUMER_KEY": ""]
        let settings = EffectiveSettings.resolve(environment: environment, file: file)
        #expect(settings.flickrKey == Setting(.literal("env-key"), .environment("FLICKR_API_KEY")))
        #expect(settings.px500Key == Setting(.command(["pass", "show", "px"]), .file))
        let none = EffectiveSettings.resolve(environment: [:], file: ConfigFileValues())
        #expect(none.flickrKey == Setting(nil, .default))
    }

    @Test func thumbnailsDownloadFolderAndFileOnlySettings() {
        let flagged = EffectiveSettings.resolve(
            commandLine: CommandLineSettings(thumbnails: true, downloadDir: ("/tmp/d", "--dir")),
            environment: ["HOME": "/home/u"], file: file)
        #expect(flagged.thumbnails == Setting(true, .flag("--thumbnails")))
        #expect(flagged.downloadDir == Setting("/tmp/d", .flag("--dir")))
        let fromFile = EffectiveSettings.resolve(environment: ["HOME": "/home/u"], file: file)
        #expect(fromFile.thumbnails == Setting(false, .file))
        #expect(fromFile.downloadDir == Setting("/home/u/Photos", .file))
        #expect(fromFile.pageSize == Setting(50, .file))
        let defaults = EffectiveSettings.resolve(environment: [:], file: ConfigFileValues())
        #expect(defaults.thumbnails == Setting(nil, .default))
        #expect(defaults.downloadDir == Setting(nil, .default))
        #expect(defaults.pageSize == Setting(nil, .default))
        #expect(defaults.cacheSize == Setting(536_870_912, .default))
        #expect(defaults.safeSearch == Setting(.safe, .default))
        #expect(defaults.tab == Setting(.recent, .default))
        #expect(defaults.keyMap == .standard)
    }

    @Test func reportShowsSourcesAndHidesKeys() {
        let settings = EffectiveSettings.resolve(
            commandLine: CommandLineSettings(images: "kitty"), environment: ["FLICKR_API_KEY": "env-s3cret"], file: file)
        let report = settings.report(file: ConfigFile(path: "/c/config.toml", exists: true, values: file))
        let lines = report.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(lines.first == "config file: /c/config.toml")
        #expect(lines.contains("flickr.api_key *** env (FLICKR_API_KEY)"))
        #expect(lines.contains("500px.consumer_key *** (from key_command pass show px) file"))
        #expect(lines.contains("images kitty flag (--images)"))
        #expect(lines.contains("thumbnails off file"))
        #expect(lines.contains("cache_size 512 MB default"))
        #expect(lines.contains("keys.quit q default"))
        #expect(!report.contains("s3cret"))
        #expect(!report.contains("file-key"))
    }
}
