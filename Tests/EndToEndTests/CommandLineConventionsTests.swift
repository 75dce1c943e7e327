import Foundation
import Testing

/// Global options before or after the subcommand, negative numbers as values, help that lists the
/// global options once: the real binary, exact statuses and lines.
@Suite struct CommandLineConventionsTests {
    func run(_ arguments: [String]) async throws -> CommandResult {
        try await CommandRun.run(ProductBinary.photorama, arguments)
    }

    @Test func globalOptionsWorkBeforeAndAfterTheSubcommand() async throws {
        let before = try await run(["--demo", "recent", "--format", "ids", "--limit", "3"])
        let after = try await run(["recent", "--demo", "--format", "ids", "--limit", "3"])
        #expect(before.status == 0)
        #expect(before.stderr == "")
        #expect(before.stdout.split(separator: "\n").count == 3)
        #expect(before.stdout == after.stdout)
        // A URL option before the subcommand reaches the subcommand (here: nothing listens on port 1).
        let url = try await run(["--flickr-url", "http://127.0.0.1:1", "recent"])
        #expect(url.status == 1)
        #expect(url.stderr == "photorama: Offline: could not connect to 127.0.0.1:1\n")
        let search = try await run(["--flickr-url=http://127.0.0.1:1", "search", "--text", "x"])
        #expect(search.status == 1)
        #expect(search.stderr == "photorama: Offline: could not connect to 127.0.0.1:1\n")
        let geo = try await run(["--demo", "search", "--lat", "1", "--lon", "2", "--format", "ids"])
        #expect(geo.status == 0)
        #expect(geo.stderr == "")
    }

    @Test func negativeCoordinatesAreValues() async throws {
        for (lat, lon) in [("-33.86", "-70.65"), ("37.77", "-122.41"), ("-33.8688", "151.2093")] {
            let result = try await run(["search", "--lat", lat, "--lon", lon, "--demo", "--format", "json", "--limit", "5"])
            #expect(result.status == 0, "\(lat), \(lon): \(result.stderr)")
            #expect(result.stderr == "")
            #expect(result.stdout.hasPrefix("["))
        }
        // Sydney has demo photos: a southern and eastern search finds them.
        let sydney = try await run(["search", "--lat", "-33.8688", "--lon", "151.2093", "--demo", "--format", "ids", "--limit", "5"])
        #expect(sydney.stdout.split(separator: "\n").count == 5)
        let radius = try await run(["--demo", "search", "--lat", "1", "--lon", "2", "--radius", "-3"])
        #expect(radius.status == 2)
        #expect(radius.stderr == "photorama: Radius must be more than 0 and at most 32 km (got -3)\n")
    }

    @Test func helpListsTheGlobalOptionsOnceForTheRootAndEverySubcommand() async throws {
        let names = ["--flickr-url", "--500px-url", "--locations-url", "--demo", "--log", "--allow-insecure"]
        // (serve is the demo server itself: it takes none of the service options.)
        for command in [[], ["recent"], ["search"], ["show"], ["browse"], ["info"], ["comments"], ["locations"]] {
            let help = try await run(command + ["--help"])
            #expect(help.status == 0)
            let lines = help.stdout.split(separator: "\n")
            #expect(lines.filter { $0.hasPrefix("GLOBAL OPTIONS") }.count == 1, "\(command)")
            for name in names {
                // Listed once as an option line (the usage line may name it too).
                #expect(lines.filter { $0.hasPrefix("  \(name) ") }.count == 1, "\(command) \(name)")
            }
        }
    }

    /// `photorama --help`'s GLOBAL OPTIONS: every line of the block is indented, a wrapped description too
    /// (ArgumentParser wraps at 80 columns when the output is not a terminal and would start it at column 0).
    @Test func rootHelpsGlobalOptionsAreIndented() async throws {
        let help = try await run(["--help"])
        #expect(help.status == 0)
        let lines = help.stdout.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix("GLOBAL OPTIONS") })
        let block = lines[(start + 1)...].prefix { !$0.isEmpty }
        #expect(block.count >= 7)
        for line in block { #expect(line.hasPrefix("  "), "\(line)") }
        #expect(block.contains { $0.hasPrefix("  --offline ") })
        #expect(block.allSatisfy { $0.count <= 80 })
    }

    /// `--help` says what the program does and what the README says: GIFs in `show`, NSFW tied to
    /// safe_search in `popular`, the one wording of the thumbnails' default, the choices from their tables.
    @Test func helpTextsAgreeWithTheProgramAndTheReadme() async throws {
        func help(_ command: String) async throws -> String {
            let result = try await run([command, "--help"])
            #expect(result.status == 0)
            // ArgumentParser wraps long help lines: compare the words.
            return result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        #expect(try await help("show").contains("an image file (JPEG, PNG or GIF)."))
        #expect(try await help("show").contains("--provider <provider> flickr, 500px, commons or openverse (for a photo id)."))
        #expect(
            try await help("popular").contains("Print 500px popular photos (NSFW filtered out while safe_search is safe, the default)."))
        let browse = try await help("browse")
        #expect(browse.contains("(default: on with 24-bit colour or true pixels (kitty, sixel, iTerm2), else off); t switches."))
        #expect(browse.contains("How photos are drawn: auto, kitty, sixel, iterm2, blocks, ascii or none"))
        #expect(browse.contains("Block symbols for photos drawn as text: half, quadrant, sextant, octant or auto"))
        #expect(browse.contains("Colour depth for photos: 24bit, 256, 16 or mono"))
        #expect(try await help("search").contains("Flickr's ids 0 to 10, e.g. 1,2,4,5,9,10; for Openverse by, by-sa, cc0, commercial"))
    }
}
