#ifndef PHOTORAMA_CNCURSES_SHIM_H
#define PHOTORAMA_CNCURSES_SHIM_H

// SwiftPM drops pkg-config's -D_XOPEN_SOURCE=600, so ask for the wide-character API explicitly;
// without it cchar_t, wget_wch and setcchar are not declared.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// glibc declares wcwidth only under _XOPEN_SOURCE; it is ncurses' own measure of a character, which the
// terminal target compares with the frame's widths.
extern int wcwidth(wchar_t c);
static inline int photorama_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

// Swift cannot import these macros (or, in Swift 6, the mutable globals behind them),
// so they are wrapped as functions.
static inline WINDOW *photorama_stdscr(void) { return stdscr; }
static inline int photorama_lines(void) { return LINES; }
static inline int photorama_cols(void) { return COLS; }
static inline int photorama_colors(void) { return COLORS; }
static inline int photorama_color_pairs(void) { return COLOR_PAIRS; }

static inline attr_t photorama_a_normal(void) { return A_NORMAL; }
static inline attr_t photorama_a_bold(void) { return A_BOLD; }
static inline attr_t photorama_a_dim(void) { return A_DIM; }
static inline attr_t photorama_a_reverse(void) { return A_REVERSE; }
static inline attr_t photorama_a_underline(void) { return A_UNDERLINE; }
static inline attr_t photorama_a_italic(void) { return A_ITALIC; }
static inline attr_t photorama_color_pair(short n) { return COLOR_PAIR(n); }

static inline void photorama_getmaxyx(WINDOW *w, int *y, int *x) {
    int yy = 0, xx = 0;
    if (w) { getmaxyx(w, yy, xx); }
    *y = yy; *x = xx;
}

static inline int photorama_key_f(int n) { return KEY_F(n); }
static inline int photorama_key_resize(void) { return KEY_RESIZE; }
static inline int photorama_key_mouse(void) { return KEY_MOUSE; }
static inline int photorama_err(void) { return ERR; }
static inline int photorama_ok(void) { return OK; }
static inline int photorama_key_code_yes(void) { return KEY_CODE_YES; }

static inline mmask_t photorama_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
static inline mmask_t photorama_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t photorama_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t photorama_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t photorama_button4_pressed(void) { return BUTTON4_PRESSED; }
#if NCURSES_MOUSE_VERSION > 1
static inline mmask_t photorama_button5_pressed(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t photorama_button5_pressed(void) { return 0; }
#endif

// Builds a cchar_t from one grapheme cluster (up to CCHARW_MAX wide characters) and attributes. The pair
// goes through setcchar's opts argument, ncurses' way of passing an extended (int) pair number.
static inline int photorama_setcchar(cchar_t *out, const wchar_t *wch, attr_t attrs, int pair) {
    int extended = pair;
    return setcchar(out, wch, attrs, 0, &extended);
}

// newterm's streams for the process' own terminal (stdin and stdout are mutable globals too).
static inline FILE *photorama_stdout(void) { return stdout; }
static inline FILE *photorama_stdin(void) { return stdin; }

// curscr is a mutable global too: clearok on it makes the next refresh repaint the whole terminal.
static inline int photorama_clear_terminal_on_next_refresh(void) { return clearok(curscr, TRUE); }

// Where ncurses believes the terminal's cursor is after doupdate (curscr's cursor).
static inline int photorama_physical_cursor_row(void) { return getcury(curscr); }
static inline int photorama_physical_cursor_column(void) { return getcurx(curscr); }

// The terminfo entry of the terminal being set up (read-only; see TerminfoEntry.swift). term.h comes last:
// it defines a macro for every capability name (lines, columns, tab…), which nothing above may meet.
#include <ncursesw/term.h>

static inline TERMINAL *photorama_cur_term(void) { return cur_term; }
// The standard capability names in terminfo's order; NULL past the last.
static inline const char *photorama_boolname(int i) { return boolnames[i]; }
static inline const char *photorama_numname(int i) { return numnames[i]; }
static inline const char *photorama_strname(int i) { return strnames[i]; }
// The current terminal's entry names ("xterm-256color|xterm with 256 colors").
static inline const char *photorama_term_names(void) { return cur_term ? cur_term->type.term_names : 0; }
// Its user-defined (extended) capabilities: how many of each kind, and their names, booleans first, then
// numbers, then strings.
static inline void photorama_extended_counts(int *booleans, int *numbers, int *strings) {
    *booleans = cur_term ? cur_term->type.ext_Booleans : 0;
    *numbers = cur_term ? cur_term->type.ext_Numbers : 0;
    *strings = cur_term ? cur_term->type.ext_Strings : 0;
}
static inline const char *photorama_extended_name(int i) { return cur_term ? cur_term->type.ext_Names[i] : 0; }
// tigetstr's answer for "not a string capability" is (char *)-1.
static inline int photorama_is_string(const char *value) { return value != 0 && value != (const char *)-1; }

#endif
