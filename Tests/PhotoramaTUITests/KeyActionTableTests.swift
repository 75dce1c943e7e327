import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

/// The one table of what each key means, read both ways: every action has its own default key, and the
/// lookup from a key finds exactly that action and nothing for keys no action has.
@Suite struct KeyActionTableTests {
    @Test func everyDefaultKeyLeadsBackToItsAction() {
        for action in KeyAction.allCases {
            #expect(KeyAction(defaultKey: action.defaultKey) == action, "\(action.rawValue)")
        }
        #expect(Set(KeyAction.allCases.map(\.defaultKey)).count == KeyAction.allCases.count)
    }

    @Test func keysOfNoActionFindNone() {
        let unbound: [Key] = [
            .down, .up, .left, .right, .home, .enter, .escape, .character("é"), .character("+"), .ctrl("a"), .function(5),
        ]
        for key in unbound { #expect(KeyAction(defaultKey: key) == nil, "\(key)") }
        #expect(KeyAction(defaultKey: .character("q")) == .quit)
        #expect(KeyAction(defaultKey: .ctrl("l")) == .redraw)
        #expect(KeyAction(defaultKey: .end) == .last)
        #expect(KeyAction(defaultKey: .backTab) == .previousTab)
    }
}
