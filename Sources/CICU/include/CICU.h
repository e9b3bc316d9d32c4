// Plain-C face of ICU for Tappable. Only fixed-width integer types cross this boundary, so
// Swift modules can import it next to Foundation (whose own ICU copy clashes with <unicode/...>).
#ifndef TAPPABLE_CICU_H
#define TAPPABLE_CICU_H

#include <stdint.h>

/// Break kinds written by tp_line_breaks, one per boundary position 0...length.
enum { TP_BREAK_NONE = 0, TP_BREAK_ALLOWED = 1, TP_BREAK_MANDATORY = 2 };

/// UAX #14 line-break opportunities of UTF-16 `text`. `out` must hold length + 1 bytes;
/// out[i] says whether a line may (1) or must (2) break before code unit i.
/// Returns 0 on success, a negative ICU error otherwise.
int32_t tp_line_breaks(const uint16_t *text, int32_t length, uint8_t *out);

/// UAX #29 extended grapheme cluster boundaries. `out` (length + 1 bytes) gets 1 at each boundary.
/// Returns 0 on success, a negative ICU error otherwise.
int32_t tp_grapheme_breaks(const uint16_t *text, int32_t length, uint8_t *out);

/// Unicode Bidi Algorithm embedding levels, one per UTF-16 unit, for one paragraph.
/// `base_direction`: 0 left-to-right, 1 right-to-left, -1 from the first strong character
/// (left-to-right when there is none). Returns the paragraph level (0 or 1), or a negative ICU error.
int32_t tp_bidi_levels(const uint16_t *text, int32_t length, int32_t base_direction, uint8_t *levels);

/// Visual order (rule L2) of `length` items with the given levels: visual_to_logical[v] = logical index.
/// Returns 0 on success, a negative value on bad input.
int32_t tp_bidi_reorder(const uint8_t *levels, int32_t length, int32_t *visual_to_logical);

/// The Unicode script (ISO 15924, packed big-endian into 4 bytes, e.g. 'Latn') of each UTF-16 unit.
/// Common and inherited characters get 'Zyyy' and 'Zinh'. Returns 0 on success.
int32_t tp_scripts(const uint16_t *text, int32_t length, uint32_t *tags);

#endif
