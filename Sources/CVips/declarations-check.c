// Not built into sitegen: VipsDeclarationsTests compiles this file with libvips' own
// headers (`cc -fsyntax-only $(pkg-config --cflags vips)`). A prototype of vips_api.h
// that differs from libvips' or GLib's is a "conflicting types" error; a value, a failed
// assertion below.

#include <vips/vips.h>
#include "vips_api.h"

_Static_assert(SITEGEN_VIPS_ABI == VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE, "ABI");
_Static_assert(SITEGEN_VIPS_ACCESS_SEQUENTIAL == VIPS_ACCESS_SEQUENTIAL, "VIPS_ACCESS_SEQUENTIAL");
_Static_assert(SITEGEN_VIPS_FAIL_ON_ERROR == VIPS_FAIL_ON_ERROR, "VIPS_FAIL_ON_ERROR");
_Static_assert(SITEGEN_VIPS_MAX_COORD == VIPS_MAX_COORD, "VIPS_MAX_COORD");
_Static_assert(SITEGEN_VIPS_SIZE_DOWN == VIPS_SIZE_DOWN, "VIPS_SIZE_DOWN");
_Static_assert(SITEGEN_VIPS_INTERESTING_CENTRE == VIPS_INTERESTING_CENTRE, "VIPS_INTERESTING_CENTRE");
_Static_assert(SITEGEN_VIPS_INTERPRETATION_sRGB == VIPS_INTERPRETATION_sRGB, "VIPS_INTERPRETATION_sRGB");
_Static_assert(SITEGEN_VIPS_INTENT_RELATIVE == VIPS_INTENT_RELATIVE, "VIPS_INTENT_RELATIVE");
_Static_assert(SITEGEN_G_LOG_QUIET_LEVELS == (G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO), "G_LOG levels");
_Static_assert(sizeof(SITEGEN_VIPS_META_ICC_NAME) == sizeof(VIPS_META_ICC_NAME), "VIPS_META_ICC_NAME");
// A GLogFunc and the handler type vips.c passes take the same arguments.
_Static_assert(__builtin_types_compatible_p(GLogFunc, SitegenLogFunc), "GLogFunc");
