import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaTUI
import PhotoramaText
import TOMLKit

/// Reads a config file's text into `ConfigFileValues`: the only code that sees TOMLKit. Errors (syntax,
/// wrong types, invalid values, key conflicts) stop everything; unknown settings are warnings.
public enum ConfigParser {
    public struct Result: Equatable, Sendable {
        public var values: ConfigFileValues
        /// One line each, already naming the file.
        public var warnings: [String]
    }

    // MARK: - Parsing
    /// `path` only names the file in messages.
    public static func parse(_ text: String, path: String) throws(ConfigError) -> Result {
        if let (line, column) = TableHeaderCheck.firstBadHeader(in: text) {
            throw ConfigError("\(path): line \(line), column \(column): a table name must start with a letter, a digit, _, - or a quote")
        }
        if let (line, column) = ArrayValueCheck.firstMisplacedBrace(in: text) {
            throw ConfigError("\(path): line \(line), column \(column): expected a value in the array, saw '}'")
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let position = error.source.begin
            throw ConfigError("\(path): line \(position.line), column \(position.column): \(oneLine(error.description))")
        } catch {
            throw ConfigError("\(path): not a TOML file")
        }
        var reader = Reader(path: path)
        try reader.read(table)
        return Result(values: reader.values, warnings: reader.warnings)
    }

    /// The parser quotes the character it saw, which can be a line break or another control character:
    /// shown escaped, so the error stays one line (found by fuzzing).
    static func oneLine(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}": result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    // MARK: - Reader
    private struct Reader {
        let path: String
        var values = ConfigFileValues()
        var warnings: [String] = []

        init(path: String) {
            self.path = path
        }

        mutating func read(_ root: TOMLTable) throws(ConfigError) {
            for key in root.keys.sorted() {
                guard let value = root[key] else { continue }
                if ConfigSchema.topLevel.contains(key) {
                    try readTopLevel(key, value)
                } else if key == "theme", value.type == .string {
                    values.themeChoice = try themeChoice(key, value)
                } else if ConfigSchema.sections[key] != nil {
                    guard let table = value.table else {
                        throw wrongType(key, key == "theme" ? "a string or a table" : "a table", value)
                    }
                    try readSection(key, table)
                } else {
                    warnUnknown(key)
                }
            }
        }

        mutating func readTopLevel(_ key: String, _ value: any TOMLValueConvertible) throws(ConfigError) {
            switch key {
            case "tab":
                let name = try string(key, value)
                guard let tab = ConfigSchema.tabNames.first(where: { $0.0 == name.lowercased() })?.1 else {
                    throw invalid(key, ChoiceList.or(ConfigSchema.tabNames.map(\.0)), quoted(name))
                }
                values.tab = tab
            case "images":
                let name = try string(key, value)
                guard let mode = ImageMode(setting: name) else {
                    throw invalid(key, ImageMode.choices, quoted(name.lowercased()))
                }
                values.images = mode.rawValue
            case "symbols":
                let name = try string(key, value)
                guard let mode = SymbolMode(setting: name) else {
                    throw invalid(key, SymbolMode.choices, quoted(name.lowercased()))
                }
                values.symbols = mode.name
            case "dither":
                let name = try string(key, value)
                guard let mode = DitherMode(setting: name) else {
                    throw invalid(key, DitherMode.choices, quoted(name.lowercased()))
                }
                values.dither = mode.rawValue
            case "thumbnails":
                guard let flag = value.bool, value.type == .bool else { throw wrongType(key, "a boolean", value) }
                values.thumbnails = flag
            case "safe_search":
                let name = try string(key, value)
                guard let level = SafeSearch(rawValue: name.lowercased()) else {
                    throw invalid(key, "safe, moderate or restricted", quoted(name))
                }
                values.safeSearch = level
            case "page_size":
                guard value.type == .int, let number = value.int else { throw wrongType(key, "an integer", value) }
                guard (1...500).contains(number) else { throw invalid(key, "between 1 and 500", String(number)) }
                values.pageSize = number
            case "cache_size":
                values.cacheSize = try cacheSize(value)
            case "confirm_flickr_changes":
                guard let flag = value.bool, value.type == .bool else { throw wrongType(key, "a boolean", value) }
                values.confirmFlickrChanges = flag
            case "plain":
                guard let flag = value.bool, value.type == .bool else { throw wrongType(key, "a boolean", value) }
                values.plain = flag
            case "cards":
                let name = try string(key, value)
                switch name.lowercased() {
                case "fit": values.cardsFill = false
                case "fill": values.cardsFill = true
                default: throw invalid(key, "fit or fill", quoted(name))
                }
            case "slideshow_interval":
                guard value.type == .int, let number = value.int else { throw wrongType(key, "an integer", value) }
                guard SlideshowInterval.seconds.contains(number) else {
                    throw invalid(key, "between 1 and 3600 (seconds)", String(number))
                }
                values.slideshowInterval = number
            case "user_agent_contact":
                let contact = try string(key, value).trimmingCharacters(in: .whitespaces)
                guard !contact.isEmpty else { throw ConfigError("\(path): user_agent_contact must not be empty") }
                values.userAgentContact = contact
            case "download_dir":
                let folder = try string(key, value)
                guard !folder.isEmpty else { throw ConfigError("\(path): download_dir must not be empty") }
                values.downloadDir = folder
            default:
                break
            }
        }

        /// The Flickr sign-in's settings: the shared secret (in the file, which must then be private, or
        /// printed by a program) and a program that prints the stored sign-in.
        mutating func readFlickrSignIn(_ key: String, _ name: String, _ value: any TOMLValueConvertible) throws(ConfigError) {
            switch key {
            case "token_command": values.flickrTokenCommand = try command(name, value)
            case "secret_command": if values.flickrSecret == nil { values.flickrSecret = .command(try command(name, value)) }
            default:
                let text = try string(name, value).trimmingCharacters(in: .whitespacesAndNewlines)
                guard !text.isEmpty else { throw ConfigError("\(path): \(name) must not be empty") }
                values.flickrSecret = .literal(text)
            }
        }

        mutating func readSection(_ section: String, _ table: TOMLTable) throws(ConfigError) {
            let known = ConfigSchema.sections[section] ?? []
            for key in table.keys.sorted() {
                guard let value = table[key] else { continue }
                let name = "\(section).\(key)"
                guard known.contains(key) else {
                    warnUnknown(name)
                    continue
                }
                switch section {
                case "openverse":
                    // The secret is read as Flickr's is: in the file (which must then be private) or printed by a program.
                    if key == "secret_command" {
                        if values.openverseSecret == nil { values.openverseSecret = .command(try command(name, value)) }
                    } else {
                        let text = try string(name, value).trimmingCharacters(in: .whitespacesAndNewlines)
                        guard !text.isEmpty else { throw ConfigError("\(path): \(name) must not be empty") }
                        if key == "client_id" { values.openverseClientID = text } else { values.openverseSecret = .literal(text) }
                    }
                case "flickr" where ["api_secret", "secret_command", "token_command"].contains(key):
                    try readFlickrSignIn(key, name, value)
                case "flickr", "500px":
                    let source: CredentialSource
                    if key == "key_command" {
                        source = .command(try command(name, value))
                    } else {
                        let text = try string(name, value).trimmingCharacters(in: .whitespacesAndNewlines)
                        guard !text.isEmpty else { throw ConfigError("\(path): \(name) must not be empty") }
                        source = .literal(text)
                    }
                    // A key in the file wins over its command when both are given: it is the more explicit.
                    if section == "flickr" {
                        if values.flickrKey == nil || key != "key_command" { values.flickrKey = source }
                    } else if values.px500Key == nil || key != "key_command" {
                        values.px500Key = source
                    }
                case "theme" where key == "mode":
                    values.themeChoice = try themeChoice(name, value)
                case "theme":
                    let text = try string(name, value)
                    guard let color = ThemeColors.color(named: text) else {
                        throw invalid(name, "a colour name (black, red, … bright-white, default) or 0–255", quoted(text))
                    }
                    switch key {
                    case "accent": values.theme.accent = color
                    case "selection_foreground": values.theme.selectionForeground = color
                    case "selection_background": values.theme.selectionBackground = color
                    case "error": values.theme.error = color
                    default: values.theme.badge = color
                    }
                case "keys":
                    let text = try string(name, value)
                    guard let action = KeyAction(rawValue: key) else { continue }
                    guard let pressed = KeyName.parse(text) else {
                        throw ConfigError(
                            "\(path): \(name): \(quoted(text)) is not a key (\(KeyName.accepted))"
                        )
                    }
                    values.keyBindings[action] = pressed
                default:
                    break
                }
            }
            if section == "keys" {
                do {
                    _ = try KeyMap(bindings: values.keyBindings)
                } catch {
                    throw ConfigError("\(path): keys: \(error.message)")
                }
            }
        }

        /// `theme` (or `theme.mode`): auto, dark or light.
        func themeChoice(_ name: String, _ value: any TOMLValueConvertible) throws(ConfigError) -> ThemeChoice {
            let text = try string(name, value)
            guard let choice = ThemeChoice(setting: text) else { throw invalid(name, ThemeChoice.choices, quoted(text)) }
            return choice
        }

        func string(_ name: String, _ value: any TOMLValueConvertible) throws(ConfigError) -> String {
            guard value.type == .string, let text = value.string else { throw wrongType(name, "a string", value) }
            return text
        }

        /// A string split on spaces, or an array of strings taken as they are.
        func command(_ name: String, _ value: any TOMLValueConvertible) throws(ConfigError) -> [String] {
            var arguments: [String]
            if value.type == .string, let text = value.string {
                arguments = text.split(separator: " ").map(String.init)
            } else if value.type == .array, let array = value.array {
                arguments = []
                for element in array {
                    guard element.type == .string, let text = element.string else {
                        throw wrongType(name, "a string or an array of strings", element)
                    }
                    arguments.append(text)
                }
            } else {
                throw wrongType(name, "a string or an array of strings", value)
            }
            guard let program = arguments.first, !program.isEmpty else {
                throw ConfigError("\(path): \(name) must not be empty")
            }
            return arguments
        }

        /// An integer is megabytes; a string has a unit: "512 MB", "2GB", "800 KB" (1 MB = 1,048,576 bytes).
        func cacheSize(_ value: any TOMLValueConvertible) throws(ConfigError) -> Int {
            let expected = "an integer (megabytes) or a string such as \"512 MB\""
            if value.type == .int, let megabytes = value.int {
                guard (1...1_048_576).contains(megabytes) else {
                    throw invalid("cache_size", "between 1 MB and 1 TB", String(megabytes))
                }
                return megabytes * 1_048_576
            }
            guard value.type == .string, let text = value.string else { throw wrongType("cache_size", expected, value) }
            guard let bytes = Self.bytes(text), bytes >= 1_048_576, bytes <= 1_099_511_627_776 else {
                throw invalid("cache_size", "a size between 1 MB and 1 TB such as \"512 MB\"", quoted(text))
            }
            return bytes
        }

        static func bytes(_ text: String) -> Int? {
            let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
            let digits = trimmed.prefix { $0.isNumber }
            guard let number = Int(digits), digits.count < 10 else { return nil }
            let unit = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
            let scale: Int
            switch unit {
            case "K", "KB", "KIB": scale = 1 << 10
            case "M", "MB", "MIB": scale = 1 << 20
            case "G", "GB", "GIB": scale = 1 << 30
            case "T", "TB", "TIB": scale = 1 << 40
            default: return nil
            }
            return number * scale
        }

        mutating func warnUnknown(_ name: String) {
            let nearest = EditDistance.nearest(to: name, in: ConfigSchema.allNames) ?? "tab"
            warnings.append("\(path): unknown setting \(quoted(name)) (did you mean \(quoted(nearest))?)")
        }

        func wrongType(_ name: String, _ expected: String, _ value: any TOMLValueConvertible) -> ConfigError {
            ConfigError("\(path): \(name) must be \(expected) (got \(Self.describe(value.type)))")
        }

        func invalid(_ name: String, _ expected: String, _ got: String) -> ConfigError {
            ConfigError("\(path): \(name) must be \(expected) (got \(got))")
        }

        /// A value or name from the file, quoted for a one-line message: line breaks, other controls and
        /// invisible format characters (bidi, zero width) as escapes (found by fuzzing: `accent = "cy\n"`
        /// made a two-line error).
        func quoted(_ text: String) -> String {
            var escaped = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\n": escaped += "\\n"
                case "\t": escaped += "\\t"
                case "\r": escaped += "\\r"
                case "\"": escaped += "\\\""
                case "\\": escaped += "\\\\"
                default:
                    let invisible =
                        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.properties.generalCategory == .format
                        || scalar.properties.generalCategory == .lineSeparator || scalar.properties.generalCategory == .paragraphSeparator
                    escaped += invisible ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
                }
            }
            return escaped + "\""
        }

        static func describe(_ type: TOMLType) -> String {
            switch type {
            case .table: "a table"
            case .array: "an array"
            case .string: "a string"
            case .int: "an integer"
            case .double: "a floating-point number"
            case .bool: "a boolean"
            case .date: "a date"
            case .time: "a time"
            case .dateTime: "a date-time"
            }
        }
    }
}
