import PhotoramaImages
import PhotoramaKit
import PhotoramaLocking
import PhotoramaScreen
import PhotoramaTUI
import TestProcesses
import Testing

@testable import PhotoramaApp

/// The runner between the reducer's effects and the network: each load's answer comes back as actions in
/// a fixed order (answer, its request log, the new count in flight), a cancelled load's answer never
/// comes back, and the counts reach the inbox in the order they changed, however loads interleave.
@Suite(.ownThread) struct EffectRunnerTests {
    static func search(_ text: String, token: Int) -> Effect {
        .loadPage(.search(text: text), page: 1, token: RequestToken(value: token))
    }

    @Test func theSavedPhotosStoreIsOpenedByTheFirstStoreWorkNotBefore() async throws {
        let opened = Locked(0)
        let saved = SavedStoreOpening {
            opened.withLock { $0 += 1 }
            return .failure(.failed("no store here"))
        }
        let harness = try RunnerHarness(transport: HeldTransport(), saved: saved)
        #expect(opened.withLock { $0 } == 0)
        #expect(harness.runner.run([.loadSaved(firstPage: 100, token: RequestToken(value: 1))]) == false)
        let taken = try await harness.drain(until: "the saved photos' answer") { $0.contains("saved photos unavailable") }
        #expect(taken == ["saved photos unavailable"])
        #expect(opened.withLock { $0 } == 1)
        // Known now: the next store work is told at once, without opening again.
        #expect(harness.runner.run([.loadSaved(firstPage: 100, token: RequestToken(value: 2))]) == false)
        #expect(harness.drained() == ["saved photos unavailable"])
        await harness.runner.finish()
        #expect(opened.withLock { $0 } == 1)
    }

    @Test func answersArriveInTheOrderTheLoadsEndEachWithItsLogAndCount() async throws {
        let transport = HeldTransport()
        let harness = try RunnerHarness(transport: transport)
        #expect(harness.runner.run([Self.search("cats", token: 1), Self.search("dogs", token: 2)]) == false)
        #expect(harness.drained() == ["in flight 1", "in flight 2"])
        try await waitUntil("both requests") { Set(transport.started) == ["cats", "dogs"] }

        #expect(transport.answer("dogs", ids: ["21", "22"]))
        let dogs = try await harness.drain(until: "the dogs answer") { $0.contains("in flight 1") }
        #expect(dogs == ["page 1 for #2: 21 22", "log 1 through 1", "in flight 1"])

        #expect(transport.answer("cats", ids: ["11"]))
        let cats = try await harness.drain(until: "the cats answer") { $0.contains("in flight 0") }
        #expect(cats == ["page 1 for #1: 11", "log 1 through 2", "in flight 0"])
        #expect(harness.runner.inFlight == 0)
        #expect(transport.cancelled == [])
        await harness.runner.finish()
        #expect(harness.drained() == [])
    }

    @Test func aCancelledLoadNeverReportsItsAnswerEvenWhenTheServerSendsIt() async throws {
        let transport = HeldTransport()
        let harness = try RunnerHarness(transport: transport)
        _ = harness.runner.run([Self.search("cats", token: 1)])
        try await waitUntil("the request") { transport.started == ["cats"] }
        #expect(harness.runner.run([.cancel(RequestToken(value: 1))]) == false)
        #expect(transport.cancelled == ["cats"])
        #expect(harness.runner.inFlight == 0)
        #expect(harness.drained() == ["in flight 1", "in flight 0"])

        // The server answers anyway; the task ends, reporting its request and the count, not the page.
        #expect(transport.answer("cats", ids: ["11"]))
        await harness.runner.finish()
        #expect(harness.drained() == ["log 1 through 1", "in flight 0"])
    }

    @Test func aNewSearchCancelsTheOneInFlightAndOnlyItsAnswerReachesTheState() async throws {
        let transport = HeldTransport()
        let harness = try RunnerHarness(transport: transport)
        var state = AppState(configuration: AppConfiguration(), size: CellSize(columns: 80, rows: 24))
        _ = reduce(&state, .key(.character("/")))
        var effects = "cats".flatMap { reduce(&state, .key(.character($0))) } + reduce(&state, .key(.enter))
        let cats = RequestToken(value: 2)
        #expect(effects == [.loadPage(.search(text: "cats"), page: 1, token: cats)])
        _ = harness.runner.run(effects)
        try await waitUntil("the cats request") { transport.started == ["cats"] }

        _ = reduce(&state, .key(.character("/"))) + reduce(&state, .key(.ctrl("u")))
        effects = "dogs".flatMap { reduce(&state, .key(.character($0))) } + reduce(&state, .key(.enter))
        let dogs = RequestToken(value: 3)
        #expect(effects == [.cancel(cats), .loadPage(.search(text: "dogs"), page: 1, token: dogs)])
        _ = harness.runner.run(effects)
        try await waitUntil("the dogs request") { transport.started == ["cats", "dogs"] }
        #expect(transport.cancelled == ["cats"])

        #expect(harness.drained() == ["in flight 1", "in flight 0", "in flight 1"])

        // The superseded search's answer comes in first; only the new one's is posted. (Each load's end
        // posts the count; which ends first is the scheduler's choice, so only the last count is stated.)
        #expect(transport.answer("cats", ids: ["11"]))
        #expect(transport.answer("dogs", ids: ["21"]))
        var items: [ActionInbox.Item] = []
        try await waitUntil("both loads to end") {
            items += harness.inbox.drain()
            return items.map(RunnerHarness.describe).filter { $0.hasPrefix("in flight") }.count == 2
        }
        let lines = items.map(RunnerHarness.describe)
        #expect(lines.filter { $0.hasPrefix("page") } == ["page 1 for #3: 21"])
        #expect(lines.last == "in flight 0")
        await harness.runner.finish()
        #expect(harness.drained() == [])
        for case .action(let action) in items { _ = reduce(&state, action) }
        #expect(state.feeds[.search].source == .search(text: "dogs"))
        #expect(state.feeds[.search].photos.map(\.id) == ["21"])
    }

    /// Loads that end at once, all together: each is registered before its task can end (else its answer
    /// would be taken for a cancelled load's and dropped), and answer, log and count are posted under the
    /// lock that removes the load, so the counts fall by one at a time, each after its load's answer.
    @Test func concurrentLoadsPostEveryAnswerBeforeTheCountThatDropsIt() async throws {
        // 200 loads of several hops each: on the pool, they waited behind the whole suite's tests for up
        // to 44 s; on the test's own thread (`.ownThread`, the harness's default) they take milliseconds.
        let harness = try RunnerHarness(transport: InstantTransport())
        let loads = 200
        _ = harness.runner.run((1...loads).map { Self.search("q\($0)", token: $0) })
        let lines = try await harness.drain(until: "every answer") {
            $0.filter { $0.hasPrefix("page") }.count == loads && $0.last == "in flight 0"
        }
        await harness.runner.finish()

        let pages = lines.filter { $0.hasPrefix("page") }
        #expect(pages.count == loads)
        #expect(Set(pages) == Set((1...loads).map { "page 1 for #\($0): q\($0)" }))
        // While loads start and end, the count moves by one at a time, ending at 0.
        let counts = lines.compactMap { $0.hasPrefix("in flight ") ? Int($0.dropFirst("in flight ".count)) : nil }
        #expect(counts.first == 1)
        #expect(counts.last == 0)
        #expect(zip(counts, counts.dropFirst()).allSatisfy { abs($0 - $1) == 1 })
        // Every fall is preceded by its answer: between two counts there is one answer and at most one log.
        var answersSinceCount = 0
        var previous = 0
        var falls = 0
        for line in lines {
            if line.hasPrefix("page") { answersSinceCount += 1 }
            guard let count = line.hasPrefix("in flight ") ? Int(line.dropFirst("in flight ".count)) : nil else { continue }
            if count < previous {
                falls += 1
                #expect(answersSinceCount == 1, "the fall to \(count) came with \(answersSinceCount) answers")
            }
            answersSinceCount = 0
            previous = count
        }
        #expect(falls == loads)
        // The request log: each report starts at or before the end of those before it (reports may
        // overlap, the state keeps the newest), so no entry falls between two, and all reach the inbox.
        let reports = lines.filter { $0.hasPrefix("log ") }.map { $0.split(separator: " ") }
        var through = 0
        for report in reports {
            let (count, last) = (Int(report[1]) ?? -1, Int(report[3]) ?? -1)
            #expect(count > 0 && last - count <= through, "report \(report) after \(through)")
            through = max(through, last)
        }
        #expect(through == loads)
    }
}
