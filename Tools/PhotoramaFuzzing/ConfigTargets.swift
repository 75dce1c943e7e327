import PhotoramaConfig

/// The config file reader: any text gives settings or one line that says what is wrong.
enum ConfigTargets {
    static let config = FuzzTarget(name: "config-reader", summary: "the config file reader (TOML through TOMLKit, then our checks)") {
        bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        do throws(ConfigError) {
            let result = try ConfigParser.parse(text, path: "config.toml")
            return result.warnings.filter { $0.contains("\n") }.map { "a warning of more than one line: \($0.debugDescription)" }
        } catch {
            return error.message.contains("\n") ? ["an error of more than one line: \(error.message.debugDescription)"] : []
        }
    }
}
