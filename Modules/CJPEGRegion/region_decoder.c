#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>
#include "CJPEGRegion.h"

// MARK: - Errors as values
/// libjpeg's error manager with a place to jump back to; every longjmp lands in the function that set it.
struct region_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    int status;
    char message[JMSG_LENGTH_MAX];
};

static void fail_with(j_common_ptr info, int status) {
    struct region_error *error = (struct region_error *)info->err;
    error->status = status;
    (*info->err->format_message)(info, error->message);
    longjmp(error->jump, 1);
}

static void error_exit(j_common_ptr info) {
    // Over max_memory_to_use, libjpeg asks for a backing store, which libjpeg-turbo does not have.
    const int code = info->err->msg_code;
    fail_with(info, code == JERR_OUT_OF_MEMORY || code == JERR_NO_BACKING_STORE ? PHOTORAMA_JPEG_TOO_LARGE : PHOTORAMA_JPEG_CORRUPT);
}

/// Warnings about corrupt or missing data stop the decode, as JPEGDecoder refuses them: what libjpeg
/// would go on with is grey filler. Other warnings and trace messages are ignored.
static void emit_message(j_common_ptr info, int level) {
    if (level >= 0) return;
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    if (strncmp(text, "Premature end", 13) == 0 || strncmp(text, "Corrupt JPEG data", 17) == 0) {
        fail_with(info, PHOTORAMA_JPEG_CORRUPT);
    }
}

/// TurboJPEG's TJFLAG_LIMITSCANS: a progressive file with more than 500 scans is a CPU bomb.
static void progress_monitor(j_common_ptr info) {
    if (info->is_decompressor && ((j_decompress_ptr)info)->input_scan_number > 500) {
        struct region_error *error = (struct region_error *)info->err;
        error->status = PHOTORAMA_JPEG_CORRUPT;
        snprintf(error->message, sizeof error->message, "more than 500 scans");
        longjmp(error->jump, 1);
    }
}

static void copy_message(const struct region_error *error, char *message, size_t message_size) {
    if (message && message_size > 0) snprintf(message, message_size, "%s", error->message);
}

/// The components `space` decodes to; 0 when it cannot be drawn.
static int components_of(J_COLOR_SPACE space) {
    switch (space) {
    case JCS_GRAYSCALE:
    case JCS_YCbCr:
    case JCS_RGB:
        return 3;
    case JCS_CMYK:
    case JCS_YCCK:
        return 4;
    default:
        return 0;
    }
}

/// libjpeg's errors and warnings for `info` go to `error` (status codes, never exit); the caller's setjmp
/// must follow, in its own frame, before any libjpeg call.
static void use_region_errors(struct jpeg_decompress_struct *info, struct region_error *error) {
    memset(error, 0, sizeof *error);
    info->err = jpeg_std_error(&error->manager);
    error->manager.error_exit = error_exit;
    error->manager.emit_message = emit_message;
}

// MARK: - Header
int photorama_jpeg_read_header(
    const unsigned char *bytes, size_t count, photorama_jpeg_header *header, char *message, size_t message_size) {
    struct jpeg_decompress_struct info;
    struct region_error error;
    use_region_errors(&info, &error);
    if (setjmp(error.jump)) {
        copy_message(&error, message, message_size);
        jpeg_destroy_decompress(&info);
        return error.status;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, bytes, (unsigned long)count);
    jpeg_read_header(&info, TRUE);
    header->width = (int)info.image_width;
    header->height = (int)info.image_height;
    header->components = components_of(info.jpeg_color_space);
    header->progressive = info.progressive_mode ? 1 : 0;
    jpeg_destroy_decompress(&info);
    if (header->components == 0) {
        if (message && message_size > 0) snprintf(message, message_size, "JPEG colour space %d", (int)info.jpeg_color_space);
        return PHOTORAMA_JPEG_UNSUPPORTED;
    }
    return PHOTORAMA_JPEG_OK;
}

// MARK: - Region
int photorama_jpeg_decode_region(
    const unsigned char *bytes, size_t count, int eighths, int x, int y, int width, int height, size_t max_memory,
    unsigned char *output, size_t output_size, char *message, size_t message_size) {
    if (eighths < 1 || eighths > 8 || x < 0 || y < 0 || width < 1 || height < 1) return PHOTORAMA_JPEG_BAD_ARGUMENT;
    struct jpeg_decompress_struct info;
    struct region_error error;
    use_region_errors(&info, &error);
    struct jpeg_progress_mgr progress;
    memset(&progress, 0, sizeof progress);
    progress.progress_monitor = progress_monitor;
    if (setjmp(error.jump)) {
        copy_message(&error, message, message_size);
        jpeg_destroy_decompress(&info);
        return error.status;
    }
    jpeg_create_decompress(&info);
    info.mem->max_memory_to_use = (long)max_memory;
    info.progress = &progress;
    jpeg_mem_src(&info, bytes, (unsigned long)count);
    jpeg_read_header(&info, TRUE);
    int components = components_of(info.jpeg_color_space);
    if (components == 0) {
        jpeg_destroy_decompress(&info);
        return PHOTORAMA_JPEG_UNSUPPORTED;
    }
    info.out_color_space = components == 4 ? JCS_CMYK : JCS_RGB;
    info.scale_num = (unsigned int)eighths;
    info.scale_denom = 8;
    // TurboJPEG's defaults, so a region matches the whole-picture decode: accurate integer IDCT, smooth
    // (fancy) chroma upsampling.
    info.dct_method = JDCT_ISLOW;
    info.do_fancy_upsampling = TRUE;
    jpeg_start_decompress(&info);
    const JDIMENSION full_width = info.output_width;
    const JDIMENSION full_height = info.output_height;
    if ((JDIMENSION)x + (JDIMENSION)width > full_width || (JDIMENSION)y + (JDIMENSION)height > full_height
        || output_size != (size_t)width * (size_t)height * (size_t)components) {
        jpeg_destroy_decompress(&info);
        return PHOTORAMA_JPEG_BAD_ARGUMENT;
    }
    // One iMCU of margin on each side: chroma upsampling at a crop's edge would repeat the edge sample, so
    // decoding a little more keeps the region's pixels the whole picture's.
    const JDIMENSION margin_x = (JDIMENSION)(info.max_h_samp_factor * info.min_DCT_scaled_size);
    const JDIMENSION margin_y = (JDIMENSION)(info.max_v_samp_factor * info.min_DCT_scaled_size);
    JDIMENSION left = (JDIMENSION)x > margin_x ? (JDIMENSION)x - margin_x : 0;
    JDIMENSION right = (JDIMENSION)(x + width) + margin_x < full_width ? (JDIMENSION)(x + width) + margin_x : full_width;
    JDIMENSION top = (JDIMENSION)y > margin_y ? (JDIMENSION)y - margin_y : 0;
    JDIMENSION crop_x = left;
    JDIMENSION crop_width = right - left;
    if (crop_x > 0 || crop_width < full_width) jpeg_crop_scanline(&info, &crop_x, &crop_width);
    if (top > 0) jpeg_skip_scanlines(&info, top);
    JSAMPARRAY row = (*info.mem->alloc_sarray)((j_common_ptr)&info, JPOOL_IMAGE, crop_width * (JDIMENSION)components, 1);
    const size_t skip_bytes = (size_t)((JDIMENSION)x - crop_x) * (size_t)components;
    const size_t row_bytes = (size_t)width * (size_t)components;
    while (info.output_scanline < (JDIMENSION)(y + height)) {
        const JDIMENSION line = info.output_scanline;
        if (jpeg_read_scanlines(&info, row, 1) != 1) {
            // Suspension cannot happen with a memory source; treat it as missing data.
            snprintf(error.message, sizeof error.message, "no scanline");
            copy_message(&error, message, message_size);
            jpeg_destroy_decompress(&info);
            return PHOTORAMA_JPEG_CORRUPT;
        }
        if (line >= (JDIMENSION)y) memcpy(output + (size_t)(line - (JDIMENSION)y) * row_bytes, row[0] + skip_bytes, row_bytes);
    }
    // The rows below are never decoded: destroying aborts the decompression.
    jpeg_destroy_decompress(&info);
    return PHOTORAMA_JPEG_OK;
}
