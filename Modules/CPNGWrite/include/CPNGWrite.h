#ifndef PHOTORAMA_CPNGWRITE_H
#define PHOTORAMA_CPNGWRITE_H
#include <stddef.h>

// PNGs of 8-bit RGB pixels (rows packed, 3 × width bytes) through libpng's full API, which lets the
// caller choose the row filters (the simplified API does not). libpng reports errors by longjmp: that
// stays in png_write.c, and these functions return sizes (0 on failure; Swift never sees a longjmp).

/// Which rows filters libpng may use.
enum photorama_png_filters {
    /// libpng's adaptive choice among all five filters, a row at a time (zlib's filtered strategy).
    PHOTORAMA_PNG_ADAPTIVE = 0,
    /// No filter (zlib's default strategy): smaller for pictures whose rows repeat exactly, flat areas
    /// and repeated textures, where filtering breaks deflate's long matches.
    PHOTORAMA_PNG_UNFILTERED = 1,
};

/// The PNG of `width`×`height` pixels at zlib's default level with `filters`, with an sRGB chunk (as
/// libpng's simplified API writes): IHDR, sRGB, IDAT and IEND. Writes at most `capacity` bytes into
/// `out` and returns the PNG's whole size: when that is more than `capacity`, `out` holds only its start
/// and the caller asks again with room for it. 0 when libpng fails or the picture is empty.
size_t photorama_png_write(const unsigned char *rgb, unsigned width, unsigned height, enum photorama_png_filters filters,
                           unsigned char *out, size_t capacity);

/// The palette PNG of `width`×`height` palette indices (one byte each, rows packed) into `colors` (1–256)
/// entries of `palette` (RGB triples), unfiltered at zlib's default level, with an sRGB chunk: IHDR, sRGB,
/// PLTE, IDAT and IEND. `out` and `capacity` as `photorama_png_write`; 0 when libpng fails or the
/// arguments are out of range.
size_t photorama_png_write_palette(const unsigned char *indices, unsigned width, unsigned height, const unsigned char *palette,
                                   unsigned colors, unsigned char *out, size_t capacity);

/// For the tests and benchmarks, the floor a kitty picture is measured against: the size of the smallest
/// PNG libpng writes of the pixels at zlib level 9, over each row-filter choice (the adaptive one and
/// each filter alone) under zlib's default and filtered strategies, with no chunk but IHDR, IDAT and
/// IEND. 0 when libpng fails or the picture is empty.
size_t photorama_png_smallest_size(const unsigned char *rgb, unsigned width, unsigned height);

/// The size of zlib's stream at `level` (0–9) over `count` bytes (kitty's o=z over raw pixels), 0 on failure.
size_t photorama_zlib_size(const unsigned char *bytes, size_t count, int level);

#endif
