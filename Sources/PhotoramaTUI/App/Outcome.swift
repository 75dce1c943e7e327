/// What a feature model's handler asks of the rest of the browser when it has changed its own model: the
/// effects to run, a line for the status bar, and how a change the user made ended, for undo (`u`).
/// `AppState.apply` carries it out, so a handler never writes another feature's state.
struct Outcome {
    var effects: [Effect] = []
    var notice: Notice?
    var undo: UndoNote?

    /// A change for `u`: durable now (recorded, or reported as undone when it was an undo), or failed (an
    /// undo that failed goes back on the stack).
    enum UndoNote {
        case changed(UndoStep, token: RequestToken)
        case failed(token: RequestToken)
    }

    static let nothing = Outcome()

    static func effects(_ effects: [Effect]) -> Outcome { Outcome(effects: effects) }

    static func error(_ text: String, wholeLine: Bool = false) -> Outcome {
        Outcome(notice: Notice(text: text, isError: true, wholeLine: wholeLine))
    }
}

extension AppState {
    /// Carries out what a feature's handler asked: its notice, then its undo note (whose "Undone: …" takes
    /// the status line over the handler's own words); the effects to run.
    mutating func apply(_ outcome: Outcome) -> [Effect] {
        if let notice = outcome.notice { self.notice = notice }
        switch outcome.undo {
        case .changed(let step, let token)?:
            if let undone = undo.changed(step, token: token) {
                notice = Notice(text: "Undone: " + undone.description, isError: false, wholeLine: true)
            }
        case .failed(let token)?:
            undo.failed(token: token)
        case nil:
            break
        }
        return outcome.effects
    }
}
