#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H

/* FreeType's own words for an error code, e.g. "unknown file format" for 0x02, taken from the
   installed fterrdef.h by the list macros fterrors.h documents (Debian builds FreeType without
   FT_Error_String's strings). NULL for a code the list lacks. */
static inline const char *tappable_ft_error_message(FT_Error error) {
#undef FTERRORS_H_
#undef __FTERRORS_H__
#define FT_ERROR_START_LIST switch (FT_ERROR_BASE(error)) {
#define FT_ERRORDEF(e, v, s) case v: return s;
#define FT_ERROR_END_LIST }
#include FT_ERRORS_H
    return 0;
}
