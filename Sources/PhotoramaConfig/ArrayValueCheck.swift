/// Refuses, as a syntax error, a `}` where an array's next value belongs (`key = [}pass"]`, `[1, }]`).
/// toml++ (inside TOMLKit) asserts on that instead of reporting it, aborting the whole program: found by
/// fuzzing the config reader. Only what that needs is followed: strings, comments and the nesting of
/// arrays and inline tables inside values; everything else is left to the parser.
enum ArrayValueCheck {
    private enum Open { case array, table }

    /// The first such `}` as (line, column), both 1-based; nil when there is none.
    static func firstMisplacedBrace(in text: String) -> (line: Int, column: Int)? {
        let scalars = Array(text.unicodeScalars)
        var line = 1
        var lineStart = 0
        var open: [Open] = []
        var inValue = false
        var expectingElement = false
        var index = 0
        func skipString(_ quote: Unicode.Scalar) {
            let triple = index + 2 < scalars.count && scalars[index + 1] == quote && scalars[index + 2] == quote
            index += triple ? 3 : 1
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "\n" {
                    if !triple { return }
                    line += 1
                    lineStart = index + 1
                } else if scalar == "\\" && quote == "\"" {
                    index += 1
                } else if scalar == quote {
                    if !triple {
                        index += 1
                        return
                    }
                    if index + 2 < scalars.count && scalars[index + 1] == quote && scalars[index + 2] == quote {
                        index += 3
                        return
                    }
                }
                index += 1
            }
        }
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "\n":
                line += 1
                lineStart = index + 1
                if open.isEmpty { inValue = false }
                index += 1
            case "#":
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            case " ", "\t", "\r":
                index += 1
            case "\"", "'":
                expectingElement = false
                skipString(scalar)
            case "=":
                if open.isEmpty || open.last == .table { inValue = true }
                expectingElement = false
                index += 1
            case "[":
                if inValue {
                    open.append(.array)
                    expectingElement = true
                }
                index += 1
            case "{":
                if inValue { open.append(.table) }
                expectingElement = false
                index += 1
            case ",":
                expectingElement = open.last == .array
                index += 1
            case "}":
                if expectingElement && open.last == .array { return (line, index - lineStart + 1) }
                if inValue, open.last == .table { open.removeLast() }
                expectingElement = false
                index += 1
            case "]":
                if inValue, open.last == .array { open.removeLast() }
                expectingElement = false
                index += 1
            default:
                expectingElement = false
                index += 1
            }
        }
        return nil
    }
}
