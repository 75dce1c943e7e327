/// What the browser run with `--probe-report` writes after every frame: "handled COLSxROWS inFlight
/// WxH" (F12 presses handled, the size it drew at, requests in flight plus answers not yet taken in: 0
/// means the frame on screen is the settled one, and the terminal cell's size in pixels it drew pictures
/// for), read by the end-to-end tests and the soak.
public struct ProbeReport: Equatable, Sendable {
    public var handled: Int
    /// "100x30", as tmux's `#{pane_width}x#{pane_height}` gives it.
    public var size: String
    public var inFlight: Int
    /// "8x17": a cell's width and height in pixels.
    public var cell: String

    public init?(_ text: String) {
        let fields = text.split(whereSeparator: \.isWhitespace)
        guard fields.count == 4, let handled = Int(fields[0]), let inFlight = Int(fields[2]) else { return nil }
        self.handled = handled
        self.size = String(fields[1])
        self.inFlight = inFlight
        cell = String(fields[3])
    }
}
