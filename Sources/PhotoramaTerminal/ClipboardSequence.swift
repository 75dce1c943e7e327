import Foundation

/// OSC 52, the escape sequence that asks the terminal to put text on the system clipboard: it travels
/// with the output, so it works over SSH. Inside tmux it is plain OSC 52 too, not a passthrough wrapper:
/// tmux with `set-clipboard on` takes it into a paste buffer and forwards it to the outer terminal
/// (passthrough would need `allow-passthrough`, off by default, and would bypass tmux's buffers).
public enum ClipboardSequence {
    /// `ESC ] 52 ; c ; BASE64 BEL` for `text` as UTF-8.
    public static func osc52(_ text: String) -> [UInt8] {
        let payload = Data(text.utf8).base64EncodedString()
        return [0x1B] + Array("]52;c;".utf8) + Array(payload.utf8) + [0x07]
    }
}
