#include "CICU.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/uscript.h>
#include <unicode/utf16.h>

/* Opening a break iterator loads its rules: costly. Each thread keeps one of each kind, points
   it at new text, and closes both when the thread ends (a pthread key destructor). */
typedef struct {
    UBreakIterator *line;
    UBreakIterator *character;
} ThreadIterators;

static pthread_key_t iterators_key;
static pthread_once_t iterators_once = PTHREAD_ONCE_INIT;

static void destroy_iterators(void *pointer) {
    ThreadIterators *its = pointer;
    if (its->line) ubrk_close(its->line);
    if (its->character) ubrk_close(its->character);
    free(its);
}

static void make_iterators_key(void) { pthread_key_create(&iterators_key, destroy_iterators); }

static UBreakIterator *iterator(UBreakIteratorType type, const uint16_t *text, int32_t length, UErrorCode *status) {
    pthread_once(&iterators_once, make_iterators_key);
    ThreadIterators *its = pthread_getspecific(iterators_key);
    if (its == NULL) {
        its = calloc(1, sizeof *its);
        if (its == NULL || pthread_setspecific(iterators_key, its) != 0) {
            free(its);
            *status = U_MEMORY_ALLOCATION_ERROR;
            return NULL;
        }
    }
    UBreakIterator **slot = type == UBRK_LINE ? &its->line : &its->character;
    if (*slot == NULL) {
        *slot = ubrk_open(type, "en", (const UChar *)text, length, status);
        if (U_FAILURE(*status)) { *slot = NULL; return NULL; }
        return *slot;
    }
    ubrk_setText(*slot, (const UChar *)text, length, status);
    return U_FAILURE(*status) ? NULL : *slot;
}

static int32_t fill_breaks(UBreakIteratorType type, const uint16_t *text, int32_t length, uint8_t *out) {
    memset(out, 0, (size_t)length + 1);
    if (length == 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = iterator(type, text, length, &status);
    if (it == NULL) return -(int32_t)status;
    for (int32_t pos = ubrk_first(it); pos != UBRK_DONE; pos = ubrk_next(it)) {
        if (pos <= 0 || pos > length) continue;
        uint8_t kind = TP_BREAK_ALLOWED;
        if (type == UBRK_LINE && ubrk_getRuleStatus(it) >= UBRK_LINE_HARD) kind = TP_BREAK_MANDATORY;
        out[pos] = kind;
    }
    if (type == UBRK_CHARACTER) out[0] = 1;
    /* Let go of the caller's text: the iterator must not point at freed memory. */
    status = U_ZERO_ERROR;
    ubrk_setText(it, (const UChar *)u"", 0, &status);
    return 0;
}

int32_t tp_line_breaks(const uint16_t *text, int32_t length, uint8_t *out) {
    if (length < 0 || (length > 0 && (!text || !out))) return -1;
    return fill_breaks(UBRK_LINE, text, length, out);
}

int32_t tp_grapheme_breaks(const uint16_t *text, int32_t length, uint8_t *out) {
    if (length < 0 || (length > 0 && (!text || !out))) return -1;
    return fill_breaks(UBRK_CHARACTER, text, length, out);
}

int32_t tp_bidi_levels(const uint16_t *text, int32_t length, int32_t base_direction, uint8_t *levels) {
    if (length < 0 || (length > 0 && (!text || !levels))) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status)) return -(int32_t)status;
    UBiDiLevel para = base_direction == 0 ? 0 : base_direction == 1 ? 1 : UBIDI_DEFAULT_LTR;
    ubidi_setPara(bidi, (const UChar *)text, length, para, NULL, &status);
    if (U_FAILURE(status)) { ubidi_close(bidi); return -(int32_t)status; }
    int32_t level = ubidi_getParaLevel(bidi);
    if (length > 0) {
        const UBiDiLevel *l = ubidi_getLevels(bidi, &status);
        if (U_FAILURE(status)) { ubidi_close(bidi); return -(int32_t)status; }
        memcpy(levels, l, (size_t)length);
    }
    ubidi_close(bidi);
    return level & 1;
}

int32_t tp_bidi_reorder(const uint8_t *levels, int32_t length, int32_t *visual_to_logical) {
    if (length < 0 || (length > 0 && (!levels || !visual_to_logical))) return -1;
    if (length == 0) return 0;
    ubidi_reorderVisual(levels, length, visual_to_logical);
    return 0;
}

int32_t tp_scripts(const uint16_t *text, int32_t length, uint32_t *tags) {
    if (length < 0 || (length > 0 && (!text || !tags))) return -1;
    int32_t i = 0;
    UScriptCode last_code = USCRIPT_INVALID_CODE;
    uint32_t last_tag = 0;
    while (i < length) {
        int32_t start = i;
        UChar32 c;
        U16_NEXT(text, i, length, c);
        UErrorCode status = U_ZERO_ERROR;
        UScriptCode code = uscript_getScript(c, &status);
        if (U_FAILURE(status)) code = USCRIPT_INVALID_CODE;
        if (code != last_code || last_tag == 0) {
            /* The tag of a script is looked up once per change of script, not per character. */
            const char *name = code != USCRIPT_INVALID_CODE ? uscript_getShortName(code) : "Zzzz";
            if (!name || strlen(name) != 4) name = "Zzzz";
            last_tag = ((uint32_t)(uint8_t)name[0] << 24) | ((uint32_t)(uint8_t)name[1] << 16) |
                       ((uint32_t)(uint8_t)name[2] << 8) | (uint32_t)(uint8_t)name[3];
            last_code = code;
        }
        for (int32_t k = start; k < i; k++) tags[k] = last_tag;
    }
    return 0;
}
