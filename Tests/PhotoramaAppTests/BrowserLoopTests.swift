import PhotoramaKit
import PhotoramaLocking
import PhotoramaScreen
import PhotoramaTUI
import PhotoramaTerminal
import TestProcesses
import Testing

@testable import PhotoramaApp

/// The browser loop on a scripted screen and a held transport: the opening search's answer comes
/// through the runner into a frame, keys reach the reducer in order, and an observer sees each handled
/// action and may end the loop, as the launch benchmark does.
@Suite(.ownThread) struct BrowserLoopTests {
    static func configuration() -> AppConfiguration {
        var configuration = AppConfiguration()
        configuration.initialFeed = (.search(text: "harbor"), "harbor")
        return configuration
    }

    /// Runs the loop on a thread of its own, as the program does, answering the opening search with `ids`;
    /// `steps` get the harness, to wait for what the runner has in flight as the probe report does.
    static func browse(
        steps: (RunnerHarness) -> [ScriptedScreen.Step] = { _ in [] }, stopAt: String? = nil, ids: [String]
    ) async throws -> (last: LastFeed, told: [String], frames: [[String]]) {
        let transport = HeldTransport()
        let harness = try RunnerHarness(transport: transport)
        let screen = ScriptedScreen(steps: steps(harness))
        let told = Locked<[String]>([])
        async let last = UIThread.run(stackSize: 8 << 20) {
            BrowserLoop(
                configuration: configuration(), runner: harness.runner, inbox: harness.inbox, screen: screen,
                observer: BrowserObservers([RecordingObserver(record: told, stopAt: stopAt)])
            ).run()
        }
        // The loop runs on a thread of its own, which cancellation does not reach: if the test stops waiting,
        // the screen tells the loop to quit before the error leaves (an `async let` is awaited on the way out).
        do {
            try await waitUntil("the opening search") { transport.started == ["harbor"] }
        } catch {
            screen.abandon()
            _ = await last
            throw error
        }
        if !transport.answer("harbor", ids: ids) {
            Issue.record("nobody waited for the answer to the opening search")
            screen.abandon()
        }
        let result = await last
        await harness.runner.finish()
        return (result, told.withLock { $0 }, screen.frames)
    }

    @Test func theOpeningSearchIsDrawnAndKeysAreHandledInOrder() async throws {
        // Keys once the answer and everything it posted were handled: nothing in flight, the inbox empty.
        let (last, told, frames) = try await Self.browse(
            steps: { harness in
                [
                    ScriptedScreen.Step(
                        text: "Photo 7", ready: { harness.runner.inFlight == 0 && harness.inbox.pendingCount == 0 },
                        input: [.key(.function(12)), .key(.character("q"))])
                ]
            }, ids: ["7", "8"])
        #expect(last == LastFeed(tab: .search, source: .search(text: "harbor"), query: "harbor"))
        #expect(
            told == [
                "in flight 1", "saved photos unavailable",
                "page 1 for #1: 7 8", "log 1 through 1", "in flight 0",
                "key function(12)", "key character(\"q\")", "ended",
            ])
        #expect(frames.first?.contains { $0.contains("Photo 7") } == false)
        #expect(frames.last?.contains { $0.contains("Photo 8") } == true)
    }

    @Test func anObserverCanEndTheLoopAtAFrame() async throws {
        let (last, told, frames) = try await Self.browse(stopAt: "Photo 3", ids: ["3"])
        #expect(last.tab == .search)
        #expect(told == ["in flight 1", "saved photos unavailable", "page 1 for #1: 3", "log 1 through 1", "in flight 0", "stop", "ended"])
        #expect(frames.last?.contains { $0.contains("Photo 3") } == true)
    }
}
