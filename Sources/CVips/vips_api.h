// The part of libvips' C API (libvips.so.42, with GLib and GObject under it) that
// vips.c calls, declared here instead of included from <vips/vips.h>: sitegen is built
// without libvips' headers and not linked with libvips, and vips.c loads the library with
// dlopen only when a build has a photo to encode. Linking libvips cost every process,
// whether it had photos or not, memory and start-up time: ld.so mapped libvips' many
// libraries (librsvg, poppler, gnutls and others) at start (the figures:
// docs/performance.md, "libvips, loaded when needed").
//
// Each prototype is libvips' or GLib's own, in plain C types (gboolean, gint: int; GType,
// gsize: unsigned long and size_t; enums: int), and each name is in parentheses so that
// GLib's function-like macros leave it alone. Nothing here may be called directly: vips.c
// calls through the pointers dlsym returns, and a direct call would not link.
// declarations-check.c compiles this file together with the real headers, so a prototype
// or a value that differs from libvips' fails the test suite (VipsDeclarationsTests).

#ifndef SITEGEN_VIPS_API_H
#define SITEGEN_VIPS_API_H

#include <stddef.h>

typedef struct _VipsImage VipsImage;
typedef struct _VipsArea VipsArea;
typedef struct _VipsArrayDouble VipsArrayDouble;
typedef void (*SitegenLogFunc)(const char *domain, int level, const char *message, void *data);

// Every function vips.c looks up, as X(name): the list dlsym walks.
#define SITEGEN_VIPS_FUNCTIONS(X) \
    X(vips_version) X(vips_init) X(vips_block_untrusted_set) X(vips_cache_set_max) X(vips_cache_set_max_mem) \
    X(vips_cache_set_max_files) X(vips_concurrency_set) X(vips_error_clear) X(vips_foreign_find_load_buffer) \
    X(vips_image_new_from_buffer) X(vips_image_get_width) X(vips_image_get_height) X(vips_image_get_bands) \
    X(vips_image_get_orientation_swap) X(vips_image_get_typeof) X(vips_image_get_fields) X(vips_image_remove) \
    X(vips_image_hasalpha) X(vips_image_copy_memory) X(vips_image_write_to_memory) X(vips_thumbnail_buffer) \
    X(vips_thumbnail_image) X(vips_icc_transform) X(vips_colourspace) X(vips_flatten) X(vips_cast_uchar) \
    X(vips_array_double_newv) X(vips_area_unref) X(vips_webpsave_buffer) X(vips_jpegsave_buffer) \
    X(g_log_set_handler) X(g_object_unref) X(g_free) X(g_strfreev)

int (vips_version)(int flag);
int (vips_init)(const char *argv0);
void (vips_block_untrusted_set)(int state);
void (vips_cache_set_max)(int max);
void (vips_cache_set_max_mem)(size_t max_mem);
void (vips_cache_set_max_files)(int max_files);
void (vips_concurrency_set)(int concurrency);
void (vips_error_clear)(void);
const char *(vips_foreign_find_load_buffer)(const void *data, size_t size);
VipsImage *(vips_image_new_from_buffer)(const void *buf, size_t len, const char *option_string, ...);
int (vips_image_get_width)(const VipsImage *image);
int (vips_image_get_height)(const VipsImage *image);
int (vips_image_get_bands)(const VipsImage *image);
int (vips_image_get_orientation_swap)(VipsImage *image);
unsigned long (vips_image_get_typeof)(const VipsImage *image, const char *name);
char **(vips_image_get_fields)(VipsImage *image);
int (vips_image_remove)(VipsImage *image, const char *name);
int (vips_image_hasalpha)(VipsImage *image);
VipsImage *(vips_image_copy_memory)(VipsImage *image);
void *(vips_image_write_to_memory)(VipsImage *in, size_t *size);
int (vips_thumbnail_buffer)(void *buf, size_t len, VipsImage **out, int width, ...);
int (vips_thumbnail_image)(VipsImage *in, VipsImage **out, int width, ...);
int (vips_icc_transform)(VipsImage *in, VipsImage **out, const char *output_profile, ...);
int (vips_colourspace)(VipsImage *in, VipsImage **out, int space, ...);
int (vips_flatten)(VipsImage *in, VipsImage **out, ...);
int (vips_cast_uchar)(VipsImage *in, VipsImage **out, ...);
VipsArrayDouble *(vips_array_double_newv)(int n, ...);
void (vips_area_unref)(VipsArea *area);
int (vips_webpsave_buffer)(VipsImage *in, void **buf, size_t *len, ...);
int (vips_jpegsave_buffer)(VipsImage *in, void **buf, size_t *len, ...);
unsigned int (g_log_set_handler)(const char *log_domain, int log_levels, SitegenLogFunc log_func, void *user_data);
void (g_object_unref)(void *object);
void (g_free)(void *mem);
void (g_strfreev)(char **str_array);

// The values vips.c passes (libvips 8.14's; checked the same way).
#define SITEGEN_VIPS_ABI 42                      // VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE
#define SITEGEN_VIPS_ACCESS_SEQUENTIAL 1         // VIPS_ACCESS_SEQUENTIAL
#define SITEGEN_VIPS_FAIL_ON_ERROR 2             // VIPS_FAIL_ON_ERROR
#define SITEGEN_VIPS_MAX_COORD 10000000          // VIPS_MAX_COORD
#define SITEGEN_VIPS_SIZE_DOWN 2                 // VIPS_SIZE_DOWN
#define SITEGEN_VIPS_INTERESTING_CENTRE 1        // VIPS_INTERESTING_CENTRE
#define SITEGEN_VIPS_INTERPRETATION_sRGB 22      // VIPS_INTERPRETATION_sRGB
#define SITEGEN_VIPS_INTENT_RELATIVE 1           // VIPS_INTENT_RELATIVE
#define SITEGEN_VIPS_META_ICC_NAME "icc-profile-data" // VIPS_META_ICC_NAME
#define SITEGEN_G_LOG_QUIET_LEVELS ((1 << 4) | (1 << 5) | (1 << 6)) // G_LOG_LEVEL_WARNING | _MESSAGE | _INFO

#endif
