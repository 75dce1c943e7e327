import PhotoramaImages
import PhotoramaScreen

/// Answers to the start-up queries that arrive after the probe stopped waiting (a slow link, a slow
/// machine) reach ncurses as keys: ESC, "[", "?", … — and "?" alone would open the help. Whole answers that
/// arrive in one read are removed here: DA1 (`CSI ? … c`), window reports (`CSI … t`), and string answers
/// (`DCS … ST`, `APC … ST`: XTVERSION, DECRQSS, XTGETTCAP, kitty's). A lone Escape and keys around an
/// answer stay; an answer cut off by the read's end is left as keys (it cannot be told from typing).
///
/// The one answer the browser asks for while it runs, the cell's size in pixels after a resize (`CSI 16t`,
/// see `NCursesScreen`), is kept as `.cellPixels`, read by the probe's parser.
enum LateAnswers {
    static func strip(_ events: [InputEvent]) -> [InputEvent] {
        let keys = events.map { event -> Key? in
            if case .key(let key) = event { return key }
            return nil
        }
        var kept: [InputEvent] = []
        kept.reserveCapacity(events.count)
        var index = 0
        while index < events.count {
            if let end = answerEnd(keys, from: index) {
                if let cell = cellPixels(keys[index..<end]) { kept.append(.cellPixels(cell)) }
                index = end
            } else {
                kept.append(events[index])
                index += 1
            }
        }
        return kept
    }

    /// The cell's size in a window report (`CSI 6 ; height ; width t`), as `TerminalAnswerParser` reads it.
    static func cellPixels(_ answer: ArraySlice<Key?>) -> PixelSize? {
        var bytes: [UInt8] = []
        for key in answer {
            switch key {
            case .escape?: bytes.append(0x1B)
            case .character(let character)? where character.isASCII: bytes += Array(String(character).utf8)
            default: return nil
            }
        }
        var parser = TerminalAnswerParser()
        for case .cellPixels(let size) in parser.feed(bytes) { return size }
        return nil
    }

    /// The index after the answer starting at `start`, or nil when none starts there.
    static func answerEnd(_ keys: [Key?], from start: Int) -> Int? {
        guard start + 1 < keys.count, keys[start] == .escape, case .character(let introducer)? = keys[start + 1] else { return nil }
        switch introducer {
        case "[":
            // CSI ? digits ; … c (DA1), or CSI digits ; … t (window reports).
            var index = start + 2
            let privateMarker = index < keys.count && keys[index] == .character("?")
            if privateMarker { index += 1 }
            var digits = 0
            while index < keys.count, case .character(let c)? = keys[index], c.isASCII, c.isNumber || c == ";" {
                digits += 1
                index += 1
            }
            guard digits > 0, index < keys.count, case .character(let final)? = keys[index] else { return nil }
            if privateMarker, final == "c" { return index + 1 }
            if !privateMarker, final == "t" { return index + 1 }
            return nil
        case "P", "_":
            // A string up to ST (ESC \), all in this read.
            var index = start + 2
            while index + 1 < keys.count {
                if keys[index] == .escape, keys[index + 1] == .character("\\") { return index + 2 }
                guard case .character? = keys[index] else { return nil }
                index += 1
            }
            return nil
        default:
            return nil
        }
    }
}
