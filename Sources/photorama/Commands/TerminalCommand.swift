import ArgumentParser
import PhotoramaApp
import PhotoramaKit

/// `photorama terminal`: what the terminal answered about itself and what Photorama draws with there.
struct TerminalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "terminal",
        abstract: "Ask the terminal what it can show and print what was found and why.",
        discussion: """
            One line each: the terminal's name and version, the picture protocol `auto` draws with, the \
            colour depth, a cell's size in pixels, whether it runs inside tmux, and which answers arrived \
            and how long each took. The queries go to standard output, or to standard error when standard \
            output is not a terminal; keys typed meanwhile are given back.
            """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    @Option(help: ArgumentHelp("table (one line each) or json.", valueName: "format")) var format: OutputFormat = .table

    func validate() throws {
        guard format != .ids else { throw ValidationError("--format must be table or json for terminal (got \"ids\")") }
    }

    func run() async throws {
        TerminalReport.run(format: format)
    }
}
