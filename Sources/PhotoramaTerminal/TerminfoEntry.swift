import CNCurses

/// A terminfo entry as ncurses loaded it, and its compiled form (term(5), written the way ncurses' tic
/// writes it), so ncurses can be given a copy of the terminal's entry with some capabilities taken out
/// (see `ScrollFreeTerminal`).
struct TerminfoEntry: Equatable {
    struct Extended<Value: Equatable>: Equatable {
        var name: String
        var value: Value
    }

    /// "xterm-256color|xterm with 256 colors"
    var names: String
    /// The standard capabilities in terminfo's order (`Names`); a number is -1 and a string nil when absent.
    var booleans: [Bool]
    var numbers: [Int32]
    var strings: [[UInt8]?]
    /// User-defined capabilities (tic -x), in the entry's order.
    var extendedBooleans: [Extended<Bool>]
    var extendedNumbers: [Extended<Int32>]
    var extendedStrings: [Extended<[UInt8]?>]

    /// The standard capability names, in the order of the compiled format.
    struct Names {
        var booleans: [String]
        var numbers: [String]
        var strings: [String]

        static func fromNcurses() -> Names {
            func names(_ name: (Int32) -> UnsafePointer<CChar>?) -> [String] {
                var result: [String] = []
                while let next = name(Int32(result.count)) { result.append(String(cString: next)) }
                return result
            }
            return Names(
                booleans: names(photorama_boolname), numbers: names(photorama_numname), strings: names(photorama_strname))
        }
    }

    // MARK: - Reading
    /// The entry of ncurses' current terminal (`cur_term`), or nil when there is none.
    static func current(names standard: Names = .fromNcurses()) -> TerminfoEntry? {
        guard photorama_cur_term() != nil, let names = photorama_term_names() else { return nil }
        func string(_ name: String) -> [UInt8]? {
            guard let value = tigetstr(name), photorama_is_string(value) != 0 else { return nil }
            return Array(String(cString: value).utf8)
        }
        // tigetnum answers -1 when absent, -2 when not a number: both are "absent" here.
        func number(_ name: String) -> Int32 { max(-1, tigetnum(name)) }
        var extendedCounts = (booleans: Int32(0), numbers: Int32(0), strings: Int32(0))
        photorama_extended_counts(&extendedCounts.booleans, &extendedCounts.numbers, &extendedCounts.strings)
        var extendedNames: [String] = []
        for index in 0..<(extendedCounts.booleans + extendedCounts.numbers + extendedCounts.strings) {
            guard let name = photorama_extended_name(index) else { return nil }
            extendedNames.append(String(cString: name))
        }
        let booleanNames = extendedNames.prefix(Int(extendedCounts.booleans))
        let numberNames = extendedNames.dropFirst(Int(extendedCounts.booleans)).prefix(Int(extendedCounts.numbers))
        let stringNames = extendedNames.suffix(Int(extendedCounts.strings))
        return TerminfoEntry(
            names: String(cString: names),
            booleans: standard.booleans.map { tigetflag($0) == 1 },
            numbers: standard.numbers.map(number),
            strings: standard.strings.map(string),
            extendedBooleans: booleanNames.map { Extended(name: $0, value: tigetflag($0) == 1) },
            extendedNumbers: numberNames.map { Extended(name: $0, value: number($0)) },
            extendedStrings: stringNames.map { Extended(name: $0, value: string($0)) })
    }

    // MARK: - Editing
    /// The entry without the string capabilities named (standard or extended).
    func removing(strings removed: Set<String>, names standard: Names = .fromNcurses()) -> TerminfoEntry {
        var entry = self
        for (index, name) in standard.strings.enumerated() where index < entry.strings.count && removed.contains(name) {
            entry.strings[index] = nil
        }
        for index in entry.extendedStrings.indices where removed.contains(entry.extendedStrings[index].name) {
            entry.extendedStrings[index].value = nil
        }
        return entry
    }

    /// The entry without the standard boolean capabilities named.
    func removing(booleans removed: Set<String>, names standard: Names = .fromNcurses()) -> TerminfoEntry {
        var entry = self
        for (index, name) in standard.booleans.enumerated() where index < entry.booleans.count && removed.contains(name) {
            entry.booleans[index] = false
        }
        return entry
    }

    /// Whether the standard boolean capability named is set.
    func has(boolean name: String, names standard: Names = .fromNcurses()) -> Bool {
        guard let index = standard.booleans.firstIndex(of: name), index < booleans.count else { return false }
        return booleans[index]
    }

    /// The entry with lines and cols absent: ncurses puts the screen size it settled on into them when it
    /// loads an entry, so two loads differ there when the terminal was resized in between.
    func withoutScreenSize(names standard: Names = .fromNcurses()) -> TerminfoEntry {
        var entry = self
        for (index, name) in standard.numbers.enumerated() where index < entry.numbers.count && ["lines", "cols"].contains(name) {
            entry.numbers[index] = -1
        }
        return entry
    }

    /// Whether any of the string capabilities named is present.
    func hasAny(strings wanted: Set<String>, names standard: Names = .fromNcurses()) -> Bool {
        standard.strings.enumerated().contains { $0.offset < strings.count && strings[$0.offset] != nil && wanted.contains($0.element) }
            || extendedStrings.contains { $0.value != nil && wanted.contains($0.name) }
    }

    // MARK: - Compiling
    /// The compiled entry, as ncurses' `_nc_write_object` lays it out: header, names, booleans, numbers
    /// (16-bit, or 32-bit when one needs it), string offsets, strings; then the extended part. Nil when
    /// the entry is too large for the format.
    func compiled() -> [UInt8]? {
        var bytes: [UInt8] = []
        func short(_ value: Int) { bytes += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)] }
        let wide = (numbers + extendedNumbers.map(\.value)).contains { $0 > Int32(Int16.max) }
        func number(_ value: Int32) {
            let width = wide ? 4 : 2
            for byte in 0..<width { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * byte))) }
        }
        /// Offsets of each string in a table of them (-1: absent) and the table's size.
        func offsets(_ values: [[UInt8]?]) -> (offsets: [Int], size: Int) {
            var next = 0
            let offsets = values.map { value -> Int in
                guard let value else { return -1 }
                defer { next += value.count + 1 }
                return next
            }
            return (offsets, next)
        }

        let name = Array(names.utf8) + [0]
        let booleanCount = (booleans.lastIndex(of: true) ?? -1) + 1
        let numberCount = (numbers.lastIndex { $0 != -1 } ?? -1) + 1
        let stringCount = (strings.lastIndex { $0 != nil } ?? -1) + 1
        let table = offsets(Array(strings.prefix(stringCount)))
        guard name.count <= 513, table.size <= Int(Int16.max) else { return nil }
        short(wide ? 0o1036 : 0o432)
        short(name.count)
        short(booleanCount)
        short(numberCount)
        short(stringCount)
        short(table.size)
        bytes += name
        bytes += booleans.prefix(booleanCount).map { $0 ? 1 : 0 }
        if (name.count + booleanCount) % 2 == 1 { bytes.append(0) }
        numbers.prefix(numberCount).forEach(number)
        table.offsets.forEach(short)
        for case let value? in strings.prefix(stringCount) { bytes += value + [0] }

        let anyExtended =
            extendedBooleans.contains { $0.value } || extendedNumbers.contains { $0.value != -1 }
            || extendedStrings.contains { $0.value != nil }
        guard anyExtended else { return bytes }
        if table.size % 2 == 1 { bytes.append(0) }
        let extendedNames = extendedBooleans.map(\.name) + extendedNumbers.map(\.name) + extendedStrings.map(\.name)
        let values = offsets(extendedStrings.map(\.value))
        let nameTable = offsets(extendedNames.map { Array($0.utf8) })
        guard values.size + nameTable.size <= Int(Int16.max) else { return nil }
        short(extendedBooleans.count)
        short(extendedNumbers.count)
        short(extendedStrings.count)
        short(extendedNames.count + extendedStrings.filter { $0.value != nil }.count)
        short(values.size + nameTable.size)
        bytes += extendedBooleans.map { $0.value ? 1 : 0 }
        if extendedBooleans.count % 2 == 1 { bytes.append(0) }
        extendedNumbers.map(\.value).forEach(number)
        (values.offsets + nameTable.offsets).forEach(short)
        for case let value? in extendedStrings.map(\.value) { bytes += value + [0] }
        for extendedName in extendedNames { bytes += Array(extendedName.utf8) + [0] }
        return bytes
    }
}
