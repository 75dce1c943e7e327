import Dispatch
import Foundation
import ScreenCapture

/// Ctrl-C, SIGTERM or SIGHUP while a benchmark runs. Its tmux servers (each with a photorama under test)
/// are daemons of their own: killed without this, the soak left its tmux server and browser running.
/// Every benchmark names its sockets with `socket(_:unique:)`, which marks this process's id, so the
/// handler finds them in tmux's socket folder and stops them.
enum BenchInterrupt {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// "photorama-PURPOSE-pPID", and a random number after it when one benchmark starts several servers.
    /// The "p" keeps the id apart from the random numbers, which may equal another benchmark's id.
    static func socket(_ purpose: String, unique: Bool = false, pid: Int32 = getpid()) -> String {
        "photorama-\(purpose)-p\(pid)" + (unique ? "-\(UInt32.random(in: 0...UInt32.max))" : "")
    }

    /// The tmux sockets among `names` that the benchmark with process id `pid` started, sorted.
    static func sockets(in names: [String], startedBy pid: Int32) -> [String] {
        let id = Substring("p\(pid)")
        return names.filter { $0.hasPrefix("photorama-") && $0.split(separator: "-").contains(id) }.sorted()
    }

    /// Starts handling the signals; keep the returned sources for as long as they should be handled.
    static func install() -> [any DispatchSourceSignal] {
        signals.map { number in
            // The default action would end the process before the source sees the signal.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stopServersAndExit(signal: number) }
            source.resume()
            return source
        }
    }

    /// Held by whoever is ending the process: the handler takes it before stopping the servers, so the
    /// benchmark, which sees its server gone and ends with its verdict, waits instead of exiting first.
    private static let ending = NSLock()

    /// Ends the process with `code`, after writing `message` to stderr, unless the handler is already
    /// ending it (then this waits, and the handler's line and status are the process's).
    static func exit(_ code: Int32, saying message: String? = nil) -> Never {
        ending.lock()
        if let message { FileHandle.standardError.write(Data(message.utf8)) }
        Foundation.exit(code)
    }

    private static func stopServersAndExit(signal number: Int32) -> Never {
        ending.lock()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: TmuxSocketFolder.path)) ?? []
        let mine = sockets(in: names, startedBy: getpid())
        // No wait for the programs: the interrupted benchmark would see its server gone and exit first.
        for socket in mine { BenchShell.stopTmuxServer(socket, waiting: false) }
        let servers = mine.count == 1 ? "1 tmux server" : "\(mine.count) tmux servers"
        FileHandle.standardError.write(Data("photorama-bench: interrupted (signal \(number)); stopped \(servers)\n".utf8))
        Foundation.exit(128 + number)
    }
}
