import Dispatch
import PhotoramaLocking
import Testing

/// `OwnThread.start`: the work runs on a thread of its own while the caller goes on, and `value` waits for it.
@Suite struct OwnThreadStartedTests {
    @Test func theWorkRunsWhileTheCallerGoesOnAndValueWaitsForIt() {
        // The work waits for the caller: were it run before `start` returned, it would time out.
        let gate = DispatchSemaphore(value: 0)
        let started = OwnThread.start { () -> String in
            gate.wait(timeout: .now() + 10) == .success ? "ran after the caller opened the gate" : "timed out"
        }
        gate.signal()
        #expect(started.value == "ran after the caller opened the gate")
        // Asked again, the same result, without running the work again.
        #expect(started.value == "ran after the caller opened the gate")
    }

    @Test func aNilResultIsAResult() {
        let started = OwnThread.start { () -> Int? in nil }
        #expect(started.value == nil)
    }
}
