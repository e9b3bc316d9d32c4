// libphonenumber (Debian libphonenumber-dev, C++) behind a small C API Swift can call.
// Only ASCII digits and region codes cross this boundary; no C++ type leaks into Swift.
#ifndef TAPPABLE_CPHONENUMBERS_H
#define TAPPABLE_CPHONENUMBERS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What libphonenumber makes of a number.
typedef struct TappablePhoneNumber {
    /// 1 when the number is valid (an assigned range in libphonenumber's metadata), else 0.
    int valid;
    /// The country calling code (44 for +44), 0 when the number could not be parsed.
    int countryCode;
    /// The number in E.164 (`+442079460958`), NUL-terminated; empty when it could not be parsed.
    char e164[24];
    /// The ISO 3166 region the number belongs to (`GB`, `001` for non-geographic), NUL-terminated.
    char region[4];
} TappablePhoneNumber;

/// Parses `digits`: ASCII digits with an optional leading `+` (international form), at most 40
/// bytes. A number without `+` is a national number of `region` (ISO 3166 alpha-2, `US`).
/// Returns 1 and fills `out` when libphonenumber parses it (check `out->valid`), 0 when not
/// (bad characters, too long, unknown region, not a number); `out` is then zeroed.
int tappable_phone_parse(const char *digits, const char *region, TappablePhoneNumber *out);

/// The country calling code of `region` (`GB` gives 44), 0 for a region libphonenumber does not know.
int tappable_phone_country_code(const char *region);

/// The national (trunk) prefix of `region` (`0` for GB, `1` for US), written NUL-terminated to
/// `out` (at most `capacity` bytes, truncated); empty for none or an unknown region.
void tappable_phone_national_prefix(const char *region, char *out, size_t capacity);

/// How many regions libphonenumber's metadata covers.
int tappable_phone_region_count(void);

#ifdef __cplusplus
}
#endif

#endif
