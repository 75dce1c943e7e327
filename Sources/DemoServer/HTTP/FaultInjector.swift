/// Decides, per request, which of the configured faults to apply.
struct FaultInjector: Sendable {
    let faults: FaultInjection

    struct Decision {
        var delay: Duration = .zero
        var serverError: Int?
        var truncate = false
        var slowDrip = false
        var flickrUnavailable = false
    }

    func decide() -> Decision {
        var decision = Decision()
        guard faults.isActive else { return decision }
        var random = SystemRandomNumberGenerator()
        func roll(_ rate: Double) -> Bool { rate > 0 && Double.random(in: 0..<1, using: &random) < rate }
        decision.delay = faults.latency
        if faults.jitter > .zero {
            let jitterNanos = Double(faults.jitter.components.seconds) * 1e9 + Double(faults.jitter.components.attoseconds) / 1e9
            decision.delay += .nanoseconds(Int64(Double.random(in: 0...1, using: &random) * jitterNanos))
        }
        if roll(faults.serverErrorRate) { decision.serverError = Bool.random(using: &random) ? 500 : 503 }
        decision.truncate = roll(faults.truncateRate)
        decision.slowDrip = !decision.truncate && roll(faults.slowDripRate)
        decision.flickrUnavailable = roll(faults.flickrUnavailableRate)
        return decision
    }
}

/// Thrown from a body writer to drop the connection mid-body (the truncation fault).
struct InjectedTruncation: Error {}
