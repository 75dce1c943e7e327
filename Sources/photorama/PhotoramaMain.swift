import ArgumentParser
import CMalloc
import Foundation
import Logging
import PhotoramaApp
import PhotoramaConfig
import PhotoramaImages
import PhotoramaKit
import PhotoramaTerminal
import PhotoramaText

/// Entry point. Wraps ArgumentParser so that exit statuses follow our rules: invalid arguments exit 2
/// with a one-line message, runtime failures exit 1 with a one-line message, never a stack trace.
@main
enum PhotoramaMain {
    // MARK: - Main
    static func main() async {
        _ = LaunchClock.start
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let job = QuickShow.job(arguments) {
            // One thread and a few large buffers: taken from the heap, a buffer reuses the pages of those
            // freed before it instead of mapping (and faulting in) fresh ones, as the threshold below would
            // have each one do.
            _ = photorama_set_mmap_threshold(Self.quickShowMmapThreshold)
            bootstrapLogging(logs: false)
            let file = loadConfigFile(initialize: false)
            // On this thread, before any task starts: see `ShowJob.runFile`.
            do {
                try job.runFile(config: file.values)
            } catch {
                fail(error)
            }
            return
        }
        // At most 2 malloc arenas: freed memory stays in the arena it came from, so fewer, denser heaps keep
        // the soak's resident memory lower and give `MemoryTrimmer` more back (docs/PERFORMANCE.md). The
        // browser allocates too little for the arenas' locks to matter.
        _ = photorama_limit_malloc_arenas(Self.mallocArenas)
        // Frames, pages and picture buffers of 32 KB or more get pages of their own, given back when freed
        // (glibc would raise the threshold after each large free and leave holes between the cache's entries):
        // keeps the soak's resident memory flat (docs/PERFORMANCE.md).
        _ = photorama_set_mmap_threshold(Self.mmapThreshold)
        let command: any ParsableCommand
        do {
            let names = Set(Photorama.configuration.subcommands.map { $0._commandName })
            command = try Photorama.parseAsRoot(GlobalArguments.reorder(arguments, subcommands: names))
        } catch {
            exitForParseError(error)
        }
        bootstrapLogging(logs: command is Serve)
        let initialize = (command as? Config)?.initialize ?? false
        let file = loadConfigFile(initialize: initialize)
        // TERMINFO may be set for the browser's screen: only here, before any thread starts.
        let terminal = command is Browse && isatty(0) == 1 && isatty(1) == 1 ? NCursesScreen.prepareTerminal() : nil
        // The command moves into the task-local scope and is used there only.
        let parsed = ParsedCommand(command: command)
        await run(configFile: file, terminal: terminal) { try await parsed.run() }
    }

    /// Libraries must not print over the full-screen UI or into data on stdout; only `serve` logs.
    private static func bootstrapLogging(logs: Bool) {
        LoggingSystem.bootstrap { label in
            guard logs else { return SwiftLogNoOpLogHandler() }
            return ConsoleLogHandler(label: label)
        }
    }

    // MARK: - Running a command
    /// Runs a command with the config file in scope, turning what it throws into one line and an exit status.
    private static func run(
        configFile file: ConfigFile, terminal: ScrollFreeTerminal.Prepared?, _ body: @Sendable () async throws -> Void
    ) async {
        do {
            try await ConfigContext.$file.withValue(file) {
                try await TerminalContext.$prepared.withValue(terminal) {
                    try await body()
                }
            }
        } catch {
            fail(error)
        }
    }

    /// What a command threw, as one line and an exit status.
    private static func fail(_ error: any Error) -> Never {
        switch error {
        case let error as PhotoramaError:
            fail(error.message, status: error.isInvalidInput ? 2 : 1, silent: error == .cancelled)
        case let error as CommandFailure:
            fail(error.message, status: error.status)
        case let error as ExitCode:
            exit(error.rawValue)
        default:
            if Photorama.exitCode(for: error) == .validationFailure {
                fail(Photorama.message(for: error), status: 2)
            }
            if Photorama.exitCode(for: error) == .success { Photorama.exit(withError: error) }
            fail(Photorama.message(for: error), status: 1)
        }
    }

    static let mallocArenas: Int32 = 2
    static let mmapThreshold: Int32 = 32 << 10
    /// glibc's largest.
    static let quickShowMmapThreshold: Int32 = 32 << 20

    // MARK: - Config file
    /// The config file, read before any command runs: a file that cannot be used stops every command with
    /// exit status 2 and one line; unknown settings are warnings. `config --init` does not read it (it only
    /// writes where no file is).
    private static func loadConfigFile(initialize: Bool) -> ConfigFile {
        let environment = ProcessEnvironment()
        if initialize {
            return ConfigFile(path: ConfigFile.path(environment: environment))
        }
        do {
            let file = try ConfigFile.load(environment: environment)
            for warning in file.warnings {
                Console.errorLine("photorama: warning: \(warning)")
            }
            return file
        } catch {
            fail(error.message, status: 2)
        }
    }

    // MARK: - Exit
    private static func exitForParseError(_ error: any Error) -> Never {
        // --help, --version and the like are "errors" that exit successfully and print their text.
        if Photorama.exitCode(for: error) == .success { Photorama.exit(withError: error) }
        let message = Photorama.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments"
        fail("\(message) (see 'photorama --help')", status: 2)
    }

    static func fail(_ message: String, status: Int32, silent: Bool = false) -> Never {
        if !silent {
            Console.errorLine("photorama: \(message)")
        }
        exit(status)
    }
}

// MARK: - Support
extension PhotoramaError {
    var isInvalidInput: Bool {
        if case .invalidInput = self { return true }
        return false
    }
}

/// The parsed command, handed to the config file's task-local scope. Unchecked: ArgumentParser's commands
/// are not Sendable, but this one is run once, by the one task that parsed it, and never shared.
private struct ParsedCommand: @unchecked Sendable {
    let command: any ParsableCommand

    func run() async throws {
        if var asyncCommand = command as? any AsyncParsableCommand {
            try await asyncCommand.run()
        } else {
            var syncCommand = command
            try syncCommand.run()
        }
    }
}
