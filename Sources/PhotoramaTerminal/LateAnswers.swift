import PhotoramaImages
import PhotoramaScreen

/// Answers to the start-up queries that arrive after the probe stopped waiting (a slow link, a slow
/// machine) reach ncurses as keys: ESC, "[", "?", … — and "?" alone would open the help. Whole answers that
/// arrive in one read are removed here: DA1 (`CSI ? … c`), window reports (`CSI … t`), and string answers
/// (`DCS … ST`, `APC … ST`: XTVERSION, DECRQSS, XTGETTCAP, kitty's; `OSC … ST` or BEL: the background
/// colour). A lone Escape and keys around an answer stay; an answer cut off by the read's end is left as keys (it cannot be told from typing).
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
                index = end
            } else {
                kept.append(events[index])
                index += 1
            }
        }
        return kept
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
        case "]":
            // OSC 11's answer, up to ST (ESC \) or BEL (Ctrl-G), all in this read.
            var index = start + 2
            while index < keys.count {
                if keys[index] == .ctrl("g") { return index + 1 }
                if index + 1 < keys.count, keys[index] == .escape, keys[index + 1] == .character("\\") { return index + 2 }
                guard case .character? = keys[index] else { return nil }
                index += 1
            }
            return nil
        default:
            return nil
        }
    }

    // MARK: - The cell's size, asked while the screen is open
    /// What get_wch returned as input events: the keys and notifications (`KeyDecoder.events`), and the cell's size from each
    /// `CSI 6 ; height ; width t` among them, the answer to the question the screen asks after a resize
    /// (`NCursesScreen`), read by the probe's parser. KeyDecoder would drop it as an unknown sequence.
    static func events(_ codes: [KeyDecoder.Code]) -> [InputEvent] {
        var events: [InputEvent] = []
        var rest: [KeyDecoder.Code] = []
        var index = 0
        while index < codes.count {
            if let (cell, end) = cellReport(codes, at: index) {
                events += KeyDecoder.events(rest)
                rest = []
                events.append(.cellPixels(cell))
                index = end
            } else {
                rest.append(codes[index])
                index += 1
            }
        }
        return events + KeyDecoder.events(rest)
    }

    /// The cell's size and the index after the report, when a cell-size report starts at `start`.
    static func cellReport(_ codes: [KeyDecoder.Code], at start: Int) -> (PixelSize, Int)? {
        guard start + 1 < codes.count, !codes[start].isKeyCode, codes[start].value == 0x1B, codes[start + 1].value == 0x5B else {
            return nil
        }
        var bytes: [UInt8] = [0x1B, 0x5B]
        var index = start + 2
        while index < codes.count, index - start < 24, !codes[index].isKeyCode, (0x30...0x3B).contains(codes[index].value) {
            bytes.append(UInt8(codes[index].value))
            index += 1
        }
        guard index < codes.count, !codes[index].isKeyCode, codes[index].value == UInt32(UInt8(ascii: "t")) else { return nil }
        var parser = TerminalAnswerParser()
        for case .cellPixels(let size) in parser.feed(bytes + [UInt8(ascii: "t")]) { return (size, index + 1) }
        return nil
    }
}
