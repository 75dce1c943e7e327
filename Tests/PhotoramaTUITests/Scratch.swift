import Testing
import PhotoramaKit
@testable import PhotoramaTUI

@Test func scratchPrint() {
    for (c, r) in [(80, 24), (120, 40), (40, 12), (20, 5)] {
        var (state, effects) = startedState(columns: c, rows: r)
        answerLoads(&state, effects, limit: 1)
        print("=== \(c)x\(r)")
        for line in render(state).lines { print("|" + line + "|") }
    }
}
