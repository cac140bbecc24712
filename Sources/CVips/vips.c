// libvips, loaded with dlopen when a build first has a photo to encode (see vips_api.h
// for why it is not linked), and the non-variadic calls of include/CVips.h.

#include "CVips.h"
#include "vips_api.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

// One pointer per function of SITEGEN_VIPS_FUNCTIONS, named like it with a `p_` prefix.
#define SITEGEN_VIPS_POINTER(name) static __typeof__(&name) p_##name;
SITEGEN_VIPS_FUNCTIONS(SITEGEN_VIPS_POINTER)

static const char *start_error = "libvips was not started";
static pthread_once_t start_once = PTHREAD_ONCE_INIT;
static int start_threads = 1;
static char dl_message[512];

static void quiet(const char *domain, int level, const char *message, void *data) {
    (void) domain; (void) level; (void) message; (void) data;
}

static void load_and_start(void) {
    void *library = dlopen("libvips.so.42", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *message = dlerror();
        snprintf(dl_message, sizeof dl_message, "%s", message ? message : "libvips.so.42 cannot be loaded");
        start_error = dl_message;
        return;
    }
    // dlsym on libvips' handle also finds the GLib and GObject functions it depends on.
#define SITEGEN_VIPS_LOOKUP(name) \
    if (!(p_##name = (__typeof__(&name)) dlsym(library, #name))) { start_error = "libvips.so.42 lacks " #name ": sitegen needs libvips 8.13 or newer"; return; }
    SITEGEN_VIPS_FUNCTIONS(SITEGEN_VIPS_LOOKUP)
    // What VIPS_INIT checks: the library's ABI is the one these declarations are of.
    if (p_vips_version(3) - p_vips_version(5) != SITEGEN_VIPS_ABI) { start_error = "libvips.so.42 has another ABI"; return; }
    if (p_vips_init("sitegen") != 0) { start_error = "libvips could not be started"; return; }
    // libvips' own warnings (a truncated JPEG, a bad ICC profile) would print lines of their
    // own on stderr; the pipeline reports a photo it cannot use in one line instead.
    p_g_log_set_handler("VIPS", SITEGEN_G_LOG_QUIET_LEVELS, quiet, NULL);
    p_vips_block_untrusted_set(1);
    p_vips_cache_set_max(0);
    p_vips_cache_set_max_mem(0);
    p_vips_cache_set_max_files(0);
    p_vips_concurrency_set(start_threads);
    start_error = NULL;
}

const char *sitegen_vips_start(int threads) {
    start_threads = threads;
    pthread_once(&start_once, load_and_start);
    return start_error;
}

const char *sitegen_vips_loader(const void *data, size_t size) { return p_vips_foreign_find_load_buffer(data, size); }

VipsImage *sitegen_vips_header(const void *data, size_t size) {
    return p_vips_image_new_from_buffer(data, size, "", "access", SITEGEN_VIPS_ACCESS_SEQUENTIAL,
                                        "fail_on", SITEGEN_VIPS_FAIL_ON_ERROR, NULL);
}

int sitegen_vips_width(VipsImage *image) { return p_vips_image_get_width(image); }
int sitegen_vips_height(VipsImage *image) { return p_vips_image_get_height(image); }
int sitegen_vips_bands(VipsImage *image) { return p_vips_image_get_bands(image); }
int sitegen_vips_orientation_swaps(VipsImage *image) { return p_vips_image_get_orientation_swap(image); }

int sitegen_vips_thumbnail(void *data, size_t size, int width, int jpeg_shrink, VipsImage **out) {
    if (jpeg_shrink <= 1)
        return p_vips_thumbnail_buffer(data, size, out, width, "height", SITEGEN_VIPS_MAX_COORD, "size", SITEGEN_VIPS_SIZE_DOWN,
                                       "option_string", "fail_on=error", NULL);
    VipsImage *loaded = p_vips_image_new_from_buffer(data, size, "", "access", SITEGEN_VIPS_ACCESS_SEQUENTIAL,
                                                     "fail_on", SITEGEN_VIPS_FAIL_ON_ERROR, "shrink", jpeg_shrink, NULL);
    if (!loaded) return -1;
    int status = p_vips_thumbnail_image(loaded, out, width, "height", SITEGEN_VIPS_MAX_COORD, "size", SITEGEN_VIPS_SIZE_DOWN, NULL);
    p_g_object_unref(loaded);
    return status;
}

int sitegen_vips_thumbnail_square(void *data, size_t size, int side, VipsImage **out) {
    return p_vips_thumbnail_buffer(data, size, out, side, "height", side, "size", SITEGEN_VIPS_SIZE_DOWN,
                                   "crop", SITEGEN_VIPS_INTERESTING_CENTRE, "option_string", "fail_on=error", NULL);
}

int sitegen_vips_resize_to(VipsImage *in, int width, VipsImage **out) {
    return p_vips_thumbnail_image(in, out, width, "height", SITEGEN_VIPS_MAX_COORD, "size", SITEGEN_VIPS_SIZE_DOWN, NULL);
}

int sitegen_vips_srgb8(VipsImage *in, VipsImage **out) {
    // The intermediate images, unreferenced at the end (the result keeps what it needs).
    VipsImage *profiled = NULL, *srgb = NULL, *flat = NULL;
    VipsImage *x = in;
    int status = -1;
    if (p_vips_image_get_typeof(x, SITEGEN_VIPS_META_ICC_NAME)) {
        if (p_vips_icc_transform(x, &profiled, "srgb", "embedded", 1, "intent", SITEGEN_VIPS_INTENT_RELATIVE, NULL) == 0) x = profiled;
        else p_vips_error_clear();
    }
    if (p_vips_colourspace(x, &srgb, SITEGEN_VIPS_INTERPRETATION_sRGB, NULL)) goto done;
    x = srgb;
    if (p_vips_image_hasalpha(x)) {
        VipsArrayDouble *white = p_vips_array_double_newv(3, 255.0, 255.0, 255.0);
        int failed = p_vips_flatten(x, &flat, "background", white, NULL);
        p_vips_area_unref((VipsArea *) white);
        if (failed) goto done;
        x = flat;
    }
    status = p_vips_cast_uchar(x, out, NULL);
done:
    if (profiled) p_g_object_unref(profiled);
    if (srgb) p_g_object_unref(srgb);
    if (flat) p_g_object_unref(flat);
    return status;
}

VipsImage *sitegen_vips_copy_memory(VipsImage *image) { return p_vips_image_copy_memory(image); }

void sitegen_vips_drop_metadata(VipsImage *image) {
    char **fields = p_vips_image_get_fields(image);
    for (char **field = fields; field && *field; field++) p_vips_image_remove(image, *field);
    p_g_strfreev(fields);
}

int sitegen_vips_webp(VipsImage *in, int quality, int effort, void **buf, size_t *len) {
    return p_vips_webpsave_buffer(in, buf, len, "Q", quality, "effort", effort, "strip", 1, NULL);
}

int sitegen_vips_jpeg(VipsImage *in, int quality, void **buf, size_t *len) {
    return p_vips_jpegsave_buffer(in, buf, len, "Q", quality, "strip", 1, "optimize_coding", 1, "interlace", 1, NULL);
}

int sitegen_vips_average(VipsImage *in, unsigned char *rgb) {
    size_t size = 0;
    unsigned char *pixels = (unsigned char *) p_vips_image_write_to_memory(in, &size);
    int bands = p_vips_image_get_bands(in);
    if (!pixels || bands < 3 || size < (size_t) bands) { p_g_free(pixels); return -1; }
    uint64_t sums[3] = {0, 0, 0};
    size_t count = size / (size_t) bands;
    for (size_t i = 0; i < count; i++) {
        sums[0] += pixels[i * bands]; sums[1] += pixels[i * bands + 1]; sums[2] += pixels[i * bands + 2];
    }
    p_g_free(pixels);
    for (int b = 0; b < 3; b++) rgb[b] = (unsigned char) ((sums[b] + count / 2) / count);
    return 0;
}

void *sitegen_vips_pixels(VipsImage *in, size_t *size) { return p_vips_image_write_to_memory(in, size); }

void sitegen_vips_unref(VipsImage *image) { p_g_object_unref(image); }
void sitegen_vips_free(void *memory) { p_g_free(memory); }
void sitegen_vips_error_clear(void) { p_vips_error_clear(); }
