/// A list of choices written for people, from the table that holds them (never typed out by hand):
/// "auto, kitty or none". Every message and help text that lists what is accepted uses it.
public enum ChoiceList {
    /// "a", "a or b", "a, b or c".
    public static func or(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        guard items.count > 1 else { return last }
        return items.dropLast().joined(separator: ", ") + " or " + last
    }
}
