import ArgumentParser
import Foundation
import PhotoramaKit
import PhotoramaTUI
import PhotoramaTerminal

#if canImport(Glibc)
import Glibc
#endif

struct Browse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open the full-screen browser (the default when no subcommand is given).",
        discussion: "Press ? in the browser for every key binding. Needs a terminal (TERM set, not \"dumb\")."
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "Seed for R (jump to a random photo); random when omitted.")
    var seed: UInt64?

    /// For `photorama-bench launch`: write the milliseconds from launch to the first drawn grid of photos
    /// to this file, then quit.
    @Option(name: .customLong("first-grid-report"), help: .hidden)
    var firstGridReport: String?

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let check: TerminalCheck
        switch TerminalCheck.evaluate(environment: environment, isTTY: isatty(0) == 1 && isatty(1) == 1) {
        case .success(let result): check = result
        case .failure(let failure): throw CommandFailure(failure.message, status: 1)
        }
        let app = try await AppEnvironment.make(global)
        let configuration = AppConfiguration(
            demoProviders: app.plan.demoProviders, colors: check.useColor,
            randomSeed: seed ?? UInt64.random(in: 0...UInt64.max))
        try await app.using { app in
            await Self.runUI(configuration: configuration, app: app, firstGridReport: firstGridReport)
        }
    }

    /// Runs the loop on its own thread and returns when the user has quit and the terminal is restored.
    private static func runUI(configuration: AppConfiguration, app: AppEnvironment, firstGridReport: String?) async {
        let inbox = ActionInbox()
        let runner = EffectRunner(service: app.service, log: app.log, inbox: inbox)
        let signals = SignalWatcher(signals: [SIGTERM, SIGINT, SIGHUP]) { inbox.postTerminate() }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let thread = Thread {
                // Nothing may print over the full-screen UI: stderr goes to /dev/null while it runs.
                let quietStderr = StderrSilencer()
                NCursesScreen.installEmergencyRestore()
                let screen = NCursesScreen(useColor: configuration.colors)
                BrowserLoop(
                    configuration: configuration, runner: runner, inbox: inbox, screen: screen,
                    firstGridReport: firstGridReport
                ).run()
                screen.restore()
                quietStderr.restore()
                done.resume()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        signals.stop()
    }
}
