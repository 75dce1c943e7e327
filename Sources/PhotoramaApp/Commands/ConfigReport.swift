import Foundation
import PhotoramaConfig

/// `photorama config`: the settings in effect and where each comes from; `--init` writes a template.
package enum ConfigReport {
    /// `initialize` writes the template; otherwise the settings are printed with `images`, `symbols`,
    /// `thumbnails` and `downloadDir` as the browser's options would give them.
    package static func run(
        initialize: Bool, images: String?, symbols: String? = nil, thumbnails: String?, downloadDir: String?
    ) throws {
        let environment = ProcessInfo.processInfo.environment
        if initialize {
            let path = ConfigFile.path(environment: environment)
            do {
                try ConfigTemplate.write(to: path)
            } catch {
                throw CommandFailure(error.message, status: 1)
            }
            Output.write("Wrote \(path)")
            return
        }
        let commandLine = CommandLineSettings(
            images: images, symbols: symbols, thumbnails: thumbnails.map { $0.lowercased() == "on" },
            downloadDir: downloadDir.map { ($0, "--download-dir") })
        Output.write(ConfigContext.settings(commandLine, environment: environment).report(file: ConfigContext.file))
    }
}
