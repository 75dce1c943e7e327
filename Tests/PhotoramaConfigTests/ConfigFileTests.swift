import Foundation
import PhotoramaKit
import PhotoramaTUI
import Testing

@testable import PhotoramaConfig

@Suite struct ConfigFileTests {
    @Test func pathFollowsXDGConfigHome() {
        #expect(ConfigFile.path(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/h"]) == "/x/cfg/photorama/config.toml")
        #expect(ConfigFile.path(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]) == "/h/.config/photorama/config.toml")
        #expect(ConfigFile.path(environment: ["HOME": "/h"]) == "/h/.config/photorama/config.toml")
    }

    @Test func noFileIsEveryDefault() throws {
        let home = try TemporaryConfigHome()
        defer { home.remove() }
        #expect(try ConfigFile.load(environment: home.environment) == ConfigFile(path: home.path))
    }

    @Test func aKeyReadableByOthersIsRefusedWithTheChmodFix() throws {
        let home = try TemporaryConfigHome()
        defer { home.remove() }
        try home.write("[flickr]\napi_key = \"s3cret\"\n", mode: 0o644)
        #expect(throws: ConfigError("\(home.path) holds an API key and others can read it (mode 0644): run chmod 600 \(home.path)")) {
            try ConfigFile.load(environment: home.environment)
        }
        try home.write("[flickr]\napi_key = \"s3cret\"\n", mode: 0o640)
        #expect(throws: ConfigError("\(home.path) holds an API key and others can read it (mode 0640): run chmod 600 \(home.path)")) {
            try ConfigFile.load(environment: home.environment)
        }
        try home.write("[flickr]\napi_key = \"s3cret\"\n", mode: 0o600)
        #expect(try ConfigFile.load(environment: home.environment).values.flickrKey == .literal("s3cret"))
    }

    @Test func aFileWithoutAKeyMayBeReadable() throws {
        let home = try TemporaryConfigHome()
        defer { home.remove() }
        try home.write("page_size = 42\n[flickr]\nkey_command = \"pass show flickr\"\n", mode: 0o644)
        let file = try ConfigFile.load(environment: home.environment)
        #expect(file.exists)
        #expect(file.values.pageSize == 42)
        #expect(file.values.flickrKey == .command(["pass", "show", "flickr"]))
    }

    @Test func initWritesAPrivateTemplateThatParsesBack() throws {
        let home = try TemporaryConfigHome()
        defer { home.remove() }
        try ConfigTemplate.write(to: home.path)
        let attributes = try FileManager.default.attributesOfItem(atPath: home.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: home.configHome + "/photorama")
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        #expect(try String(contentsOfFile: home.path, encoding: .utf8) == ConfigTemplate.text)
        let file = try ConfigFile.load(environment: home.environment)
        #expect(file.values == ConfigFileValues())
        #expect(file.warnings == [])
        // Every commented setting, uncommented, is known and valid (and keeps the defaults).
        let uncommented = ConfigTemplate.text.split(separator: "\n").map { line in
            line.hasPrefix("# ") && line.contains(" = ") && !line.contains("…") ? String(line.dropFirst(2)) : String(line)
        }.joined(separator: "\n")
        let parsed = try ConfigParser.parse(uncommented, path: home.path)
        #expect(parsed.warnings == [])
        #expect(parsed.values.keyBindings.count == KeyAction.allCases.count)
        #expect(try KeyMap(bindings: parsed.values.keyBindings) == .standard)
        #expect(parsed.values.cacheSize == 512 << 20)
    }

    @Test func initRefusesToReplaceAFile() throws {
        let home = try TemporaryConfigHome()
        defer { home.remove() }
        try home.write("page_size = 7\n")
        #expect(throws: ConfigError("\(home.path) already exists; not replaced (remove it first to start again)")) {
            try ConfigTemplate.write(to: home.path)
        }
        #expect(try String(contentsOfFile: home.path, encoding: .utf8) == "page_size = 7\n")
    }
}
