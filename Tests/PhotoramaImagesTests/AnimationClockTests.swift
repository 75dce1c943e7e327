import Testing

@testable import PhotoramaImages

/// `AnimationClock`, the one rule for which frame of an animation shows when.
@Suite("The animation clock")
struct AnimationClockTests {
    @Test("at every pass boundary of a long run the first frame shows, its change due: never a stop mid-way")
    func passBoundaries() {
        // 100 + 200 + 300 ms: 0.6 s a pass, whose multiples a Double division can put just below a whole pass.
        let clock = AnimationClock(delays: [.milliseconds(100), .milliseconds(200), .milliseconds(300)], loops: 0)
        for pass in 0..<10_000 {
            let start = Duration.milliseconds(600) * pass
            let frame = clock.frame(at: start)
            #expect(frame.index == 0 && frame.next == start + .milliseconds(100), "pass \(pass)")
            if frame.index != 0 { break }
        }
    }

    @Test("a limited run ends on the last frame exactly at its end")
    func limited() {
        let clock = AnimationClock(delays: [.milliseconds(100), .milliseconds(200), .milliseconds(300)], loops: 5)
        #expect(clock.frame(at: .milliseconds(2_999)) == (2, .milliseconds(3_000)))
        #expect(clock.frame(at: .milliseconds(3_000)) == (2, nil))
        #expect(clock.frame(at: .milliseconds(2_400)) == (0, .milliseconds(2_500)))
    }

    @Test("one frame, or no time at all, is a still picture")
    func stills() {
        #expect(AnimationClock(delays: [.milliseconds(100)], loops: 0).frame(at: .seconds(5)) == (0, nil))
        #expect(AnimationClock(delays: [.zero, .zero], loops: 0).frame(at: .seconds(5)) == (0, nil))
    }
}
