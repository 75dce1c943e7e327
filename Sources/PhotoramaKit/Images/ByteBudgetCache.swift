/// A cache bounded by a budget of bytes: adding past the budget evicts the least recently used entries.
struct ByteBudgetCache<Key: Hashable, Value> {
    let budget: Int
    private var entries: [Key: (value: Value, cost: Int, used: UInt64)] = [:]
    private var clock: UInt64 = 0
    private(set) var totalCost = 0

    init(budget: Int) { self.budget = max(0, budget) }

    var count: Int { entries.count }

    mutating func value(_ key: Key) -> Value? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key] = (entry.value, entry.cost, clock)
        return entry.value
    }

    func contains(_ key: Key) -> Bool { entries[key] != nil }

    /// Stores `value`; one bigger than the whole budget is not kept at all.
    mutating func insert(_ value: Value, for key: Key, cost: Int) {
        if let old = entries.removeValue(forKey: key) { totalCost -= old.cost }
        guard cost <= budget else { return }
        clock += 1
        entries[key] = (value, cost, clock)
        totalCost += cost
        while totalCost > budget, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
            entries[oldest.key] = nil
            totalCost -= oldest.value.cost
        }
    }
}
