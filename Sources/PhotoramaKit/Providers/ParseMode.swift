/// How a list parser treats an entry it cannot read.
public enum ParseMode: Sendable, Equatable {
    /// Skip the entry; fail only when every entry of a non-empty page fails. What the app uses.
    case tolerant
    /// Fail on the first bad entry, naming it. For tests that must notice a format change.
    case strict
}
