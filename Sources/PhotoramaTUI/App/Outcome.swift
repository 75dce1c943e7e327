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
