import Foundation
import TestProcesses
import Testing

/// `.ownThread`: the test, its child tasks and the default actors it calls run on the test's own thread;
/// a test without the trait does not.
@Suite struct OwnThreadTraitTests {
    private actor Counter {
        var count = 0
        func increment(_ executor: OwnThreadExecutor) -> Bool {
            count += 1
            return executor.isCurrent
        }
    }

    @Test(.ownThread) func theTestItsChildTasksAndItsActorsRunOnItsOwnThread() async throws {
        let executor = try #require(OwnThreadTrait.executor)
        #expect(executor.isCurrent)
        let children = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<4 { group.addTask { executor.isCurrent } }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(children == [true, true, true, true])
        #expect(await Counter().increment(executor))
        try await Task.sleep(for: .milliseconds(1))
        #expect(executor.isCurrent)
        let started = Task(executorPreference: executor) { executor.isCurrent }
        #expect(await started.value)
        // A plain Task {} does not inherit the preference (hence `OwnThreadTrait.executor`).
        let plain = Task { executor.isCurrent }
        #expect(await plain.value == false)
    }

    @Test func withoutTheTraitThereIsNoOwnThread() {
        #expect(OwnThreadTrait.executor == nil)
        let other = OwnThreadExecutor()
        defer { other.stop() }
        #expect(!other.isCurrent)
    }
}
