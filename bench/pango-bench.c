// pango-bench: Pango 1.50 + Cairo doing what `tappable-bench --mode` does, on the same font
// file, text, size, width and scale, printing the same JSON shape, so the two can be run
// interleaved (bench/compare.py). Built only by `make bench` (needs libpango1.0-dev).
//
//   pango-bench --font FILE (--text TEXT | --text-file F) --size PT --width PT --scale S
//               --iterations N --mode layout|render|png|hit|shape [--out FILE.png]
//
// `shape` is HarfBuzz alone, no Pango: the text shaped as one run with the font file at one unit
// per font unit (as Tappable shapes), language "en", script and direction guessed; the floor
// under any engine's layout that shapes with HarfBuzz.
// Units match Tappable's: the context runs at 72 dpi, so a point is one Cairo user unit and
// `--size 17` is a 17 pt font; `--scale 2` paints two device pixels per point. Fonts: only
// the given file (a private fontconfig configuration, no system fonts, no fallback). Text is
// unhinted, grey-antialiased, with unrounded glyph positions and metrics, as Tappable paints.
// `--out` writes the label painted once, to look at. Times are nanoseconds of the thread's CPU time
// per operation (the machine's other load does not count): median, min and max over the
// iterations (after a warm-up of a tenth of them, at least one).
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <hb.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static void fail(const char *message, const char *detail) {
    fprintf(stderr, "pango-bench: %s%s%s\n", message, detail ? ": " : "", detail ? detail : "");
    exit(2);
}

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static int compare_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

// splitmix64: the same point sequence as tappable-bench's hit mode.
static uint64_t rng_state = 0x5441505041424C45u;
static double next_unit(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    z ^= z >> 31;
    return (double)(z >> 11) / 9007199254740992.0;
}

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) fail("cannot read", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    if (n < 0) fail("cannot size", path);
    char *text = malloc((size_t)n + 1);
    if (!text || fread(text, 1, (size_t)n, f) != (size_t)n) fail("cannot read", path);
    text[n] = 0;
    fclose(f);
    return text;
}

typedef struct { const char *font, *text, *mode, *out; double size, width, scale; int iterations; } Options;

static Options parse(int argc, char **argv) {
    Options o = { NULL, NULL, "layout", NULL, 17, 320, 2, 100 };
    for (int i = 1; i < argc; i++) {
        const char *name = argv[i];
        if (i + 1 >= argc) fail("missing value for", name);
        const char *value = argv[++i];
        if (!strcmp(name, "--font")) o.font = value;
        else if (!strcmp(name, "--text")) o.text = value;
        else if (!strcmp(name, "--text-file")) o.text = read_file(value);
        else if (!strcmp(name, "--size")) o.size = atof(value);
        else if (!strcmp(name, "--width")) o.width = atof(value);
        else if (!strcmp(name, "--scale")) o.scale = atof(value);
        else if (!strcmp(name, "--iterations")) o.iterations = atoi(value);
        else if (!strcmp(name, "--mode")) o.mode = value;
        else if (!strcmp(name, "--out")) o.out = value;
        else if (!strcmp(name, "--png-compression")) { /* Cairo's writer has one setting */ }
        else fail("unknown option", name);
    }
    if (!o.font || !o.text) fail("--font and --text (or --text-file) are required", NULL);
    if (!(o.size > 0 && o.width > 0 && o.scale > 0 && o.iterations > 0)) fail("size, width, scale and iterations must be positive", NULL);
    return o;
}

static PangoContext *context_for(const Options *o, char **family) {
    FcConfig *config = FcConfigCreate();
    if (!FcConfigAppFontAddFile(config, (const FcChar8 *)o->font)) fail("fontconfig cannot read", o->font);
    FcFontSet *set = FcConfigGetFonts(config, FcSetApplication);
    FcChar8 *name = NULL;
    if (!set || set->nfont < 1 || FcPatternGetString(set->fonts[0], FC_FAMILY, 0, &name) != FcResultMatch) fail("no family in", o->font);
    *family = strdup((const char *)name);
    PangoFontMap *map = pango_cairo_font_map_new();
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
    PangoContext *context = pango_font_map_create_context(map);
    pango_cairo_context_set_resolution(context, 72);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    pango_cairo_context_set_font_options(context, options);
    cairo_font_options_destroy(options);
    pango_context_set_round_glyph_positions(context, FALSE);
    return context;
}

static PangoLayout *make_layout(PangoContext *context, const Options *o, const PangoFontDescription *font) {
    PangoLayout *layout = pango_layout_new(context);
    pango_layout_set_font_description(layout, font);
    pango_layout_set_width(layout, (int)(o->width * PANGO_SCALE));
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_text(layout, o->text, -1);
    PangoRectangle ink, logical;
    pango_layout_get_extents(layout, &ink, &logical);   // lays the text out
    return layout;
}

/// A HarfBuzz font over the file at one unit per font unit, as Tappable's faces are.
static hb_font_t *harfbuzz_font(const char *path) {
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(path);
    if (!blob) fail("HarfBuzz cannot read", path);
    hb_face_t *face = hb_face_create(blob, 0);
    hb_blob_destroy(blob);
    hb_font_t *font = hb_font_create(face);
    unsigned upem = hb_face_get_upem(face);
    hb_font_set_scale(font, (int)upem, (int)upem);
    hb_face_destroy(face);
    return font;
}

/// Shapes `text` once as one run.
static void shape(hb_font_t *font, const char *text) {
    hb_buffer_t *buffer = hb_buffer_create();
    hb_buffer_add_utf8(buffer, text, -1, 0, -1);
    hb_buffer_set_language(buffer, hb_language_from_string("en", -1));
    hb_buffer_guess_segment_properties(buffer);
    hb_shape(font, buffer, NULL, 0);
    hb_buffer_destroy(buffer);
}

typedef struct { int width, height; size_t png_bytes; } Painted;

static cairo_status_t count_bytes(void *closure, const unsigned char *data, unsigned int length) {
    (void)data;
    *(size_t *)closure += length;
    return CAIRO_STATUS_SUCCESS;
}

/// Paints `layout` like LabelRenderer.image: a transparent image of the label's size (the width
/// asked for, the text's height) times the scale; with `png`, encodes it with Cairo's writer.
static Painted paint(PangoLayout *layout, const Options *o, int png) {
    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    Painted p = { (int)ceil(o->width * o->scale), (int)ceil((double)logical.height / PANGO_SCALE * o->scale), 0 };
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, p.width, p.height);
    cairo_t *cr = cairo_create(surface);
    cairo_scale(cr, o->scale, o->scale);
    pango_cairo_show_layout(cr, layout);
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    if (png && o->out && cairo_surface_write_to_png(surface, o->out) != CAIRO_STATUS_SUCCESS) fail("cannot write", o->out);
    if (png && cairo_surface_write_to_png_stream(surface, count_bytes, &p.png_bytes) != CAIRO_STATUS_SUCCESS) fail("PNG failed", NULL);
    cairo_surface_destroy(surface);
    return p;
}

int main(int argc, char **argv) {
    Options o = parse(argc, argv);
    char *family;
    PangoContext *context = context_for(&o, &family);
    PangoFontDescription *font = pango_font_description_new();
    pango_font_description_set_family(font, family);
    pango_font_description_set_size(font, (int)(o.size * PANGO_SCALE));

    PangoLayout *layout = make_layout(context, &o, font);
    int lines = pango_layout_get_line_count(layout);
    const char *operation;
    enum { LAYOUT, RENDER, PNG, HIT, SHAPE } mode;
    if (!strcmp(o.mode, "layout")) { mode = LAYOUT; operation = "layout"; }
    else if (!strcmp(o.mode, "render")) { mode = RENDER; operation = "render"; }
    else if (!strcmp(o.mode, "png")) { mode = PNG; operation = "renderPNG"; }
    else if (!strcmp(o.mode, "hit")) { mode = HIT; operation = "hit"; }
    else if (!strcmp(o.mode, "shape")) { mode = SHAPE; operation = "shape"; }
    else fail("--mode must be layout, render, png, hit or shape", o.mode);
    hb_font_t *harfbuzz = mode == SHAPE ? harfbuzz_font(o.font) : NULL;
    // Painted once (to report its size and PNG bytes) only where painting is what is measured:
    // a megabyte of text is taller than any image.
    Painted painted = { 0, 0, 0 };
    if (mode == RENDER || mode == PNG) painted = paint(layout, &o, 1);

    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    double height = (double)logical.height / PANGO_SCALE;
    // Layout mode keeps no layout besides the one being made: its peak memory is one layout's.
    if (mode == LAYOUT || mode == SHAPE) { g_object_unref(layout); layout = NULL; }
    enum { HITS = 100 };
    int warmup = o.iterations / 10 > 0 ? o.iterations / 10 : 1;
    uint64_t *times = malloc(sizeof(uint64_t) * (size_t)o.iterations);
    long found = 0;
    for (int i = -warmup; i < o.iterations; i++) {
        uint64_t start = now_ns(), elapsed;
        switch (mode) {
        case LAYOUT: g_object_unref(make_layout(context, &o, font)); break;
        case RENDER: paint(layout, &o, 0); break;
        case PNG: paint(layout, &o, 1); break;
        case SHAPE: shape(harfbuzz, o.text); break;
        case HIT:
            for (int k = 0; k < HITS; k++) {
                int index, trailing;
                double x = next_unit() * (o.width + 20), y = next_unit() * height;
                found += pango_layout_xy_to_index(layout, (int)(x * PANGO_SCALE), (int)(y * PANGO_SCALE), &index, &trailing);
            }
            break;
        }
        elapsed = now_ns() - start;
        if (mode == HIT) elapsed /= HITS;
        if (i >= 0) times[i] = elapsed;
    }
    qsort(times, (size_t)o.iterations, sizeof(uint64_t), compare_u64);
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    printf("{\"engine\":\"pango %s\",\"mode\":\"%s\",\"iterations\":%d,\"lines\":%d,", pango_version_string(), o.mode, o.iterations, lines);
    if (painted.width > 0) printf("\"pixels\":[%d,%d],\"pngBytes\":%zu,", painted.width, painted.height, painted.png_bytes);
    printf("\"peakRSSBytes\":%ld,\"%s\":{\"median\":%llu,\"min\":%llu,\"max\":%llu}}\n", usage.ru_maxrss * 1024L, operation,
           (unsigned long long)times[o.iterations / 2], (unsigned long long)times[0], (unsigned long long)times[o.iterations - 1]);
    (void)found;
    return 0;
}
