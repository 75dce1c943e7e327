import Foundation
import PhotoramaLocking
import PhotoramaSpawn

#if canImport(Glibc)
    import Glibc
#endif

/// A pseudo-terminal whose master side plays a terminal: a thread reads what the program writes and, each
/// time it has seen DA1 (`ESC [ c`), writes `reply` (answers and keys as one terminal write). `slave` is
/// the program's side. A nil reply never answers.
final class FakeTerminal {
    let master: Int32
    let slave: Int32
    private let written = Locked<[UInt8]>([])
    private let reader: Thread
    /// Signalled when the reader thread has stopped reading `master`.
    private let readerDone = DispatchSemaphore(value: 0)

    /// `beforeReply`: what the terminal does with everything received before it answers (kitty reads and
    /// removes the objects the probe names).
    init(reply: [UInt8]?, beforeReply: (@Sendable ([UInt8]) -> Void)? = nil) throws {
        let pair: PseudoTerminalPair
        do { pair = try PseudoTerminalPair.open(rows: 24, columns: 80) } catch { throw Failure(error.description) }
        let master = pair.master
        self.master = master
        slave = pair.slave
        let written = self.written
        let readerDone = self.readerDone
        reader = Thread {
            defer { readerDone.signal() }
            var buffer = [UInt8](repeating: 0, count: 4096)
            var answered = 0
            while true {
                let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                guard count > 0 else { return }
                let total = written.withLock { bytes in
                    bytes += buffer[..<count]
                    return FakeTerminal.occurrences(of: Array("\u{1B}[c".utf8), in: bytes)
                }
                while answered < total, let reply {
                    answered += 1
                    beforeReply?(written.withLock { $0 })
                    _ = reply.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
                }
            }
        }
        reader.start()
    }

    /// Everything the program wrote so far.
    var received: [UInt8] { written.withLock { $0 } }

    /// What the program wrote once `count` bytes have been read on the terminal's side (or 10 s have passed):
    /// the reader thread may still be reading when the program is done writing.
    func received(count: Int) -> [UInt8] {
        let clock = ContinuousClock()
        let end = clock.now + .seconds(10)
        while received.count < count, clock.now < end { usleep(1_000) }
        return received
    }

    /// Closes both sides (the reader thread ends with the master's read failing).
    /// Closes both sides. The slave first, so the reader's read on the master fails (EIO) and the thread ends
    /// before the master's number is freed: a thread still reading it would read from whatever file another
    /// test opened next under that number (a pipe of PictureBacklogTests once lost bytes so).
    func close() {
        Glibc.close(slave)
        _ = readerDone.wait(timeout: .now() + 5)
        Glibc.close(master)
    }

    static func occurrences(of needle: [UInt8], in bytes: [UInt8]) -> Int {
        guard bytes.count >= needle.count else { return 0 }
        return (0...(bytes.count - needle.count)).filter { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }.count
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
