import Foundation
import PhotoramaSpawn

/// Which program opens a web page, and with what arguments, decided the way xdg-utils decide it:
/// `$BROWSER` is a list of commands separated by colons, each split on spaces; `%s` in a command is
/// replaced by the address, otherwise the address is the last argument. The first command whose program
/// exists wins; without `$BROWSER` (or when none of its programs exists), `xdg-open` does.
public struct WebPageOpener: Equatable, Sendable {
    /// The program's absolute path, resolved here so spawning never searches PATH or uses a shell.
    public var executable: String
    /// argv, starting with the program as it was named.
    public var arguments: [String]

    public static let missingMessage = "No browser: set $BROWSER or install xdg-open"

    public init(executable: String, arguments: [String]) {
        self.executable = executable
        self.arguments = arguments
    }

    /// The command that opens `url`, or `missingMessage` as an error.
    public static func resolve(
        url: String, environment: [String: String], isExecutable: (String) -> Bool = ExecutableSearch.isExecutableFile
    ) -> Result<WebPageOpener, PhotoramaError> {
        let path = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        let candidates = (environment["BROWSER"] ?? "").split(separator: ":").map(String.init) + ["xdg-open"]
        for candidate in candidates {
            let words = candidate.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let program = words.first,
                let executable = ExecutableSearch.locate(program, path: path, isExecutable: isExecutable)
            else { continue }
            var arguments = words
            if words.dropFirst().contains(where: { $0.contains("%s") }) {
                arguments = [program] + words.dropFirst().map { $0.replacingOccurrences(of: "%s", with: url) }
            } else {
                arguments.append(url)
            }
            return .success(WebPageOpener(executable: executable, arguments: arguments))
        }
        return .failure(.invalidInput(missingMessage))
    }
}
