#include "iosec_allocator.h"

#include <stdlib.h>  // defines __GLIBC__ on glibc systems
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void iosec_keep_freed_memory(void) {
#if defined(__GLIBC__)
    // Trim only above 256 MiB of free heap; serve blocks up to 32 MiB (glibc's maximum) from the heap, not mmap.
    mallopt(M_TRIM_THRESHOLD, 256 * 1024 * 1024);
    mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
#endif
}
