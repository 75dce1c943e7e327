import CNCurses
import Testing

/// The shim's wrappers are plain C functions: they can be called without opening a screen, which proves
/// the system library target links and that the macros Swift cannot import came through intact.
@Suite struct CNCursesShimTests {
    @Test func attributesAreDistinctNonZeroBits() {
        let attributes = [
            photorama_a_bold(), photorama_a_dim(), photorama_a_reverse(), photorama_a_underline(),
        ]
        #expect(photorama_a_normal() == 0)
        #expect(attributes.allSatisfy { $0 != 0 && $0.nonzeroBitCount == 1 })
        #expect(Set(attributes).count == attributes.count)
    }

    @Test func keyCodesMatchNcursesValues() {
        // Values from ncurses' curses.h: KEY_F0 is 0410 (octal), KEY_RESIZE 0632, KEY_MOUSE 0631.
        #expect(photorama_key_f(0) == 0o410)
        #expect(photorama_key_f(1) == 0o411)
        #expect(photorama_key_f(12) == 0o410 + 12)
        #expect(photorama_key_resize() == 0o632)
        #expect(photorama_key_mouse() == 0o631)
        #expect(Int32(KEY_UP) == 0o403)
        #expect(photorama_err() == -1)
        #expect(photorama_ok() == 0)
    }

    @Test func colourPairsOccupyTheColourBits() {
        #expect(photorama_color_pair(0) == 0)
        #expect(photorama_color_pair(1) != 0)
        #expect(photorama_color_pair(1) & photorama_a_bold() == 0)
    }

    @Test func widecharAPIIsAvailable() {
        // setcchar only exists when NCURSES_WIDECHAR is defined before curses.h: building this proves it.
        var cell = cchar_t()
        var text: [wchar_t] = [wchar_t(0x732B), 0]  // 猫
        let result = photorama_setcchar(&cell, &text, photorama_a_bold(), 0)
        #expect(result == photorama_ok())
        #expect(cell.chars.0 == wchar_t(0x732B))
    }
}
