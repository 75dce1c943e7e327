import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// Turns termination signals into a callback on a dispatch queue, so the UI thread can leave through its
/// normal path (restoring the terminal) instead of dying mid-frame.
/// Unchecked: the sources are set once in init and DispatchSource is thread-safe.
final class SignalWatcher: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]
    private let signals: [Int32]

    init(signals: [Int32], handler: @escaping @Sendable () -> Void) {
        self.signals = signals
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: handler)
            source.resume()
            return source
        }
    }

    func stop() {
        for source in sources { source.cancel() }
        for number in signals { signal(number, SIG_DFL) }
    }
}
