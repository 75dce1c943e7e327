import Foundation
import PhotoramaKit
import Testing

@testable import photorama

/// What `scripts/install.sh` takes from the binary, and the version: the real binary, exact output. The
/// custom entry point (QuickShow, global options moved behind the subcommand) must leave ArgumentParser's
/// built-in flags working.
@Suite struct VersionAndCompletionTests {
    func run(_ arguments: [String]) async throws -> CommandResult {
        try await CommandRun.run(ProductBinary.photorama, arguments)
    }

    @Test func versionPrintsTheVersionAlone() async throws {
        #expect(PhotoramaVersion.current == "0.1.0")
        for arguments in [["--version"], ["--demo", "--version"], ["recent", "--version"]] {
            let result = try await run(arguments)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.stdout == "0.1.0\n", "\(arguments)")
            #expect(result.stderr == "", "\(arguments)")
        }
    }

    @Test func shortHelpIsTheHelp() async throws {
        let short = try await run(["-h"])
        let long = try await run(["--help"])
        #expect(short.status == 0)
        #expect(short.stderr == "")
        #expect(short.stdout == long.stdout)
        let lines = short.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "OVERVIEW: A full-screen terminal photo browser for Flickr, 500px-compatible")
        #expect(lines.filter { $0 == "  --version               Show the version." }.count == 1)
    }

    struct CompletionCase: Sendable, CustomTestStringConvertible {
        var shell: String
        var firstLine: String
        /// Offers `search` with its abstract (or, for bash, among the subcommand names).
        var searchLine: String
        /// Where `recent`'s own options are completed.
        var recentLine: String
        var testDescription: String { shell }
    }

    static let completionCases = [
        CompletionCase(
            shell: "bash", firstLine: "#!/bin/bash",
            searchLine:
                "    browse|recent|search|gallery|user|popular|info|comments|locations|show|download|serve|saved|cache|config|terminal|login|whoami|logout|favorites|mine|contacts|albums|album|groups|group|explore|exif|help)",
            recentLine: "_photorama_recent() {"),
        CompletionCase(
            shell: "zsh", firstLine: "#compdef photorama",
            searchLine: "            'search:Search Flickr, Wikimedia Commons or Openverse by text, or by latitude and longitude.'",
            recentLine: "_photorama_recent() {"),
        CompletionCase(
            shell: "fish", firstLine: "function __photorama_should_offer_completions_for_flags_or_options -a expected_commands",
            searchLine: """
                complete -c 'photorama' -n '__photorama_should_offer_completions_for_positional "photorama" -eq 1' -fa 'search' \
                -d 'Search Flickr, Wikimedia Commons or Openverse by text, or by latitude and longitude.'
                """,
            recentLine: """
                complete -c 'photorama' -n '__photorama_should_offer_completions_for_flags_or_options "photorama recent" limit' \
                -l 'limit' -d 'How many photos to print; pages are fetched as needed.' -rfka ''
                """),
    ]

    @Test(arguments: completionCases)
    func completionScriptNamesTheSubcommands(_ expected: CompletionCase) async throws {
        let result = try await run(["--generate-completion-script", expected.shell])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first.map(String.init) == expected.firstLine)
        #expect(lines.filter { $0 == expected.searchLine }.count == 1)
        #expect(lines.filter { $0 == expected.recentLine }.count == 1)
    }

    /// bash is always here (fish and zsh may not be): the generated function, sourced, completes a
    /// subcommand's prefix and a subcommand's option.
    @Test func bashCompletesSubcommandsAndOptions() async throws {
        let script = try await run(["--generate-completion-script", "bash"])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-completion-\(UUID().uuidString).bash")
        try Data(script.stdout.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        func complete(_ words: [String]) async throws -> CommandResult {
            let line = words.joined(separator: " ")
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            return try await CommandRun.run(
                "/bin/bash",
                [
                    "-c",
                    """
                    source '\(file.path)'
                    COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); COMP_LINE='\(line)'; COMP_POINT=\(line.utf8.count)
                    _photorama photorama '\(words[words.count - 1])' '\(words[words.count - 2])'
                    printf '%s\\n' "${COMPREPLY[@]}"
                    """,
                ])
        }
        let subcommands = try await complete(["photorama", "se"])
        #expect(subcommands.status == 0)
        #expect(subcommands.stdout == "search\nserve\n")
        let options = try await complete(["photorama", "recent", "--li"])
        #expect(options.status == 0)
        #expect(options.stdout == "--license-column\n--limit\n")
    }
}
