/// The counter that hands out request tokens, one number per request, never twice. A feature's handler
/// takes it `inout` beside its own model, so it can start requests without reaching the rest of the state.
public struct RequestTokens: Sendable {
    private var nextValue = 1

    public init() {}

    mutating func next() -> RequestToken {
        defer { nextValue += 1 }
        return RequestToken(value: nextValue)
    }
}
