// The photo pipeline's calls into libvips (Sources/SitegenKit/Photos/PhotoEncoder.swift),
// implemented in vips.c. libvips is loaded with dlopen on the first call to
// sitegen_vips_start, not linked: a build without photos to encode never maps it.
// libvips takes its options as NULL-terminated variadic arguments, which Swift cannot
// call: each call the pipeline makes is one of these non-variadic functions.

#ifndef SITEGEN_CVIPS_H
#define SITEGEN_CVIPS_H

#include <stddef.h>

typedef struct _VipsImage VipsImage;

/// Loads libvips (libvips.so.42) and starts it once for the process: loaders and savers
/// a photo from an export may not reach are blocked (`vips_block_untrusted_set`: the
/// "unfuzzed" ones such as ImageMagick, PDF, SVG, FITS, matrix and raw), the operation
/// cache is off (every photo is decoded once) and each operation runs on `threads`
/// threads (the pipeline runs one photo per core itself). Returns NULL on success, else
/// why libvips cannot be used (dlopen's message, e.g. "libvips.so.42: cannot open shared
/// object file: No such file or directory"). Later calls return the first call's answer.
const char *sitegen_vips_start(int threads);

/// libvips' name for the loader that would read these bytes (e.g. "VipsForeignLoadJpegBuffer"),
/// judged from the bytes themselves; NULL if none.
const char *sitegen_vips_loader(const void *data, size_t size);

/// The image's header (nothing is decoded yet): sequential access, and a truncated or
/// damaged file is an error, not a grey half.
VipsImage *sitegen_vips_header(const void *data, size_t size);

int sitegen_vips_width(VipsImage *image);
int sitegen_vips_height(VipsImage *image);
int sitegen_vips_bands(VipsImage *image);
/// Whether the image's EXIF orientation turns it a quarter (width and height swap).
int sitegen_vips_orientation_swaps(VipsImage *image);

/// Decodes, upright (EXIF orientation applied), shrunk on load to `width` columns
/// (never larger than the photo). libvips' thumbnail decodes a JPEG at full size unless it
/// is at least 4 times as wide as `width` (it leaves a factor of 2 to its Lanczos resize);
/// a `jpeg_shrink` of 2 decodes the JPEG at half size instead (libjpeg's scaled IDCT), then
/// resizes: `width` must be at most half the upright width. 1: libvips' own choice.
int sitegen_vips_thumbnail(void *data, size_t size, int width, int jpeg_shrink, VipsImage **out);

/// Decodes, upright, the centre square of the image shrunk on load to `side` x `side`
/// (an avatar): `side` must be at most the upright image's shorter side, so the square is
/// never upscaled.
int sitegen_vips_thumbnail_square(void *data, size_t size, int side, VipsImage **out);

/// `in` shrunk to `width` columns (never larger).
int sitegen_vips_resize_to(VipsImage *in, int width, VipsImage **out);

/// `in` as 8-bit sRGB without alpha (transparency flattened onto white): what JPEG and
/// WebP variants hold. A photo with an embedded ICC profile (Display P3, Adobe RGB) is
/// converted through it, since the profile itself is not published; a profile lcms
/// cannot use leaves the pixels as they are.
int sitegen_vips_srgb8(VipsImage *in, VipsImage **out);

/// The image computed into memory (a new image; NULL on failure).
VipsImage *sitegen_vips_copy_memory(VipsImage *image);

/// Removes every metadata field of `image` (EXIF, XMP, IPTC, ICC, comments, orientation,
/// anything a loader attached): the savers' `strip` alone is not enough (libvips 8.14's
/// webpsave writes the EXIF block it was given even with `strip`). `image` must be one
/// nothing else shares (e.g. a fresh `sitegen_vips_copy_memory`).
void sitegen_vips_drop_metadata(VipsImage *image);

/// WebP at `quality` and `effort` (libwebp's method, 0 to 6), every metadata block
/// stripped; `*buf` is freed with sitegen_vips_free.
int sitegen_vips_webp(VipsImage *in, int quality, int effort, void **buf, size_t *len);

/// Progressive JPEG at `quality` with optimized Huffman tables, every metadata block
/// stripped; `*buf` is freed with sitegen_vips_free.
int sitegen_vips_jpeg(VipsImage *in, int quality, void **buf, size_t *len);

/// The average colour of an 8-bit sRGB image (`rgb` gets 3 bytes); meant for a small one
/// (the narrowest variant): its pixels are summed in memory.
int sitegen_vips_average(VipsImage *in, unsigned char *rgb);

/// The decoded pixels, band-interleaved (freed with sitegen_vips_free); NULL on failure.
void *sitegen_vips_pixels(VipsImage *in, size_t *size);

void sitegen_vips_unref(VipsImage *image);
void sitegen_vips_free(void *memory);
/// Clears libvips' error buffer (of this thread's calls).
void sitegen_vips_error_clear(void);

#endif
