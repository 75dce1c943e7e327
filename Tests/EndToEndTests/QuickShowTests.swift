import DemoServer
import Foundation
import PhotoramaApp
import PhotoramaTUI
import SeededRandom
import Testing

@testable import photorama

/// `show FILE` read without ArgumentParser (`QuickShow`): every line it takes, ArgumentParser reads as the
/// same job; the lines it leaves (ids, URLs, global options, help, values ArgumentParser refuses) go there;
/// and the real binary draws the same bytes and honours the config file on both paths.
@Suite struct QuickShowTests {
    /// A folder with one JPEG, removed by the caller.
    struct Folder {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-quick-show-\(UUID().uuidString)").path
        var photo: String { root + "/photo.jpg" }

        init() throws {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try Data(SampleImage.jpeg(width: 320, height: 240)).write(to: URL(fileURLWithPath: photo))
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    /// The job ArgumentParser makes of a command line, as `PhotoramaMain` parses it; nil when it refuses it.
    func parsedJob(_ arguments: [String]) -> ShowJob? {
        let names = Set(Photorama.configuration.subcommands.map { $0._commandName })
        guard let command = try? Photorama.parseAsRoot(GlobalArguments.reorder(arguments, subcommands: names)) else { return nil }
        return (command as? Show)?.job
    }

    @Test func theLinesItTakesAreReadAsArgumentParserReadsThem() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let file = folder.photo
        let lines: [([String], ShowJob)] = [
            (["show", file], ShowJob(photo: file, provider: .flickr)),
            (["show", file, "--size", "80x40"], ShowJob(photo: file, size: "80x40", provider: .flickr)),
            (["show", "--size=80X40", file, "--colors", "256"], ShowJob(photo: file, size: "80X40", colors: "256", provider: .flickr)),
            (
                ["show", file, "--images", "BLOCKS", "--colors", "Mono"],
                ShowJob(photo: file, images: "BLOCKS", colors: "Mono", provider: .flickr)
            ),
            (["show", file, "--images=sixel", "--size", "10x5"], ShowJob(photo: file, size: "10x5", images: "sixel", provider: .flickr)),
            (["show", file, "--symbols", "Sextant"], ShowJob(photo: file, symbols: "Sextant", provider: .flickr)),
            (["show", file, "--images", "iterm2"], ShowJob(photo: file, images: "iterm2", provider: .flickr)),
            (["show", "--provider", "500px", file, "--images", "ascii"], ShowJob(photo: file, images: "ascii", provider: .fiveHundredPx)),
            (
                ["show", folder.root + "/./photo.jpg", "--images", "auto"],
                ShowJob(photo: folder.root + "/./photo.jpg", images: "auto", provider: .flickr)
            ),
        ]
        for (line, job) in lines {
            #expect(QuickShow.job(line) == job, "\(line)")
            #expect(parsedJob(line) == job, "\(line)")
        }
    }

    @Test func everythingElseIsLeftToArgumentParser() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let file = folder.photo
        let lines: [[String]] = [
            ["show"], ["recent"], ["show", "-h"], ["show", file, "--help"],
            ["show", file, "--demo"], ["--demo", "show", file], ["show", file, "--offline"], ["show", file, "--log", "/tmp/x"],
            ["show", "12345"], ["show", "https://example.com/photo.jpg"], ["show", folder.root + "/missing.jpg"], ["show", folder.root],
            ["show", ""], ["show", file, file], ["show", file, "--", "x"], ["show", file, "--size"], ["show", file, "--unknown", "1"],
            ["show", file, "--size", "0x5"], ["show", file, "--size", "80by40"], ["show", file, "--size", "-3x4"],
            ["show", file, "--size="],
            ["show", file, "--size", "80x40", "--size", "10x5"], ["show", file, "--images", "none"], ["show", file, "--images", "pixels"],
            ["show", file, "--colors", "true"], ["show", file, "--provider", "Flickr"], ["show", file, "--images", "--colors"],
            ["show", file, "--symbols", "braille"], ["show", file, "--symbols", "half", "--symbols", "octant"],
        ]
        for line in lines {
            #expect(QuickShow.job(line) == nil, "\(line)")
        }
    }

    /// Seeded random lines from the same words: whatever `QuickShow` takes, ArgumentParser reads the same.
    @Test func randomLinesAgreeWithArgumentParser() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let words = [
            folder.root, "123", "--size", "--size=20x10", "20x10", "0x0", "--images", "--images=ascii", "blocks", "kitty",
            "none", "--colors", "--colors=16", "24bit", "mono", "--provider", "500px", "flickr", "--demo", "--help", "--", "-x",
            "--size=", "x",
        ]
        var generator = SeededGenerator(seed: 2026_11_25)
        var taken = 0
        for _ in 0..<1_000 {
            // The file once, somewhere among up to five other words.
            var line = (0..<Int.random(in: 0...5, using: &generator)).map { _ in words[Int.random(in: 0..<words.count, using: &generator)] }
            line.insert(folder.photo, at: Int.random(in: 0...line.count, using: &generator))
            line.insert("show", at: 0)
            guard let job = QuickShow.job(line) else { continue }
            taken += 1
            #expect(parsedJob(line) == job, "\(line)")
        }
        // Enough lines are taken for the comparison to mean something (the count is fixed by the seed).
        #expect(taken == 195)
    }

    @Test func bothPathsDrawTheSameBytes() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        let quick = try await CommandRun.run(ProductBinary.photorama, ["show", folder.photo, "--size", "30x12", "--colors", "24bit"])
        // `--offline` is a global option: the same drawing through ArgumentParser.
        let parsed = try await CommandRun.run(
            ProductBinary.photorama, ["show", folder.photo, "--size", "30x12", "--colors", "24bit", "--offline"])
        #expect(quick.status == 0)
        #expect(parsed.status == 0)
        #expect(quick.stderr == "")
        #expect(quick.stdout.split(separator: "\n").count == 11)
        #expect(quick.stdout == parsed.stdout)
    }

    @Test func theConfigFileStillCounts() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        let config = folder.root + "/config/photorama/config.toml"
        try FileManager.default.createDirectory(atPath: folder.root + "/config/photorama", withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = folder.root + "/config"
        environment["PHOTORAMA_IMAGES"] = nil
        try Data("images = \"ascii\"\n".utf8).write(to: URL(fileURLWithPath: config))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: config)
        let ascii = try await CommandRun.run(ProductBinary.photorama, ["show", folder.photo, "--size", "20x10"], environment: environment)
        let asciiParsed = try await CommandRun.run(
            ProductBinary.photorama, ["show", folder.photo, "--size", "20x10", "--offline"], environment: environment)
        #expect(ascii.status == 0)
        #expect(ascii.stdout.split(separator: "\n").count == 8)
        #expect(!ascii.stdout.contains("▀"))
        #expect(!ascii.stdout.contains("38;"))
        #expect(ascii.stdout == asciiParsed.stdout)
        try Data("images = 3\n".utf8).write(to: URL(fileURLWithPath: config))
        let broken = try await CommandRun.run(ProductBinary.photorama, ["show", folder.photo, "--size", "20x10"], environment: environment)
        #expect(broken.status == 2)
        #expect(broken.stdout == "")
        #expect(broken.stderr.hasPrefix("photorama: \(config)"))
        #expect(broken.stderr.split(separator: "\n").count == 1)
    }
}
