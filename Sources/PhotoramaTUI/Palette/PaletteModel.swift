/// The command palette (`:`): what is typed, which match is chosen, and the names of the commands run,
/// the last first, which the palette lists first. Its fields change only through the methods below.
public struct PaletteModel: Sendable {
    public private(set) var isOpen = false
    public private(set) var text = ""
    /// Index into `matches` of the chosen command.
    public private(set) var choice = 0
    /// Why the last Enter ran nothing ("The date must be YYYY-MM-DD…"), until the text changes.
    public private(set) var error: String?
    /// Names of the commands run this session, the last first, each once.
    public private(set) var used: [String] = []

    /// The commands the text names, best first.
    var matches: [PaletteCommand] { PaletteMatcher.matches(text, in: PaletteCommand.all, used: used) }

    var chosen: PaletteCommand? {
        let matches = matches
        return matches.indices.contains(choice) ? matches[choice] : nil
    }

    /// Opens empty, on the first command (the last one used).
    mutating func open() {
        isOpen = true
        text = ""
        choice = 0
        error = nil
    }

    mutating func close() {
        isOpen = false
        text = ""
        error = nil
    }

    mutating func type(_ character: Character) {
        edit { $0.append(character) }
    }

    mutating func deleteBackward() {
        edit { if !$0.isEmpty { $0.removeLast() } }
    }

    mutating func clear() {
        edit { $0 = "" }
    }

    /// Tab: the chosen command's name, and a space after it when it takes an argument.
    mutating func complete() {
        guard let chosen, PaletteMatcher.argumentCommand(text, in: PaletteCommand.all) == nil else { return }
        let completed = chosen.name + (isArgument(chosen) ? " " : "")
        edit { $0 = completed }
    }

    /// Up and Down move the choice within the matches.
    mutating func move(by delta: Int) {
        choice = max(0, min(choice + delta, matches.count - 1))
    }

    mutating func reject(_ message: String) {
        error = message
    }

    /// `name` ran: it comes first from now on.
    mutating func ran(_ name: String) {
        used.removeAll { $0 == name }
        used.insert(name, at: 0)
        if used.count > 100 { used.removeLast(used.count - 100) }
    }

    private mutating func edit(_ change: (inout String) -> Void) {
        change(&text)
        choice = 0
        error = nil
    }

    private func isArgument(_ command: PaletteCommand) -> Bool {
        if case .argument = command.run { return true }
        return false
    }
}
