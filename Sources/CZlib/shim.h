#include <zlib.h>

// inflateInit2 and deflateInit2 are macros (they pass the library's version and the
// stream's size), which Swift does not import: these are the same calls as functions.

/// Inflates gzip members only (windowBits 15 + 16): a zlib or raw deflate stream is refused.
static inline int sitegen_inflate_init_gzip(z_stream *stream) {
    return inflateInit2(stream, 15 + 16);
}

/// Deflates into one gzip member (windowBits 15 + 16) at `level`, memLevel 8 (zlib's default).
static inline int sitegen_deflate_init_gzip(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}
