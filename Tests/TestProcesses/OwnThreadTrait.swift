import Testing

/// `.ownThread`: each test of the suite (or the one test) runs on an `OwnThreadExecutor` of its own, with
/// its child tasks, the default actors it calls and the servers it starts. Tests that wait for a deadline
/// carry it, so that CPU-heavy tests holding the cooperative pool's two threads cannot make them late.
/// A `Task {}` does not inherit the preference: start it with `Task(executorPreference: OwnThreadTrait.executor)`.
public struct OwnThreadTrait: TestTrait, SuiteTrait, TestScoping {
    /// The running test's own executor, or nil outside a test with the trait.
    @TaskLocal public static var executor: OwnThreadExecutor?

    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let executor = OwnThreadExecutor()
        defer { executor.stop() }
        try await Self.$executor.withValue(executor) {
            try await withTaskExecutorPreference(executor) { try await function() }
        }
    }
}

extension Trait where Self == OwnThreadTrait {
    /// Runs each test on a thread of its own (see `OwnThreadTrait`).
    public static var ownThread: Self { OwnThreadTrait() }
}
