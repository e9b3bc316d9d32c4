#include "CPNGCodec.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(TP_PNG_FILTER_NONE == PNG_FILTER_NONE && TP_PNG_FILTER_SUB == PNG_FILTER_SUB
               && TP_PNG_FILTER_UP == PNG_FILTER_UP && TP_PNG_FILTER_AVG == PNG_FILTER_AVG
               && TP_PNG_FILTER_PAETH == PNG_FILTER_PAETH && TP_PNG_FILTER_ALL == PNG_ALL_FILTERS,
               "TP_PNG_FILTER_* mirror libpng's PNG_FILTER_*");

/* Where messages go; the first failure wins. */
typedef struct {
    char *text;
    size_t capacity;
} Message;

static void set_message(Message *m, const char *text) {
    if (m->capacity == 0) return;
    size_t n = strlen(text);
    if (n >= m->capacity) n = m->capacity - 1;
    memcpy(m->text, text, n);
    m->text[n] = 0;
}

static int starts_with(const char *text, const char *prefix) {
    return strncmp(text, prefix, strlen(prefix)) == 0;
}

/* MARK: Decoding (libpng's progressive reader: it stops inflating after the last row) */

typedef struct {
    Message message;
    uint8_t *pixels;
    uint32_t width, height;
    int last_pass;  /* 6 for Adam7 (libpng reports every image row in every pass), else 0 */
    int complete;   /* the last row of the last pass arrived */
    int ended;      /* IEND was read */
} Decoder;

static void decode_error(png_structp png, png_const_charp text) {
    Decoder *d = png_get_error_ptr(png);
    set_message(&d->message, text);
    png_longjmp(png, 1);
}

/* The progressive reader only warns about trouble in the compressed stream once the image is
   complete (and only warns about a bad checksum found with the last row's bytes). Those mean the
   pixels cannot be trusted, or the data is a bomb: errors. */
static void decode_warning(png_structp png, png_const_charp text) {
    if (starts_with(text, "Extra compressed data")) {
        png_error(png, "IDAT: the compressed image data continues past the end of the image");
    }
    if (starts_with(text, "Truncated compressed data")) {
        png_error(png, "IDAT: damaged compressed image data (invalid zlib code or checksum)");
    }
    if (strstr(text, "ADLER32 checksum mismatch") != NULL) {
        png_error(png, "IDAT: damaged compressed image data (invalid zlib code or checksum)");
    }
    /* Everything else (a bad ancillary chunk, bytes after the zlib stream) is harmless to the pixels. */
}

static void on_info(png_structp png, png_infop info) {
    Decoder *d = png_get_progressive_ptr(png);
    png_uint_32 width, height;
    int depth, color, interlace;
    png_get_IHDR(png, info, &width, &height, &depth, &color, &interlace, NULL, NULL);
    if (width != d->width || height != d->height || d->pixels == NULL) {
        png_error(png, "IHDR: size differs from the header checked before decoding");
    }
    png_set_expand(png);  /* palette to RGB, tRNS to alpha, 1/2/4-bit grey to 8 bits */
    png_set_scale_16(png);
    png_set_gray_to_rgb(png);
    if ((color & PNG_COLOR_MASK_ALPHA) == 0 && !png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    }
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) png_error(png, "unexpected row size after expanding to RGBA8");
    d->last_pass = interlace == PNG_INTERLACE_NONE ? 0 : 6;
}

static void on_row(png_structp png, png_bytep row, png_uint_32 row_number, int pass) {
    Decoder *d = png_get_progressive_ptr(png);
    if (row_number >= d->height) png_error(png, "row number past the image height");
    if (row != NULL) png_progressive_combine_row(png, d->pixels + (size_t)row_number * d->width * 4, row);
    if (pass == d->last_pass && row_number == d->height - 1) d->complete = 1;
}

static void on_end(png_structp png, png_infop info) {
    (void)info;
    Decoder *d = png_get_progressive_ptr(png);
    d->ended = 1;
}

static const png_byte ignored_chunks[] = "gAMA\0cHRM\0iCCP\0sRGB\0cICP";

int32_t tp_png_decode_rgba(const uint8_t *data, size_t length, uint32_t width, uint32_t height,
                           uint8_t *pixels, char *message, size_t message_capacity) {
    Decoder decoder = {{message, message_capacity}, pixels, width, height, 0, 0, 0};
    Decoder *d = &decoder;
    set_message(&d->message, "");
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, d, decode_error, decode_warning);
    if (png == NULL) {
        set_message(&d->message, "out of memory");
        return TP_PNG_FAILED;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        set_message(&d->message, "out of memory");
        return TP_PNG_FAILED;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        return TP_PNG_FAILED;
    }
    /* The caller bounds width * height; PNG itself allows 2^31 - 1 per side. */
    png_set_user_limits(png, 0x7FFFFFFF, 0x7FFFFFFF);
    png_set_chunk_malloc_max(png, 8000000);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, ignored_chunks, 5);
    png_set_progressive_read_fn(png, d, on_info, on_row, on_end);
    png_process_data(png, info, (png_bytep)data, length);
    png_destroy_read_struct(&png, &info, NULL);
    if (!d->complete) {
        set_message(&d->message, "the image data ends before the last row");
        return TP_PNG_INCOMPLETE;
    }
    if (!d->ended) {
        set_message(&d->message, "image data complete, IEND missing");
        return TP_PNG_INCOMPLETE;
    }
    return TP_PNG_OK;
}

/* MARK: Encoding (one pass into a growing buffer) */

typedef struct {
    Message message;
    uint8_t *bytes;
    size_t length, capacity;
} Encoder;

static void encode_error(png_structp png, png_const_charp text) {
    Encoder *e = png_get_error_ptr(png);
    set_message(&e->message, text);
    png_longjmp(png, 1);
}

static void encode_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void on_write(png_structp png, png_bytep bytes, size_t count) {
    Encoder *e = png_get_io_ptr(png);
    if (count > e->capacity - e->length) {
        size_t capacity = e->capacity;
        while (count > capacity - e->length) {
            if (capacity > SIZE_MAX / 2) png_error(png, "encoded file too large for memory");
            capacity *= 2;
        }
        uint8_t *grown = realloc(e->bytes, capacity);
        if (grown == NULL) png_error(png, "out of memory");
        e->bytes = grown;
        e->capacity = capacity;
    }
    memcpy(e->bytes + e->length, bytes, count);
    e->length += count;
}

static void on_flush(png_structp png) { (void)png; }

static int channels_of(int32_t color_type) {
    switch (color_type) {
    case PNG_COLOR_TYPE_GRAY: return 1;
    case PNG_COLOR_TYPE_PALETTE: return 1;
    case PNG_COLOR_TYPE_GRAY_ALPHA: return 2;
    case PNG_COLOR_TYPE_RGB: return 3;
    case PNG_COLOR_TYPE_RGB_ALPHA: return 4;
    default: return 0;
    }
}

int32_t tp_png_encode(const uint8_t *samples, uint32_t width, uint32_t height, int32_t color_type,
                      const uint8_t *palette_rgba, int32_t palette_entries, int32_t level, int32_t filters,
                      int32_t skip_fourth, uint8_t **output, size_t *output_length, char *message, size_t message_capacity) {
    Message failure = {message, message_capacity};
    set_message(&failure, "");
    *output = NULL;
    *output_length = 0;
    int channels = channels_of(color_type);
    if (channels == 0 || width == 0 || height == 0 || width > 0x7FFFFFFF || height > 0x7FFFFFFF
        || (skip_fourth != 0 && (skip_fourth != 1 || color_type != PNG_COLOR_TYPE_RGB))
        || level < 0 || level > 9 || (filters & ~TP_PNG_FILTER_ALL) != 0 || filters == 0
        || (color_type == PNG_COLOR_TYPE_PALETTE && (palette_rgba == NULL || palette_entries < 1 || palette_entries > 256))) {
        set_message(&failure, "invalid encoding parameters");
        return TP_PNG_FAILED;
    }
    size_t row_bytes = (size_t)width * (size_t)(channels + skip_fourth);
    /* On the heap, not in this frame: libpng's longjmp must not leave it indeterminate. */
    Encoder *e = calloc(1, sizeof(Encoder));
    if (e != NULL) {
        e->message = failure;
        e->capacity = 4096;  /* a first guess; the buffer doubles as needed */
        e->bytes = malloc(e->capacity);
    }
    if (e == NULL || e->bytes == NULL) {
        free(e);
        set_message(&failure, "out of memory");
        return TP_PNG_FAILED;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, e, encode_error, encode_warning);
    png_infop info = png == NULL ? NULL : png_create_info_struct(png);
    if (png == NULL || info == NULL) {
        png_destroy_write_struct(&png, NULL);
        free(e->bytes);
        free(e);
        set_message(&failure, "out of memory");
        return TP_PNG_FAILED;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(e->bytes);
        free(e);
        return TP_PNG_FAILED;
    }
    png_set_write_fn(png, e, on_write, on_flush);
    png_set_IHDR(png, info, width, height, 8, color_type, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE,
                 PNG_FILTER_TYPE_BASE);
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    if (color_type == PNG_COLOR_TYPE_PALETTE) {
        png_color colors[256];
        png_byte alphas[256];
        int translucent = 0;
        for (int i = 0; i < palette_entries; i++) {
            colors[i].red = palette_rgba[i * 4];
            colors[i].green = palette_rgba[i * 4 + 1];
            colors[i].blue = palette_rgba[i * 4 + 2];
            alphas[i] = palette_rgba[i * 4 + 3];
            if (alphas[i] != 255) translucent = i + 1;
        }
        png_set_PLTE(png, info, colors, palette_entries);
        if (translucent > 0) png_set_tRNS(png, info, alphas, translucent, NULL);
    }
    png_set_compression_level(png, level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_write_info(png, info);
    /* After png_write_info, which sets the colour type the transformation checks. */
    if (skip_fourth) png_set_filler(png, 0, PNG_FILLER_AFTER);  /* on writing: drop each pixel's fourth byte */
    for (uint32_t y = 0; y < height; y++) {
        png_write_row(png, samples + (size_t)y * row_bytes);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    *output = e->bytes;
    *output_length = e->length;
    free(e);
    return TP_PNG_OK;
}
