import Foundation
import PhotoramaConfig

/// The config file read at launch, for the command that runs. `PhotoramaMain` binds it around `run()`
/// (a task-local value, not global state), so every command and `AppEnvironment` see the same file
/// without threading it through each command's options.
package enum ConfigContext {
    @TaskLocal package static var file = ConfigFile(path: ConfigFile.path(environment: ProcessInfo.processInfo.environment))

    /// Every setting after precedence, for a command with these command-line values.
    static func settings(
        _ commandLine: CommandLineSettings = CommandLineSettings(),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> EffectiveSettings {
        EffectiveSettings.resolve(commandLine: commandLine, environment: environment, file: file.values)
    }
}
