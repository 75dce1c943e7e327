import Foundation
import PhotoramaConfig
import PhotoramaLocking

/// API keys: from the environment, else the config file (the key itself or its `key_command`).
struct APICredentials {
    var flickr: String?
    var px500: String?

    static let flickrVariable = EffectiveSettings.flickrKeyVariable
    static let px500Variable = EffectiveSettings.px500KeyVariable

    /// The keys in effect. A `key_command` runs only when its key is needed: not with `--demo`, nor when
    /// the environment has the key. Its failure is one line (exit status 2), never showing the key.
    static func resolve(file: ConfigFile, environment: [String: String], demo: Bool) async throws -> APICredentials {
        let settings = EffectiveSettings.resolve(environment: environment, file: file.values)
        func key(_ source: CredentialSource?, _ name: String) async throws -> String? {
            switch source {
            case .literal(let key): return key
            case .command(let arguments):
                if demo { return nil }
                do {
                    // It may wait for a passphrase for long: on a thread of its own, not the pool's.
                    return try await OwnThread.run { () throws(ConfigError) in
                        try CredentialCommand.run(arguments, name: name, environment: environment)
                    }
                } catch {
                    throw CommandFailure(error.message, status: 2)
                }
            case nil: return nil
            }
        }
        return APICredentials(
            flickr: try await key(settings.flickrKey.value, "flickr.key_command"),
            px500: try await key(settings.px500Key.value, "500px.key_command"))
    }

    private static func literal(_ source: CredentialSource?) -> String? {
        if case .literal(let key) = source { return key }
        return nil
    }
}
