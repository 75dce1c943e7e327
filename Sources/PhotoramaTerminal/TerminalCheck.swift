/// Decides, before ncurses is touched, whether this terminal can run the full-screen browser and
/// whether to use colour. Pure, so it is tested without a terminal.
public struct TerminalCheck: Equatable, Sendable {
    public var useColor: Bool

    public enum Failure: Error, Equatable, Sendable {
        case noTerminalType
        case dumbTerminal
        case notATerminal

        public var message: String {
            switch self {
            case .noTerminalType: "TERM is not set: cannot start the full-screen browser (try a subcommand such as 'photorama recent')"
            case .dumbTerminal: "TERM=dumb cannot show the full-screen browser (try a subcommand such as 'photorama recent')"
            case .notATerminal: "Standard input and output must be a terminal for the browser (try a subcommand such as 'photorama recent')"
            }
        }
    }

    /// NO_COLOR (any non-empty value, see no-color.org) asks for monochrome.
    public static func evaluate(environment: [String: String], isTTY: Bool) -> Result<TerminalCheck, Failure> {
        guard let term = environment["TERM"], !term.isEmpty else { return .failure(.noTerminalType) }
        if term == "dumb" { return .failure(.dumbTerminal) }
        guard isTTY else { return .failure(.notATerminal) }
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        return .success(TerminalCheck(useColor: !noColor))
    }
}
