import SeededRandom

/// What the soak types, decided by one seed (SplitMix64, the same on every platform): batches of tmux
/// key names, searches, and resize storms. Pure, so a seed's sequence is the same in every run.
struct SoakScript {
    /// One thing sent to tmux in one `send-keys` call (or a few chained with `;`).
    enum Input: Equatable {
        /// tmux key names ("Down", "C-r", "v").
        case keys([String])
        /// `/`, the text typed literally, then Enter (submit) or Escape (give up).
        case search(String, submit: Bool)
    }

    /// Keys with their weights. Not here: q and Ctrl-C (quit), s (saves are probes the soak checks one by
    /// one, see `SoakBenchmark`) and u (undo would take them back), t (thumbnails stay on). U is the owner.
    static let weightedKeys: [(String, Int)] = [
        ("Down", 12), ("Up", 8), ("Left", 6), ("Right", 8), ("j", 4), ("k", 3), ("h", 2), ("l", 3),
        ("PageDown", 6), ("PageUp", 3), ("Home", 1), ("End", 2), ("g", 1), ("R", 2),
        ("Tab", 2), ("BTab", 1), ("1", 2), ("2", 2), ("3", 1), ("4", 1), ("5", 1),
        ("Enter", 3), ("Escape", 4), ("v", 2), ("D", 1), ("?", 1), ("L", 1), ("c", 1), ("J", 1), ("K", 1),
        ("S-Up", 1), ("S-Down", 1), ("[", 1), ("]", 1), ("U", 1), ("y", 1), ("Y", 1), ("C-r", 1), ("r", 1),
        ("o", 1), ("G", 1),
    ]
    static let totalWeight = weightedKeys.reduce(0) { $0 + $1.1 }

    /// Searches: words the demo catalog has, coordinates, and text that is hard to lay out.
    static let searchTexts = [
        "sunset", "night street", "a", "harbour", "bridge", "48.85, 2.35 10km", "35.68 139.69", "東京 👩‍💻", "مرحبا",
        "e\u{301}te\u{301}", "👍🏽🇯🇵❤️", "zzzz-no-match", "the", "lighthouse", "W" + String(repeating: "w", count: 120),
    ]

    /// Sizes a storm passes through (tiny ones included), and those a storm may end on.
    static let stormSizes: [(Int, Int)] = [(20, 5), (1, 1), (7, 3), (40, 12), (61, 17), (80, 24), (132, 43), (200, 60), (30, 8)]
    static let restingSizes: [(Int, Int)] = [(120, 40), (160, 48), (100, 30), (200, 60), (132, 43), (120, 40), (80, 24), (20, 5)]

    private var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    /// The next batch of `count` keys (a search now and then in their place, about one in 50 batches;
    /// a download `d` about one key in 400).
    mutating func batch(count: Int = 5) -> Input {
        if random.next() % 50 == 0 {
            let text = Self.searchTexts[Int(random.next() % UInt64(Self.searchTexts.count))]
            return .search(text, submit: random.next() % 4 != 0)
        }
        var keys: [String] = []
        for _ in 0..<count {
            if random.next() % 400 == 0 {
                keys.append("d")
                continue
            }
            var pick = Int(random.next() % UInt64(Self.totalWeight))
            for (key, weight) in Self.weightedKeys {
                if pick < weight {
                    keys.append(key)
                    break
                }
                pick -= weight
            }
        }
        return .keys(keys)
    }

    /// A burst of 3 to 6 sizes; the last is where the terminal rests until the next storm.
    mutating func storm() -> [(columns: Int, rows: Int)] {
        var sizes: [(columns: Int, rows: Int)] = []
        for _ in 0..<(3 + Int(random.next() % 3)) {
            if random.next() % 2 == 0 {
                sizes.append(Self.stormSizes[Int(random.next() % UInt64(Self.stormSizes.count))])
            } else {
                sizes.append((1 + Int(random.next() % 220), 1 + Int(random.next() % 70)))
            }
        }
        sizes.append(Self.restingSizes[Int(random.next() % UInt64(Self.restingSizes.count))])
        return sizes
    }

    /// Seconds until the next storm (15 to 40), and until the next save probe (4 to 12).
    mutating func secondsToNextStorm() -> Int { 15 + Int(random.next() % 26) }
    mutating func secondsToNextSave() -> Int { 4 + Int(random.next() % 9) }
}
