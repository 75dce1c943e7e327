#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "CPNGWrite.h"

/// Where libpng's output goes: the caller's buffer as far as it reaches; every byte is counted.
struct png_sink {
    unsigned char *out;
    size_t capacity;
    size_t total;
};

static void sink_bytes(png_structp png, png_bytep data, size_t length) {
    struct png_sink *sink = png_get_io_ptr(png);
    if (sink->out != NULL && sink->total < sink->capacity) {
        size_t room = sink->capacity - sink->total;
        memcpy(sink->out + sink->total, data, length < room ? length : room);
    }
    sink->total += length;
}

static void flush_nothing(png_structp png) { (void)png; }

/// One PNG into `sink`: 8-bit RGB rows, or with a `palette` of `colors` entries, rows of one index a pixel;
/// zlib `level`, `filters` (a PNG_FILTER_* mask), zlib `strategy` (-1: libpng's choice, filtered for filtered
/// rows), an sRGB chunk with libpng's IDATs of 8 KB (PNGEncoder's) or neither with one IDAT (the floor). The
/// whole size, 0 on failure.
static size_t write_png(const unsigned char *rows, unsigned width, unsigned height, const png_color *palette, unsigned colors,
                        int level, int filters, int strategy, int srgb, struct png_sink *sink) {
    if (rows == NULL || width == 0 || height == 0) return 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (png == NULL) return 0;
    png_infop info = png_create_info_struct(png);
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, info == NULL ? NULL : &info);
        return 0;
    }
    png_set_write_fn(png, sink, sink_bytes, flush_nothing);
    png_set_IHDR(png, info, width, height, 8, palette == NULL ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_PALETTE, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (palette != NULL) png_set_PLTE(png, info, palette, (int)colors);
    if (srgb) png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_set_compression_level(png, level);
    if (strategy >= 0) png_set_compression_strategy(png, strategy);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    // The floor: one IDAT up to 4 MB of deflated data, no chunk headers between the data.
    if (!srgb) png_set_compression_buffer_size(png, 4u << 20);
    png_write_info(png, info);
    size_t stride = (size_t)width * (palette == NULL ? 3 : 1);
    for (unsigned y = 0; y < height; y++) png_write_row(png, rows + (size_t)y * stride);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return sink->total;
}

size_t photorama_png_write(const unsigned char *rgb, unsigned width, unsigned height, enum photorama_png_filters filters,
                           unsigned char *out, size_t capacity) {
    struct png_sink sink = {out, capacity, 0};
    int mask = filters == PHOTORAMA_PNG_UNFILTERED ? PNG_FILTER_NONE : PNG_ALL_FILTERS;
    return write_png(rgb, width, height, NULL, 0, Z_DEFAULT_COMPRESSION, mask, -1, 1, &sink);
}

size_t photorama_png_write_palette(const unsigned char *indices, unsigned width, unsigned height, const unsigned char *palette,
                                   unsigned colors, unsigned char *out, size_t capacity) {
    if (indices == NULL || palette == NULL || width == 0 || height == 0 || colors == 0 || colors > 256) return 0;
    struct png_sink sink = {out, capacity, 0};
    png_color entries[256];
    for (unsigned i = 0; i < colors; i++) {
        entries[i].red = palette[3 * i];
        entries[i].green = palette[3 * i + 1];
        entries[i].blue = palette[3 * i + 2];
    }
    // Indices are not intensities: no row filter (the PNG specification's advice for palette images).
    return write_png(indices, width, height, entries, colors, Z_DEFAULT_COMPRESSION, PNG_FILTER_NONE, -1, 1, &sink);
}

size_t photorama_png_smallest_size(const unsigned char *rgb, unsigned width, unsigned height) {
    static const int filters[] = {PNG_ALL_FILTERS, PNG_FILTER_NONE, PNG_FILTER_SUB, PNG_FILTER_UP, PNG_FILTER_AVG, PNG_FILTER_PAETH};
    static const int strategies[] = {Z_DEFAULT_STRATEGY, Z_FILTERED};
    size_t smallest = 0;
    for (size_t f = 0; f < sizeof filters / sizeof filters[0]; f++) {
        for (size_t s = 0; s < sizeof strategies / sizeof strategies[0]; s++) {
            struct png_sink sink = {NULL, 0, 0};
            size_t size = write_png(rgb, width, height, NULL, 0, 9, filters[f], strategies[s], 0, &sink);
            if (size > 0 && (smallest == 0 || size < smallest)) smallest = size;
        }
    }
    return smallest;
}

size_t photorama_zlib_size(const unsigned char *bytes, size_t count, int level) {
    uLongf size = compressBound((uLong)count);
    unsigned char *out = malloc(size);
    if (out == NULL) return 0;
    int status = compress2(out, &size, bytes, (uLong)count, level);
    free(out);
    return status == Z_OK ? (size_t)size : 0;
}
