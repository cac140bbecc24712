// UTS #39's confusable skeleton of a string, from ICU's spoof checker: the copy of ICU
// that ships with Swift's Foundation on Linux (lib_FoundationICU, its symbols prefixed
// `swift_`), which every sitegen binary already links. No other ICU is loaded.

#ifndef SITEGEN_CSKELETON_H
#define SITEGEN_CSKELETON_H

#include <stdint.h>

/// Writes the skeleton of the `length` UTF-8 bytes at `text` into `out` (at most
/// `capacity` bytes) and returns its length: more than `capacity` when `out` is too
/// small (call again with that much), -1 where ICU fails.
int32_t sitegen_skeleton(const char *text, int32_t length, char *out, int32_t capacity);

#endif
