import PhotoramaTUI

/// What the browser loop tells those who watch it: the benchmarks' and the end-to-end tests' reports
/// (`BrowserInstrumentation`), and the tests themselves. An observer only looks; the one thing it may do
/// is end the loop (the launch benchmark quits at the first grid). Every call has a default that does nothing.
protocol BrowserObserver {
    /// At the top of every turn of the loop, whether or not it draws.
    mutating func turnBegan(_ state: AppState)
    /// Just before a frame is rendered and drawn.
    mutating func frameWillDraw()
    /// After a frame was drawn; `.stop` ends the loop at once, as quitting does.
    mutating func frameDrawn(_ state: AppState) -> BrowserObserverVerdict
    /// After a frame was drawn, before `frameDrawn`: how many of the pictures it wants the terminal has not
    /// taken yet (`BrowserScreen.picturesWaiting`). When they are all written, the loop draws again.
    mutating func picturesWaiting(_ count: Int)
    /// After the reducer handled `action` and its effects were started.
    mutating func handled(_ action: Action)
    /// After the input read at `time` and the inbox's actions were handled (there may have been none).
    mutating func inputHandled(_ state: AppState, readAt time: ContinuousClock.Instant)
    /// Once, when the loop has ended, before the work still running is cancelled.
    mutating func loopEnded()
}

/// Whether the loop goes on after a frame.
enum BrowserObserverVerdict: Equatable {
    case carryOn
    case stop
}

extension BrowserObserver {
    mutating func turnBegan(_ state: AppState) {}
    mutating func frameWillDraw() {}
    mutating func frameDrawn(_ state: AppState) -> BrowserObserverVerdict { .carryOn }
    mutating func picturesWaiting(_ count: Int) {}
    mutating func handled(_ action: Action) {}
    mutating func inputHandled(_ state: AppState, readAt time: ContinuousClock.Instant) {}
    mutating func loopEnded() {}
}

/// Several observers as one, told in order; after a frame, the first to say `.stop` is the last told.
struct BrowserObservers: BrowserObserver {
    var members: [any BrowserObserver]

    init(_ members: [any BrowserObserver] = []) {
        self.members = members
    }

    mutating func turnBegan(_ state: AppState) {
        for index in members.indices { members[index].turnBegan(state) }
    }

    mutating func frameWillDraw() {
        for index in members.indices { members[index].frameWillDraw() }
    }

    mutating func frameDrawn(_ state: AppState) -> BrowserObserverVerdict {
        for index in members.indices {
            if members[index].frameDrawn(state) == .stop { return .stop }
        }
        return .carryOn
    }

    mutating func picturesWaiting(_ count: Int) {
        for index in members.indices { members[index].picturesWaiting(count) }
    }

    mutating func handled(_ action: Action) {
        for index in members.indices { members[index].handled(action) }
    }

    mutating func inputHandled(_ state: AppState, readAt time: ContinuousClock.Instant) {
        for index in members.indices { members[index].inputHandled(state, readAt: time) }
    }

    mutating func loopEnded() {
        for index in members.indices { members[index].loopEnded() }
    }
}
