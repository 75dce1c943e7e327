import Foundation
import Testing

@testable import PhotoramaImages

/// Settings read variables through `EnvironmentVariables`: a dictionary, this process's environment read
/// name by name (`show FILE` builds no dictionary of them all), or none at all.
@Suite struct EnvironmentVariablesTests {
    @Test("the process environment answers as ProcessInfo's dictionary does, for every variable and a missing one")
    func processEnvironment() {
        let all = ProcessInfo.processInfo.environment
        #expect(!all.isEmpty)
        // TERMINFO is set and restored by the terminal tests running beside this one.
        for (name, value) in all where name != "TERMINFO" {
            #expect(ProcessEnvironment()[name] == value, "\(name)")
        }
        #expect(ProcessEnvironment()["PHOTORAMA_NO_SUCH_VARIABLE_\(UUID().uuidString)"] == nil)
    }

    @Test("a dictionary and no environment")
    func dictionaryAndNone() {
        let dictionary: [String: String] = ["TERM": "xterm-kitty"]
        #expect(GraphicsDetection.detect(dictionary) == .kitty)
        #expect(GraphicsDetection.detect(NoEnvironment()) == nil)
        #expect(NoEnvironment()["HOME"] == nil)
    }
}
