import Foundation
import Testing

/// The config file through the real binary: `photorama config [--init]`, and a file that cannot be used
/// stopping the browser and subcommands with exit status 2 and one line.
@Suite struct ConfigFileEndToEndTests {
    struct Home {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-e2e-config-\(UUID().uuidString)").path
        var path: String { root + "/config/photorama/config.toml" }
        var environment: [String: String] {
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_CONFIG_HOME"] = root + "/config"
            environment["XDG_CACHE_HOME"] = root + "/cache"
            environment["XDG_DATA_HOME"] = root + "/data"
            environment["XDG_PICTURES_DIR"] = root + "/pictures"
            environment["PHOTORAMA_IMAGES"] = nil
            environment["TERM"] = "xterm-256color"
            return environment
        }

        func write(_ text: String, mode: Int) throws {
            try FileManager.default.createDirectory(atPath: root + "/config/photorama", withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        }
    }

    @Test func configPrintsEffectiveSettingsWithSources() async throws {
        let home = Home()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        try home.write(
            "images = \"sixel\"\npage_size = 42\nthumbnal = true\n[flickr]\napi_key = \"s3cret-file-key\"\n[keys]\nquit = \"x\"\n",
            mode: 0o600)
        var environment = home.environment
        environment["PX500_CONSUMER_KEY"] = "s3cret-env-key"
        let result = try await CommandRun.run(
            ProductBinary.photorama, ["config", "--thumbnails", "off"], environment: environment)
        #expect(result.status == 0)
        #expect(result.stderr == "photorama: warning: \(home.path): unknown setting \"thumbnal\" (did you mean \"thumbnails\"?)\n")
        let lines = result.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(lines.first == "config file: \(home.path)")
        #expect(lines.contains("flickr.api_key *** file"))
        #expect(lines.contains("500px.consumer_key *** env (PX500_CONSUMER_KEY)"))
        #expect(lines.contains("images sixel file"))
        #expect(lines.contains("thumbnails off flag (--thumbnails)"))
        #expect(lines.contains("page_size 42 file"))
        #expect(lines.contains("keys.quit x file"))
        #expect(lines.contains("tab recent default"))
        #expect(!result.stdout.contains("s3cret"))
    }

    @Test func browserAndSubcommandsRefuseAKeyFileOthersCanRead() async throws {
        let home = Home()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        try home.write("[flickr]\napi_key = \"s3cret-file-key\"\n", mode: 0o644)
        let expected = "photorama: \(home.path) holds an API key and others can read it (mode 0644): run chmod 600 \(home.path)\n"
        for arguments in [["--demo"], ["browse", "--demo"], ["recent", "--demo", "--limit", "1"], ["config"]] {
            let result = try await CommandRun.run(ProductBinary.photorama, arguments, environment: home.environment)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr == expected, "\(arguments)")
            #expect(result.stdout == "", "\(arguments)")
        }
    }

    @Test func syntaxErrorStopsACommandWithLineAndColumn() async throws {
        let home = Home()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        try home.write("page_size = 10\ntab = popular\n", mode: 0o600)
        let result = try await CommandRun.run(ProductBinary.photorama, ["recent", "--demo", "--limit", "1"], environment: home.environment)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("photorama: \(home.path): line 2, column 7: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func initWritesAPrivateTemplateOnce() async throws {
        let home = Home()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let first = try await CommandRun.run(ProductBinary.photorama, ["config", "--init"], environment: home.environment)
        #expect(first.status == 0)
        #expect(first.stdout == "Wrote \(home.path)\n")
        let mode = try FileManager.default.attributesOfItem(atPath: home.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let second = try await CommandRun.run(ProductBinary.photorama, ["config", "--init"], environment: home.environment)
        #expect(second.status == 1)
        #expect(second.stderr == "photorama: \(home.path) already exists; not replaced (remove it first to start again)\n")
        let shown = try await CommandRun.run(ProductBinary.photorama, ["config"], environment: home.environment)
        #expect(shown.status == 0)
        #expect(shown.stderr == "")
    }
}
