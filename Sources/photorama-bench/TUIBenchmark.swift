enum TUIBenchmark {
    static func run(_ arguments: [String]) async throws {
        print("tui benchmark: not written yet")
    }
}
