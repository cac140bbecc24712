// CRC-32C with the processor's own instruction (SSE 4.2 on x86-64), where it has one.
// The Swift side (Sources/SitegenExport/Loader/Firestore/CRC32C.swift) keeps a table
// version for other processors and checks the two against each other in its tests.

#ifndef SITEGEN_CCRC32C_H
#define SITEGEN_CCRC32C_H

#include <stddef.h>
#include <stdint.h>

/// 1 when `sitegen_crc32c_extend` can run on this processor, else 0.
int sitegen_crc32c_hardware(void);

/// The CRC-32C of `count` bytes at `bytes`, continuing `crc` (0 to start); call only
/// where `sitegen_crc32c_hardware()` is 1.
uint32_t sitegen_crc32c_extend(uint32_t crc, const uint8_t *bytes, size_t count);

#endif
