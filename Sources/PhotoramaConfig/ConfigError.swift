/// A config file that cannot be used, as the one line printed before exiting with status 2. Messages
/// never contain an API key.
public struct ConfigError: Error, Equatable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
