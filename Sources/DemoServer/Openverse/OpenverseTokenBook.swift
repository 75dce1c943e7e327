import PhotoramaLocking

/// The Openverse tokens the demo has issued: each lives `lifetime` seconds (the `expires_in` it is sent
/// with) and, when `uses` is set, serves that many searches; past either it is refused with 401, as an
/// expired token is. The first token is `DemoAPIKeys.openverseToken`.
final class OpenverseTokenBook: Sendable {
    private struct Issued {
        var expires: ContinuousClock.Instant
        var usesLeft: Int?
    }

    private let issued: Locked<[String: Issued]> = Locked([:])
    let lifetime: Int
    private let uses: Int?

    init(lifetime: Int, uses: Int?) {
        self.lifetime = max(1, lifetime)
        self.uses = uses
    }

    /// A new token.
    func issue() -> String {
        issued.withLock { issued in
            let token = issued.isEmpty ? DemoAPIKeys.openverseToken : "\(DemoAPIKeys.openverseToken)\(issued.count + 1)"
            issued[token] = Issued(expires: .now + .seconds(lifetime), usesLeft: uses)
            return token
        }
    }

    /// Whether `token` may be used now; each use counts.
    func use(_ token: String) -> Bool {
        issued.withLock { issued in
            guard var entry = issued[token], ContinuousClock.now < entry.expires else { return false }
            if let left = entry.usesLeft {
                guard left > 0 else { return false }
                entry.usesLeft = left - 1
                issued[token] = entry
            }
            return true
        }
    }
}
