import Foundation
import PhotoramaConfig
import PhotoramaImages
import PhotoramaKit

#if canImport(Glibc)
    import Glibc
#endif

/// `photorama terminal`: asks the terminal what it can do and prints what was found and why, one line
/// each, as `kitty +kitten icat --detect-support` and chafa's probe do; `--format json` for scripts.
package enum TerminalReport {
    // MARK: - Running
    /// Asks the terminal on stdin (writing the queries to stdout, or to stderr when stdout is not a
    /// terminal, so the report can go to a file) and prints the report. Keys typed meanwhile go back to
    /// the terminal's input.
    package static func run(format: OutputFormat) {
        let environment = ProcessInfo.processInfo.environment
        let output: Int32? = isatty(STDOUT_FILENO) == 1 ? STDOUT_FILENO : isatty(STDERR_FILENO) == 1 ? STDERR_FILENO : nil
        var notAsked: String?
        if isatty(STDIN_FILENO) != 1 {
            notAsked = "standard input is not a terminal"
        } else if output == nil {
            notAsked = "neither standard output nor standard error is a terminal"
        } else {
            notAsked = TerminalQuery.reasonNotToAsk(environment)
        }
        let capabilities: TerminalCapabilities
        if notAsked == nil, let output {
            capabilities = TerminalQuery.ask(input: STDIN_FILENO, output: output, environment: environment, typeAhead: .returnToTerminal)
            // A terminal that answered late still answers: its answers are taken out of the input, not shown.
            TerminalQuery.release(capabilities, wait: .seconds(1), environment: environment)
        } else {
            capabilities = TerminalCapabilities.decide(
                nil, window: output.flatMap { TerminalWindow.of(fileDescriptor: $0) }, environment: environment)
        }
        let report = Facts(
            capabilities: capabilities, notAsked: notAsked, term: environment["TERM"],
            depth: ImageSettings.colorDepth(environment, terminal: capabilities),
            images: ConfigContext.settings(environment: environment).images)
        Output.write(format == .json ? report.json.rendered() : report.text)
    }

    // MARK: - What is printed
    /// Everything the report says, made into lines or JSON without touching a terminal (for tests).
    package struct Facts: Sendable {
        package var capabilities: TerminalCapabilities
        /// Why the terminal was not asked; nil when it was.
        package var notAsked: String?
        package var term: String?
        package var depth: (depth: ColorDepth, reason: String)
        /// The `images` setting in effect: the probe's protocol applies only under `auto`.
        package var images: Setting<String>

        package init(
            capabilities: TerminalCapabilities, notAsked: String?, term: String?, depth: (depth: ColorDepth, reason: String),
            images: Setting<String>
        ) {
            self.capabilities = capabilities
            self.notAsked = notAsked
            self.term = term
            self.depth = depth
            self.images = images
        }

        /// The report's lines: a label, then the finding and, in parentheses, why. A terminal that was not
        /// asked says so first (its answers line), before anything that would otherwise come from answers.
        package var rows: [(label: String, value: String)] {
            let found = capabilities
            let chosen = found.autoProtocol()
            let asked = notAsked == nil && found.findings != nil
            var rows: [(String, String)] = asked ? [] : [("answers", answersLine)]
            rows += [
                ("terminal", nameLine), ("protocol", "\(Self.protocolName(chosen.drawing)) (\(chosen.reason))"),
                ("colors", "\(depth.depth.rawValue) (\(depth.reason))"),
                ("cell", "\(found.cellPixels.width)x\(found.cellPixels.height) pixels (\(found.cellSource.rawValue))"),
                ("tmux", found.tmux.map { "yes (\($0))" + (found.outsideTmux.map { "; outside: \($0)" } ?? "") } ?? "no"),
                ("iterm2", found.iterm2Images.map { "yes (\($0))" } ?? "no"),
            ]
            if asked { rows.append(("answers", answersLine)) }
            if let findings = found.findings {
                let end = findings.complete ? "ended by DA1's answer" : "no answer to DA1 by the deadline"
                rows.append(("wait", "\(Self.milliseconds(findings.milliseconds)) ms, \(end)"))
            }
            if ImageMode(setting: images.value) != .auto {
                rows.append(("images", "\(images.value) from \(images.source.label): show and the browser do not ask the terminal"))
            }
            return rows
        }

        /// Aligned lines, one per finding.
        package var text: String {
            let rows = self.rows
            let width = (rows.map(\.label.count).max() ?? 0) + 2
            return rows.map { $0.label.padding(toLength: width, withPad: " ", startingAt: 0) + $0.value }.joined(separator: "\n") + "\n"
        }

        var nameLine: String {
            let found = capabilities
            let term = "TERM=\(self.term ?? "")"
            guard let name = found.name, let source = found.nameSource else {
                return "unknown (no XTVERSION answer, no TERM_PROGRAM; \(term))"
            }
            return [name, found.version].compactMap { $0 }.joined(separator: " ") + " (\(source); \(term))"
        }

        var answersLine: String {
            if let notAsked { return "not asked: \(notAsked)" }
            guard let findings = capabilities.findings else { return "not asked: the terminal's mode could not be set" }
            let arrived = findings.asked.compactMap { query in
                findings.first(query).map { "\(query.rawValue) \(Self.milliseconds($0.milliseconds)) ms" }
            }
            let missing = findings.asked.filter { findings.first($0) == nil }.map(\.rawValue)
            var line = arrived.isEmpty ? "none" : arrived.joined(separator: ", ")
            if !missing.isEmpty, !arrived.isEmpty { line += "; none to " + missing.joined(separator: ", ") }
            return line
        }

        /// How kitty pictures travel (`KittyMedium`): "shared memory", "temporary file" or "stream".
        static func mediumName(_ medium: KittyMedium) -> String {
            switch medium {
            case .sharedMemory: "shared memory"
            case .temporaryFile: "temporary file"
            case .stream: "stream"
            }
        }

        /// The same facts as JSON, with each answer's text.
        package var json: JSONOutput {
            let found = capabilities
            let chosen = found.autoProtocol()
            var object: [String: JSONOutput] = [
                "name": .optional(found.name), "version": .optional(found.version), "name_source": .optional(found.nameSource),
                "term": .optional(term), "protocol": .string(Self.protocolName(chosen.drawing)), "protocol_reason": .string(chosen.reason),
                "kitty_graphics": .bool(found.kittyGraphics), "kitty_medium": .string(Self.mediumName(found.kittyMedium)),
                "sixel": .bool(found.sixel),
                "iterm2_images": .bool(found.iterm2Images != nil), "iterm2_reason": .optional(found.iterm2Images),
                "colors": .string(depth.depth.rawValue), "colors_reason": .string(depth.reason),
                "cell": .object([
                    "width": .int(found.cellPixels.width), "height": .int(found.cellPixels.height),
                    "source": .string(found.cellSource.rawValue),
                ]),
                "tmux": .bool(found.tmux != nil), "tmux_reason": .optional(found.tmux), "outside_tmux": .optional(found.outsideTmux),
                "asked": .bool(found.findings != nil), "not_asked_reason": .optional(notAsked),
                "images_setting": .string(images.value), "images_source": .string(images.source.label),
            ]
            if let findings = found.findings {
                object["answers"] = .array(
                    findings.answers.map { timed in
                        .object([
                            "query": .string(timed.answer.query.rawValue), "milliseconds": .double(Self.rounded(timed.milliseconds)),
                            "text": .string(Self.describe(timed.answer)),
                        ])
                    })
                object["unanswered"] = .array(findings.asked.filter { findings.first($0) == nil }.map { .string($0.rawValue) })
                object["milliseconds"] = .double(Self.rounded(findings.milliseconds))
                object["ended_by_da1"] = .bool(findings.complete)
            }
            return .object(object)
        }

        static func protocolName(_ drawing: ImageDrawing?) -> String {
            switch drawing {
            case .kitty: "kitty"
            case .sixel: "sixel"
            case .iterm2: "iterm2"
            case .ascii: "ascii"
            case .halfBlocks, .symbols, nil: "blocks"
            }
        }

        /// An answer as text: DA1's numbers, the strings as given, sizes as WxH.
        static func describe(_ answer: TerminalAnswer) -> String {
            switch answer {
            case .deviceAttributes(let numbers): numbers.map(String.init).joined(separator: ";")
            case .version(let text): text
            case .kittyGraphics(_, let message): message
            case .statusString(let valid, let setting): valid ? setting : "refused"
            case .capability(let valid, let name, let value): valid ? "\(name)=\(value ?? "")" : "\(name) unknown"
            case .privateMode(let mode, let setting): "?\(mode);\(setting)"
            case .textAreaPixels(let size), .cellPixels(let size): "\(size.width)x\(size.height)"
            case .backgroundColor(let color): color
            case .graphicsAttribute(let item, let status, let values):
                "?" + ([item, status] + values).map(String.init).joined(separator: ";")
            }
        }

        /// One decimal: "0.7".
        static func milliseconds(_ value: Double) -> String { String(format: "%.1f", value) }
        static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }
    }
}
