import Foundation

/// The demo's Flickr groups: one per subject of the first few, each with a pool of photos. Everything
/// follows from the catalog's seed and the group's place, so nothing is stored.
struct DemoGroups: Sendable {
    static let count = 8
    /// Photos in one pool: every `count`-th photo from the group's place on, this many of them.
    static let poolSize = 300

    let catalog: DemoCatalog

    var all: [DemoGroup] { (0..<Self.count).map(group) }

    func group(_ number: Int) -> DemoGroup {
        let subject = Subject.all[number % Subject.all.count].english
        let pool = Array(stride(from: number, to: min(DemoCatalog.photoCount, Self.count * Self.poolSize), by: Self.count))
        let digits = 34_427_469_000 + Int(catalog.seed % 1000) + number * 1013
        return DemoGroup(
            id: "\(digits)@N2\(number % 10)", alias: "demo-\(subject.replacingOccurrences(of: " ", with: "-"))",
            name: "\(subject.capitalized) lovers", photoIndices: pool)
    }

    func group(id: String) -> DemoGroup? { all.first { $0.id == id } }

    /// The group at an address: flickr.com/groups/ALIAS or /groups/NSID, with or without /pool.
    func group(address: String) -> DemoGroup? {
        var rest = Substring(address)
        for prefix in ["https://", "http://"] where rest.lowercased().hasPrefix(prefix) { rest = rest.dropFirst(prefix.count) }
        let parts = rest.split(separator: "/").map(String.init)
        guard parts.count >= 3, ["flickr.com", "www.flickr.com"].contains(parts[0].lowercased()), parts[1] == "groups" else { return nil }
        let name = parts[2].removingPercentEncoding ?? parts[2]
        return all.first { $0.alias == name.lowercased() || $0.id == name }
    }
}

struct DemoGroup: Sendable {
    let id: String
    let alias: String
    let name: String
    let photoIndices: [Int]
}
