#if canImport(Glibc)
    import Glibc
#endif

/// A file call that failed, with its errno, so callers can tell a full disk (ENOSPC) or a file that is
/// already there (EEXIST) from the rest and word their one line themselves.
public struct FileFailure: Error, Equatable, Sendable {
    public let code: Int32

    public init(code: Int32) {
        self.code = code
    }

    /// strerror's text: "No space left on device".
    public var reason: String { String(cString: strerror(code)) }
}
