#ifndef IOSEC_ALLOCATOR_H
#define IOSEC_ALLOCATOR_H

/// Keeps freed memory in the process instead of returning it to the kernel after every file (glibc only;
/// elsewhere it does nothing). Called by the executables at start: it is a process-wide choice, not a library's.
void iosec_keep_freed_memory(void);

#endif
