import Foundation
import PhotoramaTUI
import Testing

@testable import PhotoramaApp

/// The inbox between background work and the UI thread: actions come out in the order they went in, and
/// a drain hands the queue over instead of allocating a buffer of the largest burst's size every time.
@Suite struct ActionInboxTests {
    @Test func aDrainHandsOverEveryActionInOrderAndKeepsNoBuffer() {
        let inbox = ActionInbox()
        for count in 0..<1_000 { inbox.post(.runtime(.inFlightChanged(count))) }
        inbox.postTerminate()
        let drained = inbox.drain()
        #expect(drained.count == 1_001)
        let counts = drained.compactMap { item -> Int? in
            if case .action(.runtime(.inFlightChanged(let count))) = item { return count }
            return nil
        }
        #expect(counts == Array(0..<1_000))
        if case .terminate = drained.last {} else { Issue.record("the terminate request came out as \(String(describing: drained.last))") }
        #expect(inbox.keptCapacity == 0)
        #expect(inbox.drain().isEmpty)
        inbox.post(.runtime(.inFlightChanged(7)))
        #expect(inbox.pendingCount == 1)
        let next = inbox.drain()
        #expect(inbox.pendingCount == 0)
        #expect(next.count == 1)
        if case .action(.runtime(.inFlightChanged(7))) = next.first {} else { Issue.record("expected inFlightChanged(7), got \(next)") }
    }
}

/// The inbox wakes the UI thread's wait: its descriptor is readable from the first post until a drain.
@Suite struct ActionInboxWakeTests {
    static func readable(_ descriptor: Int32, waitingMilliseconds: Int32 = 0) -> Bool {
        var waiter = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&waiter, 1, waitingMilliseconds) == 1 && waiter.revents & Int16(POLLIN) != 0
    }

    @Test func aPostMakesTheDescriptorReadableUntilTheDrain() throws {
        let inbox = ActionInbox()
        let descriptor = try #require(inbox.wakeDescriptor)
        #expect(!Self.readable(descriptor))
        inbox.post(.runtime(.inFlightChanged(1)))
        inbox.post(.runtime(.inFlightChanged(2)))
        #expect(Self.readable(descriptor))
        #expect(inbox.drain().count == 2)
        #expect(!Self.readable(descriptor))
        inbox.postTerminate()
        #expect(Self.readable(descriptor))
        #expect(inbox.drain().count == 1)
        #expect(!Self.readable(descriptor))
    }

    @Test func aPostFromAnotherThreadEndsAWaitOnTheDescriptor() throws {
        let inbox = ActionInbox()
        let descriptor = try #require(inbox.wakeDescriptor)
        Thread { inbox.post(.runtime(.inFlightChanged(3))) }.start()
        // Without the wake-up the wait would run its whole 30 s and find nothing.
        #expect(Self.readable(descriptor, waitingMilliseconds: 30_000))
        #expect(inbox.drain().count == 1)
    }
}
