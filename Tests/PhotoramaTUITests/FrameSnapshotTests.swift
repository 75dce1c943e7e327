import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import PhotoramaText
import Testing

@testable import PhotoramaTUI

/// Whole frames compared as text. The feed holds CJK, emoji (ZWJ family, flag), Hebrew, combining
/// accents, an untitled photo, a long title, and hostile titles: an OSC 52 clipboard write, ESC [2J,
/// "\r\n", a C1 CSI, a right-to-left override, C1 NEL/DCS/ST bytes, DEL and a zero-width space.
@Suite("Frames as text")
struct FrameSnapshotTests {
    // MARK: - Frames by size
    @Test func grid80x24() {
        expectFrame(worldState(columns: 80, rows: 24), Golden.g80x24)
    }

    @Test func gridWithDetailPane120x40() {
        expectFrame(worldState(columns: 120, rows: 40, images: .halfBlocks(.truecolor)), Golden.g120x40)
    }

    @Test func narrow40x12() {
        expectFrame(worldState(columns: 40, rows: 12), Golden.g40x12)
    }

    @Test func tiny20x5() {
        expectFrame(worldState(columns: 20, rows: 5), Golden.g20x5)
    }

    @Test func oneByOneAndZero() {
        expectFrame(worldState(columns: 1, rows: 1), ["1"])
        let empty = render(worldState(columns: 0, rows: 0))
        #expect(empty.lines == [])
        #expect(empty[0, 0] == .blank())
        var state = worldState(columns: 1, rows: 1)
        for key: Key in [.down, .enter, .character("c"), .escape, .character("?"), .escape, .character("/"), .enter] {
            _ = reduce(&state, .key(key))
            #expect(render(state).lines.count == 1)
        }
        for size in [
            CellSize(columns: 2, rows: 2), CellSize(columns: 3, rows: 3), CellSize(columns: 24, rows: 4), CellSize(columns: -5, rows: -1),
        ] {
            _ = reduce(&state, .resize(size))
            checkInvariants(render(state))
        }
    }

    // MARK: - Detail and validation frames
    @Test func fullScreenDetailOfAHostileTitle80x24() {
        var state = worldState(columns: 80, rows: 24, images: .halfBlocks(.truecolor))
        _ = press(&state, .down, .enter)
        expectFrame(state, Golden.gdetail80x24)
    }

    @Test func validationMessageInPlaceWhenNarrow() {
        for (columns, rows, golden) in [(40, 12, Golden.ginvalid40x12), (20, 5, Golden.ginvalid20x5)] {
            var state = worldState(columns: columns, rows: rows)
            _ = press(&state, .character("/"))
            _ = type(&state, "91.5, 10")
            _ = press(&state, .enter)
            expectFrame(state, golden)
        }
    }

    // MARK: - Cells and styles
    @Test func wideGlyphsOccupyTwoCellsAndControlsNone() {
        let frame = render(worldState(columns: 80, rows: 24))
        // 東 at column 1 is two columns wide; its right half is an empty continuation cell.
        #expect(frame[2, 1] == Cell(grapheme: "東", width: 2, style: Style(bold: true, reverse: true)))
        #expect(frame[2, 2].width == 0)
        #expect(frame[2, 2].grapheme == "")
        // The ZWJ family is one cluster in one cell pair.
        #expect(frame[2, 34].grapheme == "👨‍👩‍👧")
        #expect(frame[2, 34].width == 2)
    }

    @Test func selectionStyles() {
        let mono = render(worldState(columns: 80, rows: 24))
        #expect(mono[3, 5].style == Style(reverse: true))
        #expect(mono[3, 30].style == Style(dim: false))
        var (colored, effects) = startedState(colors: true)
        _ = reduce(&colored, .feed(.pageLoaded(token: loadToken(effects)!, page: 1, .success(page(1, of: 1)))))
        effects = []
        let frame = render(colored)
        #expect(frame[3, 5].style == Style(foreground: .brightWhite, background: .blue))
        #expect(frame[0, 0].style == Style(foreground: .black, background: .cyan, bold: true))
    }

    // MARK: - Helpers
    func expectFrame(_ state: AppState, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let frame = render(state)
        #expect(frame.lines == expected, sourceLocation: sourceLocation)
        checkInvariants(frame, sourceLocation: sourceLocation)
    }
}

// MARK: - Frame invariants
/// Every row's cells add up to exactly the frame's width, wide glyphs are followed by their
/// continuation, and nothing that moves the cursor or reorders text reaches a cell.
func checkInvariants(_ frame: Frame, sourceLocation: SourceLocation = #_sourceLocation) {
    for row in 0..<frame.size.rows {
        var columns = 0
        var column = 0
        while column < frame.size.columns {
            let cell = frame[row, column]
            #expect(cell.width == 1 || cell.width == 2, "row \(row) column \(column)", sourceLocation: sourceLocation)
            #expect(DisplayWidth.of(cell.grapheme) == cell.width, "row \(row) column \(column)", sourceLocation: sourceLocation)
            for scalar in cell.grapheme.unicodeScalars {
                let value = scalar.value
                let forbidden =
                    value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
                    || (0x2066...0x2069).contains(value) || value == 0xFEFF || value == 0x200B
                #expect(!forbidden, "row \(row) column \(column)", sourceLocation: sourceLocation)
            }
            if cell.width == 2 {
                #expect(column + 1 < frame.size.columns && frame[row, column + 1].width == 0, sourceLocation: sourceLocation)
                column += 2
            } else {
                column += 1
            }
            columns += cell.width
        }
        #expect(columns == frame.size.columns, "row \(row)", sourceLocation: sourceLocation)
    }
}

// MARK: - Golden frames
enum Golden {
    static let g80x24: [String] = [
        "1 Recent  2 Popular  3 Search  4 Locations  5 Saved  6 Explore  Rec… · demo data",
        "Search: / to search words or “lat, long [radius]”                               ",
        " 東京タワーの夜景          Family 👨‍👩‍👧 picnic 🇫🇷       שלום עולם                  ",
        " 2024-05-02 12:00          2024-05-03 12:00          2024-05-04 12:00           ",
        " owner 1                   owner 2                   owner 3                    ",
        " 4000×3000                 4000×3000                 4000×3000                  ",
        " Evil title line2 txet     C1 bytes and DEL          Untitled                   ",
        " 2024-05-05 12:00          2024-05-06 12:00          2024-05-07 12:00           ",
        " mallory                   owner 5                   owner 6                    ",
        " 4000×3000                 4000×3000                 4000×3000                  ",
        " A very long title that…   Amélie's café             End of results             ",
        " 2024-05-08 12:00          2024-05-09 12:00                                     ",
        " owner 7                   owner 8                                              ",
        " 4000×3000                 4000×3000                                            ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "Recent · page 1 of 1 · 8 of 8 photos                              ? help  q quit",
    ]
    static let g120x40: [String] = [
        "1 Recent  2 Popular  3 Search  4 Locations  5 Saved  6 Explore                               Recent · Flickr · demo data",
        "Search: / to search words or “lat, long [radius]”                                                                       ",
        " 東京タワーの夜景         Family 👨‍👩‍👧 picnic 🇫🇷      שלום עולם               │┌──────────────────────────────────────────┐",
        " 2024-05-02 12:00         2024-05-03 12:00         2024-05-04 12:00        ││                                          │",
        " owner 1                  owner 2                  owner 3                 ││                                          │",
        " 4000×3000                4000×3000                4000×3000               ││                                          │",
        " Evil title line2 txet    C1 bytes and DEL         Untitled                ││                                          │",
        " 2024-05-05 12:00         2024-05-06 12:00         2024-05-07 12:00        ││                                          │",
        " mallory                  owner 5                  owner 6                 ││                                          │",
        " 4000×3000                4000×3000                4000×3000               ││                                          │",
        " A very long title tha…   Amélie\'s café            End of results          ││                 loading…                 │",
        " 2024-05-08 12:00         2024-05-09 12:00                                 ││                                          │",
        " owner 7                  owner 8                                          ││                                          │",
        " 4000×3000                4000×3000                                        ││                                          │",
        "                                                                           ││                                          │",
        "                                                                           ││                                          │",
        "                                                                           ││                                          │",
        "                                                                           ││                                          │",
        "                                                                           ││                                          │",
        "                                                                           │└──────────────────────────────────────────┘",
        "                                                                           │ 東京タワーの夜景                           ",
        "                                                                           │ By: owner 1                                ",
        "                                                                           │ Taken: 2024-05-02 12:00                    ",
        "                                                                           │ Size: 4000×3000                            ",
        "                                                                           │ Views: 10                                  ",
        "                                                                           │ Tags: tag1                                 ",
        "                                                                           │ [ ] pick a tag, Enter searches it          ",
        "                                                                           │                                            ",
        "                                                                           │ Description of photo 1.                    ",
        "                                                                           │                                            ",
        "                                                                           │ https://www.flickr.com/photos/owner/1      ",
        "                                                                           │                                            ",
        "                                                                           │                                            ",
        "                                                                           │                                            ",
        "                                                                           │                                            ",
        "                                                                           │                                            ",
        "                                                                           │                                            ",
        "                                                                           │                                            ",
        "                                                                           │                                            ",
        "Recent · page 1 of 1 · 8 of 8 photos                                  / search  Enter detail  c comments  ? help  q quit",
    ]
    static let g40x12: [String] = [
        "1 Rec 2 Pop 3 Find 4 Loc 5 Sav 6 Exp    ",
        "Search: / to search words or “lat, long…",
        " 東京タワーの夜景                       ",
        " 2024-05-02 12:00                       ",
        " owner 1                                ",
        " 4000×3000                              ",
        " Family 👨‍👩‍👧 picnic 🇫🇷                    ",
        " 2024-05-03 12:00                       ",
        " owner 2                                ",
        " 4000×3000                              ",
        "                                        ",
        "Recent · p1/1 · 8/8       ? help  q quit",
    ]
    static let g20x5: [String] = [
        "1 2 3 4 5 6         ",
        " 東京タワーの夜景   ",
        " 2024-05-02 12:00   ",
        " owner 1            ",
        "p1/1 · 8/8          ",
    ]
    static let g1x1: [String] = [
        "1"
    ]
    static let gdetail80x24: [String] = [
        "1 Recent  2 Popular  3 Search  4 Locations  5 Saved  6 Explore  Rec… · demo data",
        "Search: / to search words or “lat, long [radius]”                               ",
        "┌──────────────────────────────────────────────────────────────────────────────┐",
        "│                                                                              │",
        "│                                                                              │",
        "│                                                                              │",
        "│                                   loading…                                   │",
        "│                                                                              │",
        "│                                                                              │",
        "│                                                                              │",
        "│                                                                              │",
        "└──────────────────────────────────────────────────────────────────────────────┘",
        " Evil title line2 txet                                                          ",
        " By: mallory                                                                    ",
        " Taken: 2024-05-05 12:00                                                        ",
        " Size: 4000×3000                                                                ",
        " Views: 40                                                                      ",
        " Tags: tag4                                                                     ",
        " [ ] pick a tag, Enter searches it                                              ",
        "                                                                                ",
        " Description of photo 4.                                                        ",
        "                                                                                ",
        " https://www.flickr.com/photos/owner/4                                          ",
        "Recent · page 1 of 1 · 8 of 8 photos                        J K scroll  Esc back",
    ]
    static let ginvalid40x12: [String] = [
        "1 Rec 2 Pop 3 Find 4 Loc 5 Sav 6 Exp    ",
        "Latitude must be between -90 and 90 (go…",
        " 東京タワーの夜景                       ",
        " 2024-05-02 12:00                       ",
        " owner 1                                ",
        " 4000×3000                              ",
        " Family 👨‍👩‍👧 picnic 🇫🇷                    ",
        " 2024-05-03 12:00                       ",
        " owner 2                                ",
        " 4000×3000                              ",
        "                                        ",
        "Recent · p1/1 · 8/8            Enter Esc",
    ]
    static let ginvalid20x5: [String] = [
        "1 2 3 4 5 6         ",
        "Latitude must be be…",
        " 東京タワーの夜景   ",
        " 2024-05-02 12:00   ",
        "p1/1 · 8/8          ",
    ]
}
