#include "CCRC32C.h"

#include <string.h>

#if defined(__x86_64__)
#include <nmmintrin.h>

int sitegen_crc32c_hardware(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("sse4.2") ? 1 : 0;
}

__attribute__((target("sse4.2")))
uint32_t sitegen_crc32c_extend(uint32_t crc, const uint8_t *bytes, size_t count) {
    uint64_t c = ~crc;
    while (count >= 8) {
        uint64_t word;
        memcpy(&word, bytes, 8);
        c = _mm_crc32_u64(c, word);
        bytes += 8;
        count -= 8;
    }
    uint32_t c32 = (uint32_t) c;
    while (count > 0) {
        c32 = _mm_crc32_u8(c32, *bytes);
        bytes += 1;
        count -= 1;
    }
    return ~c32;
}

#else

int sitegen_crc32c_hardware(void) { return 0; }

uint32_t sitegen_crc32c_extend(uint32_t crc, const uint8_t *bytes, size_t count) {
    (void) bytes;
    (void) count;
    return crc;
}

#endif
