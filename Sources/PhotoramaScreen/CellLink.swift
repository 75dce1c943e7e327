/// What a click on a cell does, when it does something of its own: open an address (which the terminal
/// also gets as an OSC 8 hyperlink, where it is known to take them) or press a key (the status line's
/// hints). Part of the cell, so `render` alone decides it and a click reads it from the frame it drew.
public enum CellLink: Hashable, Sendable {
    /// An http(s) address of printable ASCII (`Hyperlink.target`), never anything else.
    case address(String)
    case key(Key)

    /// The address, for the terminal's OSC 8 hyperlinks; nil for a key.
    public var address: String? {
        if case .address(let address) = self { return address }
        return nil
    }
}
