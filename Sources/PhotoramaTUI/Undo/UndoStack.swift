import PhotoramaKit
import PhotoramaText

/// One change the user made that `u` takes back.
enum UndoStep: Equatable, Sendable {
    case saved(Photo)
    case unsaved(Photo)
    /// A Flickr favourite added (true) or removed.
    case favorite(Photo, added: Bool)
    /// A download started with this token.
    case download(Photo, token: RequestToken)

    var photo: Photo {
        switch self {
        case .saved(let photo), .unsaved(let photo), .favorite(let photo, _), .download(let photo, _): photo
        }
    }

    /// Changes the user's Flickr account: confirmed on the first undo of a session.
    var changesFlickr: Bool {
        if case .favorite = self { return true }
        return false
    }

    /// The change in words, for "Undone: removed ‘Tree’ from Saved".
    var description: String {
        let title = Sanitizer.singleLine(photo.title)
        let name = "‘\(title.isEmpty ? "Untitled" : title)’"
        switch self {
        case .saved: return "saved \(name)"
        case .unsaved: return "removed \(name) from Saved"
        case .favorite(_, let added): return added ? "marked \(name) as a Flickr favourite" : "unmarked \(name) as a Flickr favourite"
        case .download: return "started downloading \(name)"
        }
    }
}

/// The changes `u` can take back, newest last, and the writes under way that are undos (their success is
/// no new change to record, and their failure puts the step back).
struct UndoStack: Sendable {
    static let limit = 100

    private(set) var steps: [UndoStep] = []
    private var undoing: [RequestToken: UndoStep] = [:]
    /// The first undo of a Flickr change this session was confirmed (or the configuration does not ask).
    private(set) var flickrConfirmed = false
    /// `u` asked for confirmation; the next `u` gives it, any other key withdraws the question.
    private(set) var awaitingConfirmation = false

    var last: UndoStep? { steps.last }

    /// What `u` does now: take back `step`, or say something instead.
    enum Turn: Equatable {
        case takeBack(UndoStep)
        case tell(Notice)
    }

    /// `u`: the newest step, or "Nothing to undo", or, for the session's first Flickr change when
    /// `confirmFlickrChanges`, the question that the next `u` (named `undoKey`) answers.
    mutating func turn(confirmFlickrChanges: Bool, undoKey: String) -> Turn {
        guard let step = steps.last else { return .tell(Notice(text: "Nothing to undo", isError: false, wholeLine: true)) }
        if step.changesFlickr, confirmFlickrChanges, !flickrConfirmed {
            guard awaitingConfirmation else {
                awaitingConfirmation = true
                let text = "Undo changes your Flickr account (\(step.description)): \(undoKey) again to confirm"
                return .tell(Notice(text: text, isError: false, wholeLine: true))
            }
            flickrConfirmed = true
        }
        awaitingConfirmation = false
        return .takeBack(step)
    }

    /// Any key but `u` withdraws undo's question.
    mutating func withdrawQuestion() {
        awaitingConfirmation = false
    }

    /// A change the user made (the write for `token` succeeded), unless it was an undo: then the undo is done
    /// and returned.
    mutating func changed(_ step: UndoStep, token: RequestToken) -> UndoStep? {
        if let undone = undoing.removeValue(forKey: token) { return undone }
        steps.append(step)
        if steps.count > Self.limit { steps.removeFirst(steps.count - Self.limit) }
        return nil
    }

    /// The write for `token` failed: an undo's step goes back on the stack, to be tried again.
    mutating func failed(token: RequestToken) {
        if let step = undoing.removeValue(forKey: token) { steps.append(step) }
    }

    /// Takes the newest step off to undo it; its write (if any) has `token`.
    mutating func pop(token: RequestToken?) -> UndoStep? {
        guard let step = steps.popLast() else { return nil }
        if let token { undoing[token] = step }
        return step
    }

    /// A step that can no longer be undone (a download that has ended).
    mutating func drop() {
        _ = steps.popLast()
    }
}
