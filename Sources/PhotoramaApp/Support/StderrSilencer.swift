#if canImport(Glibc)
    import Glibc
#endif

/// Points file descriptor 2 at /dev/null until `restore()`, so no library can print over the
/// full-screen UI; the original stderr comes back for the final message.
final class StderrSilencer {
    private var saved: Int32

    init() {
        saved = dup(2)
        let null = open("/dev/null", O_WRONLY)
        if null >= 0 {
            dup2(null, 2)
            close(null)
        }
    }

    func restore() {
        guard saved >= 0 else { return }
        dup2(saved, 2)
        close(saved)
        saved = -1
    }

    deinit { restore() }
}
