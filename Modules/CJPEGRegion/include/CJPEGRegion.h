#ifndef PHOTORAMA_CJPEGREGION_H
#define PHOTORAMA_CJPEGREGION_H
#include <stddef.h>

// One region of a JPEG through libjpeg-turbo's libjpeg API (Debian libjpeg62-turbo-dev): a DCT scale,
// jpeg_crop_scanline and jpeg_skip_scanlines, so only the rows and iMCU columns of the region are
// inverse-transformed. libjpeg reports errors by longjmp; that stays in region_decoder.c, and these
// functions return a status as a value (Swift never sees a longjmp).

/// What the functions return.
enum photorama_jpeg_status {
    PHOTORAMA_JPEG_OK = 0,
    /// libjpeg gave up, or warned of corrupt or missing data (what it would leave is grey filler).
    PHOTORAMA_JPEG_CORRUPT = 1,
    /// Over the memory given (a progressive file keeps every coefficient of the picture).
    PHOTORAMA_JPEG_TOO_LARGE = 2,
    /// A colour space we cannot turn into RGB.
    PHOTORAMA_JPEG_UNSUPPORTED = 3,
    /// A region outside the scaled picture, a scale outside 1…8, an output of the wrong size.
    PHOTORAMA_JPEG_BAD_ARGUMENT = 4,
};

/// A JPEG's frame, from its headers alone.
typedef struct photorama_jpeg_header {
    int width;
    int height;
    /// 3: decoded as RGB (YCbCr, RGB, greyscale); 4: decoded as CMYK as libjpeg gives Adobe files (inverted).
    int components;
    int progressive;
} photorama_jpeg_header;

/// Reads the headers of `bytes`. `message` (of `message_size` bytes, NUL-terminated) gets libjpeg's words
/// when the status is not OK.
int photorama_jpeg_read_header(
    const unsigned char *bytes, size_t count, photorama_jpeg_header *header, char *message, size_t message_size);

/// Decodes the region `x`, `y`, `width` × `height` of the picture scaled by `eighths`/8 (1…8; the scaled
/// picture is ceil(size × eighths / 8), stored orientation) into `output`, `width` × `height` pixels of
/// `components` bytes (as `photorama_jpeg_read_header` says), rows without padding. libjpeg may use at most
/// `max_memory` bytes for its own buffers.
int photorama_jpeg_decode_region(
    const unsigned char *bytes, size_t count, int eighths, int x, int y, int width, int height, size_t max_memory,
    unsigned char *output, size_t output_size, char *message, size_t message_size);

#endif
