// Plain-C face of libpng's low-level API for Tappable. libpng reports errors with longjmp, which
// Swift cannot catch, so every libpng call happens in CPNGCodec.c under setjmp and comes back
// as a status code plus a one-line message. Only fixed-width integers and byte pointers cross.
#ifndef TAPPABLE_CPNGCODEC_H
#define TAPPABLE_CPNGCODEC_H

#include <stddef.h>
#include <stdint.h>

/// Outcome of tp_png_decode_rgba and tp_png_encode.
enum {
    /// Done; the pixels (or the file bytes) are complete.
    TP_PNG_OK = 0,
    /// libpng or the codec refused the data; `message` says why (e.g. "IHDR: CRC error").
    TP_PNG_FAILED = 1,
    /// The data ended before the last image row or before IEND (nothing wrong so far).
    TP_PNG_INCOMPLETE = 2,
};

/// libpng's row filter bits (PNG_FILTER_*), for tp_png_encode's `filters` mask.
enum {
    TP_PNG_FILTER_NONE = 0x08,
    TP_PNG_FILTER_SUB = 0x10,
    TP_PNG_FILTER_UP = 0x20,
    TP_PNG_FILTER_AVG = 0x40,
    TP_PNG_FILTER_PAETH = 0x80,
    TP_PNG_FILTER_ALL = 0xF8,
};

/// Decodes the PNG in `data` (any colour type and bit depth, interlaced or not) into straight-alpha
/// RGBA8, `width * 4` bytes per row, into `pixels` (`width * height * 4` bytes, written by the
/// caller-checked header). 16-bit samples are scaled to 8 bits; gAMA, cHRM, iCCP, sRGB and cICP
/// are ignored (stored values, no colour conversion).
///
/// The compressed image data is inflated only as far as the image needs: data that decompresses
/// past the last row fails at once ("continues past the end of the image") instead of being
/// inflated to its end, and a zlib error after the last row (bad checksum) fails too.
/// Returns TP_PNG_FAILED when the header's size is not `width` x `height`.
/// `message` (at least 1 byte) receives a NUL-terminated reason for TP_PNG_FAILED / TP_PNG_INCOMPLETE.
int32_t tp_png_decode_rgba(const uint8_t *data, size_t length, uint32_t width, uint32_t height,
                           uint8_t *pixels, char *message, size_t message_capacity);

/// Encodes 8-bit samples, `width * channels` bytes per row, as a PNG file in one pass.
/// `color_type`: 0 grey, 2 RGB, 3 palette (then `palette_rgba` holds `palette_entries` RGBA
/// quadruples, 1...256; PLTE and, when some entry is translucent, tRNS are written), 4 grey-alpha,
/// 6 RGBA. `level`: zlib level 0...9. `filters`: a TP_PNG_FILTER_* mask (libpng picks per row).
/// `skip_fourth`: for RGB (2) only, 1 when each pixel in `samples` is four bytes whose fourth is
/// skipped (RGBA rows stored as RGB without a copy); 0 otherwise.
/// An sRGB chunk marks the colour space, as libpng's simplified writer does.
/// On TP_PNG_OK, `*output` is a malloc'd buffer of `*output_length` bytes for the caller to free.
int32_t tp_png_encode(const uint8_t *samples, uint32_t width, uint32_t height, int32_t color_type,
                      const uint8_t *palette_rgba, int32_t palette_entries, int32_t level, int32_t filters,
                      int32_t skip_fourth, uint8_t **output, size_t *output_length, char *message, size_t message_capacity);

#endif
