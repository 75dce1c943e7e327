/// Where the config file says an API key comes from: the key itself, or a program that prints it
/// (`key_command`, as git's credential helpers). Its descriptions never show the key.
public enum CredentialSource: Equatable, Sendable, CustomStringConvertible {
    case literal(String)
    /// The program and its arguments, run without a shell.
    case command([String])

    public var description: String {
        switch self {
        case .literal: "***"
        case .command(let arguments): "*** (from key_command \(arguments.joined(separator: " ")))"
        }
    }
}
