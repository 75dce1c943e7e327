/// One thing the fuzzer feeds bytes to. `run` never traps on any input; it returns the properties the
/// result broke (empty when all hold), so the same code serves libFuzzer (which aborts on a broken
/// property) and the regression tests (which assert the list is empty for every stored finding).
public struct FuzzTarget: Sendable {
    public let name: String
    public let summary: String
    public let run: @Sendable ([UInt8]) -> [String]

    public init(name: String, summary: String, run: @escaping @Sendable ([UInt8]) -> [String]) {
        self.name = name
        self.summary = summary
        self.run = run
    }
}

public enum FuzzTargets {
    public static let all: [FuzzTarget] = [
        ParserTargets.flickr, ParserTargets.fiveHundredPx, ParserTargets.locations,
        TextTargets.html, TextTargets.terminalText, TextTargets.searchQuery,
        ImageTargets.jpeg, ImageTargets.png, ImageTargets.gif, ConfigTargets.config, CacheTargets.record, TerminalAnswerTargets.answers,
        ParserTargets.flickrLists, ParserTargets.fiveHundredPxLists, ParserTargets.locationLists, ImageTargets.jpegRegion,
        ParserTargets.commons, ParserTargets.openverse,
    ]

    public static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}
