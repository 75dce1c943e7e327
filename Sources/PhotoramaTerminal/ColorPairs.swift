/// Hands out ncurses colour pair numbers for (foreground, background) colour numbers.
///
/// Pairs are ncurses extended pairs (int), so a 256-colour image can use tens of thousands. When they run
/// out, pairs used by neither the frame on screen nor the frame being drawn are taken back: a pair is
/// never given new colours while a cell on the screen still shows it.
struct ColorPairs {
    struct Key: Hashable {
        var foreground: Int32
        var background: Int32
    }

    /// The pair ncurses holds for cells we draw ourselves in 24-bit colour: its own number, so such a cell
    /// never looks equal to a text cell, and the terminal's default colours.
    static let placeholder = Key(foreground: -1, background: -2)

    /// Pair numbers are 1..<limit (COLOR_PAIRS); pair 0 is the default colours.
    let limit: Int
    private(set) var numbers: [Key: Int32] = [:]
    private var free: [Int32] = []
    private var next: Int32 = 1

    init(limit: Int) { self.limit = limit }

    /// The pair for `key`, and whether it is new (the caller then gives it its colours); nil when every
    /// pair is on screen. `inUse` lists the keys of the frames on screen and being drawn.
    mutating func pair(for key: Key, inUse: () -> Set<Key>) -> (number: Int32, isNew: Bool)? {
        if key.foreground == -1, key.background == -1 { return (0, false) }
        if let number = numbers[key] { return (number, false) }
        if free.isEmpty, Int(next) >= limit { collect(keeping: inUse()) }
        let number: Int32
        if let reused = free.popLast() {
            number = reused
        } else if Int(next) < limit {
            number = next
            next += 1
        } else {
            return nil
        }
        numbers[key] = number
        return (number, true)
    }

    private mutating func collect(keeping used: Set<Key>) {
        for (key, number) in numbers where key != Self.placeholder && !used.contains(key) {
            numbers[key] = nil
            free.append(number)
        }
        // Highest first, so popLast hands out low numbers first (predictable in tests).
        free.sort(by: >)
    }
}
