import PhotoramaScreen
import Testing

@testable import PhotoramaTerminal

@Suite struct ColorPaletteTests {
    @Test func indexedColoursAreUsedAsIsOn256ColourTerminals() {
        #expect(ColorPalette.number(.indexed(196), colors: 256) == 196)
        #expect(ColorPalette.number(.indexed(3), colors: 256) == 3)
        #expect(ColorPalette.number(.indexed(9), colors: 8) == 1)
    }

    @Test func indexedColoursFallBackToTheNearestOfTheSixteen() {
        // 196 is (255, 0, 0): bright red on 16 colours, red on 8.
        #expect(ColorPalette.number(.indexed(196), colors: 16) == 9)
        #expect(ColorPalette.number(.indexed(196), colors: 8) == 1)
        // 21 is (0, 0, 255): bright blue (92, 92, 255) is nearer than blue (0, 0, 238)? No: 238 is nearer.
        #expect(ColorPalette.number(.indexed(21), colors: 16) == 4)
        // The grey ramp: 232 is (8, 8, 8) → black; 255 is (238, 238, 238) → white (229) on 8 colours.
        #expect(ColorPalette.number(.indexed(232), colors: 16) == 0)
        #expect(ColorPalette.number(.indexed(255), colors: 8) == 7)
    }

    @Test func paletteEntriesHaveXtermValues() {
        #expect(ColorPalette.rgb(ofIndex: 16) == (0, 0, 0))
        #expect(ColorPalette.rgb(ofIndex: 196) == (255, 0, 0))
        #expect(ColorPalette.rgb(ofIndex: 110) == (135, 175, 215))
        #expect(ColorPalette.rgb(ofIndex: 244) == (128, 128, 128))
    }

    @Test func trueColoursMapToTheNearestPaletteEntryWhenNcursesMustHoldThem() {
        #expect(ColorPalette.number(.rgb(255, 0, 0), colors: 256) == 196)
        #expect(ColorPalette.number(.rgb(130, 130, 130), colors: 256) == 244)
        #expect(ColorPalette.number(.rgb(136, 176, 214), colors: 256) == 110)
        #expect(ColorPalette.number(.rgb(250, 250, 250), colors: 16) == 15)
    }
}

@Suite struct ColorPairsTests {
    typealias Key = ColorPairs.Key

    @Test func defaultColoursArePairZeroAndEachCombinationGetsItsOwnPair() {
        var pairs = ColorPairs(limit: 10)
        #expect(pairs.pair(for: Key(foreground: -1, background: -1)) { [] }! == (0, false))
        #expect(pairs.pair(for: Key(foreground: 1, background: -1)) { [] }! == (1, true))
        #expect(pairs.pair(for: Key(foreground: 196, background: 21)) { [] }! == (2, true))
        #expect(pairs.pair(for: Key(foreground: 1, background: -1)) { [] }! == (1, false))
    }

    @Test func whenPairsRunOutOnlyPairsOffTheScreenAreReused() {
        var pairs = ColorPairs(limit: 4)  // pairs 1, 2, 3
        let a = Key(foreground: 1, background: 2)
        let b = Key(foreground: 3, background: 4)
        let c = Key(foreground: 5, background: 6)
        let d = Key(foreground: 7, background: 8)
        #expect(pairs.pair(for: a) { [] }! == (1, true))
        #expect(pairs.pair(for: b) { [] }! == (2, true))
        #expect(pairs.pair(for: c) { [] }! == (3, true))
        // a and c are still on screen: d gets b's number, and a keeps its own.
        #expect(pairs.pair(for: d) { [a, c] }! == (2, true))
        #expect(pairs.pair(for: a) { [a, c, d] }! == (1, false))
        // Everything on screen: no pair at all rather than one that would recolour visible cells.
        #expect(pairs.pair(for: b) { [a, c, d] } == nil)
        #expect(pairs.numbers == [a: 1, c: 3, d: 2])
    }

    @Test func thePlaceholderPairIsNeverTakenBack() {
        var pairs = ColorPairs(limit: 3)
        #expect(pairs.pair(for: ColorPairs.placeholder) { [] }! == (1, true))
        #expect(pairs.pair(for: Key(foreground: 1, background: 1)) { [] }! == (2, true))
        #expect(pairs.pair(for: Key(foreground: 2, background: 2)) { [] }! == (2, true))
        #expect(pairs.numbers[ColorPairs.placeholder] == 1)
    }
}
