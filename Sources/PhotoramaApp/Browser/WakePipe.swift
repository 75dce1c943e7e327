#if canImport(Glibc)
    import Glibc
#endif

/// A pipe that wakes a thread waiting in poll(2): `signal` from any thread makes `descriptor` readable
/// until `clear`. Both ends are non-blocking and closed on exec; a full pipe is still a signal.
final class WakePipe: Sendable {
    /// The read end, to poll beside the terminal.
    let descriptor: Int32
    private let writeEnd: Int32

    /// nil when no pipe can be made (out of descriptors): the waiter then only wakes at its timeout.
    init?() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        (descriptor, writeEnd) = (ends[0], ends[1])
    }

    deinit {
        close(descriptor)
        close(writeEnd)
    }

    func signal() {
        var byte: UInt8 = 1
        // EAGAIN: the pipe is full, so it is readable already.
        _ = write(writeEnd, &byte, 1)
    }

    /// Takes every pending signal out, so the next poll waits again.
    func clear() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }
}
