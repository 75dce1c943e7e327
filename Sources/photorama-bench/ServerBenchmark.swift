enum ServerBenchmark {
    static func run(_ arguments: [String]) async throws {
        print("server benchmark: not written yet")
    }
}
