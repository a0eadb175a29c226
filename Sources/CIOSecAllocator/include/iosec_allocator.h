#ifndef IOSEC_ALLOCATOR_H
#define IOSEC_ALLOCATOR_H

/// Keeps freed memory in the process instead of returning it to the kernel after every file (glibc only;
/// elsewhere it does nothing). See AllocatorTuning in IOSecAudit.
void iosec_keep_freed_memory(void);

#endif
