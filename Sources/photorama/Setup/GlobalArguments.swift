/// Lets the global options stand before the subcommand, as git, docker and `swift package` accept them:
/// `photorama --demo recent` is read as `photorama recent --demo`. swift-argument-parser only reads a
/// subcommand's options after its name, so the leading global options (with their values) are moved
/// behind it before parsing. Nothing after the subcommand name, nor after `--`, is touched.
enum GlobalArguments {
    /// Options every command takes, and whether each takes a value.
    static let options: [String: Bool] = [
        "--flickr-url": true, "--500px-url": true, "--locations-url": true, "--log": true,
        "--commons-url": true, "--openverse-url": true,
        "--demo": false, "--allow-insecure": false, "--offline": false,
    ]

    static func reorder(_ arguments: [String], subcommands: Set<String>) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return arguments }
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if let takesValue = options[name] {
                leading.append(argument)
                if takesValue, !argument.contains("="), index + 1 < arguments.count {
                    leading.append(arguments[index + 1])
                    index += 1
                }
                index += 1
                continue
            }
            if subcommands.contains(argument), !leading.isEmpty {
                // `photorama --demo recent …` → `photorama recent --demo …`
                return Array(arguments[..<(index - leading.count)]) + [argument] + leading + Array(arguments[(index + 1)...])
            }
            return arguments
        }
        return arguments
    }
}
