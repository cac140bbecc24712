#include <vips/vips.h>

// libvips takes its options as NULL-terminated variadic arguments, which Swift cannot
// call: each call the photo pipeline makes is one of these non-variadic functions.
// SwiftPM does not track this header: after editing it, touch a file of
// Sources/SitegenKit/Photos (or clean) so that the functions are compiled again.

/// Starts libvips once: loaders and savers a photo from an export may not reach are
/// blocked (`vips_block_untrusted_set`: the "unfuzzed" ones such as ImageMagick,
/// PDF, SVG, FITS, matrix and raw), the operation cache is off (every photo is decoded
/// once) and each operation runs on `threads` threads (the pipeline runs one photo per
/// core itself). Returns 0 on success.
static void sitegen_vips_quiet(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void) domain; (void) level; (void) message; (void) data;
}

static inline int sitegen_vips_start(int threads) {
    if (VIPS_INIT("sitegen") != 0) return -1;
    // libvips' own warnings (a truncated JPEG, a bad ICC profile) would print lines of their
    // own on stderr; the pipeline reports a photo it cannot use in one line instead.
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO, sitegen_vips_quiet, NULL);
    vips_block_untrusted_set(TRUE);
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    vips_cache_set_max_files(0);
    vips_concurrency_set(threads);
    return 0;
}

/// The image's header (nothing is decoded yet): sequential access, and a truncated or
/// damaged file is an error, not a grey half.
static inline VipsImage *sitegen_vips_header(const void *data, size_t size) {
    return vips_image_new_from_buffer(data, size, "", "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", VIPS_FAIL_ON_ERROR, NULL);
}

/// Decodes, upright (EXIF orientation applied), shrunk on load to `width` columns
/// (never larger than the photo).
static inline int sitegen_vips_thumbnail(void *data, size_t size, int width, VipsImage **out) {
    return vips_thumbnail_buffer(data, size, out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN,
                                 "option_string", "fail_on=error", NULL);
}

/// `in` shrunk to `width` columns (never larger).
static inline int sitegen_vips_resize_to(VipsImage *in, int width, VipsImage **out) {
    return vips_thumbnail_image(in, out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN, NULL);
}

/// `in` as 8-bit sRGB without alpha (transparency flattened onto white): what JPEG and
/// WebP variants hold. A photo with an embedded ICC profile (Display P3, Adobe RGB) is
/// converted through it, since the profile itself is not published; a profile lcms
/// cannot use leaves the pixels as they are.
static inline int sitegen_vips_srgb8(VipsImage *in, VipsImage **out) {
    VipsImage *base = vips_image_new();
    VipsImage **t = (VipsImage **) vips_object_local_array(VIPS_OBJECT(base), 4);
    VipsImage *x = in;
    if (vips_image_get_typeof(x, VIPS_META_ICC_NAME)) {
        if (vips_icc_transform(x, &t[3], "srgb", "embedded", TRUE, "intent", VIPS_INTENT_RELATIVE, NULL) == 0) x = t[3];
        else vips_error_clear();
    }
    if (vips_colourspace(x, &t[0], VIPS_INTERPRETATION_sRGB, NULL)) { g_object_unref(base); return -1; }
    x = t[0];
    if (vips_image_hasalpha(x)) {
        VipsArrayDouble *white = vips_array_double_newv(3, 255.0, 255.0, 255.0);
        int failed = vips_flatten(x, &t[1], "background", white, NULL);
        vips_area_unref(VIPS_AREA(white));
        if (failed) { g_object_unref(base); return -1; }
        x = t[1];
    }
    if (vips_cast_uchar(x, &t[2], NULL)) { g_object_unref(base); return -1; }
    *out = t[2];
    g_object_ref(*out);
    g_object_unref(base);
    return 0;
}

static void *sitegen_vips_collect_field(VipsImage *image, const char *field, GValue *value, void *list) {
    (void) image; (void) value;
    *(GSList **) list = g_slist_prepend(*(GSList **) list, g_strdup(field));
    return NULL;
}

/// Removes every metadata field of `image` (EXIF, XMP, IPTC, ICC, comments, orientation,
/// anything a loader attached): the savers' `strip` alone is not enough (libvips 8.14's
/// webpsave writes the EXIF block it was given even with `strip`). `image` must be one
/// nothing else shares (e.g. a fresh `vips_image_copy_memory`).
static inline void sitegen_vips_drop_metadata(VipsImage *image) {
    GSList *fields = NULL;
    vips_image_map(image, sitegen_vips_collect_field, &fields);
    for (GSList *f = fields; f; f = f->next) vips_image_remove(image, (const char *) f->data);
    g_slist_free_full(fields, g_free);
}

/// WebP at `quality`, every metadata block stripped.
static inline int sitegen_vips_webp(VipsImage *in, int quality, void **buf, size_t *len) {
    return vips_webpsave_buffer(in, buf, len, "Q", quality, "strip", TRUE, NULL);
}

/// Progressive JPEG at `quality` with optimized Huffman tables, every metadata block stripped.
static inline int sitegen_vips_jpeg(VipsImage *in, int quality, void **buf, size_t *len) {
    return vips_jpegsave_buffer(in, buf, len, "Q", quality, "strip", TRUE, "optimize_coding", TRUE,
                                "interlace", TRUE, NULL);
}

/// The average colour of an 8-bit sRGB image (`rgb` gets 3 bytes); meant for a small one
/// (the narrowest variant): its pixels are summed in memory.
static inline int sitegen_vips_average(VipsImage *in, unsigned char *rgb) {
    size_t size = 0;
    unsigned char *pixels = (unsigned char *) vips_image_write_to_memory(in, &size);
    int bands = vips_image_get_bands(in);
    if (!pixels || bands < 3 || size < (size_t) bands) { g_free(pixels); return -1; }
    guint64 sums[3] = {0, 0, 0};
    size_t count = size / (size_t) bands;
    for (size_t i = 0; i < count; i++) {
        sums[0] += pixels[i * bands]; sums[1] += pixels[i * bands + 1]; sums[2] += pixels[i * bands + 2];
    }
    g_free(pixels);
    for (int b = 0; b < 3; b++) rgb[b] = (unsigned char) ((sums[b] + count / 2) / count);
    return 0;
}
