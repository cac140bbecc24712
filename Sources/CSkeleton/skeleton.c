#include "CSkeleton.h"
#include <pthread.h>
#include <stddef.h>

// ICU's C API as lib_FoundationICU exports it (unicode/uspoof.h, renamed with `swift_`).
typedef struct USpoofChecker USpoofChecker;
typedef int UErrorCode; // U_ZERO_ERROR is 0; failures are above it, warnings below.
#define U_BUFFER_OVERFLOW_ERROR 15
USpoofChecker *swift_uspoof_open(UErrorCode *status);
int32_t swift_uspoof_getSkeletonUTF8(const USpoofChecker *sc, uint32_t type, const char *id, int32_t length,
                                     char *dest, int32_t destCapacity, UErrorCode *status);

static pthread_once_t once = PTHREAD_ONCE_INIT;
static USpoofChecker *checker = NULL;

static void open_checker(void) {
    UErrorCode status = 0;
    USpoofChecker *c = swift_uspoof_open(&status);
    if (status <= 0) checker = c;
}

int32_t sitegen_skeleton(const char *text, int32_t length, char *out, int32_t capacity) {
    pthread_once(&once, open_checker);
    if (checker == NULL) return -1;
    UErrorCode status = 0;
    // A checker, once open, may be used from several threads for checks (ICU's uspoof.h).
    int32_t n = swift_uspoof_getSkeletonUTF8(checker, 0, text, length, out, capacity, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) return n > capacity ? n : capacity + 1;
    if (status > 0) return -1;
    return n;
}
