#ifndef PHOTORAMA_CMALLOC_H
#define PHOTORAMA_CMALLOC_H

#include <stddef.h>

/// mallopt(M_ARENA_MAX, count) on glibc (0 elsewhere): at most `count` malloc arenas. Swift's Glibc module
/// does not export <malloc.h>, hence these wrappers.
int photorama_limit_malloc_arenas(int count);

/// mallopt(M_MMAP_THRESHOLD, bytes) on glibc (0 elsewhere): blocks of `bytes` or more get pages of their own,
/// returned to the system when freed. Setting it also stops glibc raising the threshold after each large
/// free, which otherwise moves large short-lived buffers into the arenas.
int photorama_set_mmap_threshold(int bytes);

/// malloc_trim(0) on glibc (0 elsewhere): gives the pages that are free inside every arena back to the
/// system. 1 when memory was released.
int photorama_trim_malloc(void);

/// What malloc holds, from mallinfo2 over every arena (zeros elsewhere): bytes handed out (blocks of their
/// own included), bytes free but kept inside the arenas, and bytes in blocks of their own.
void photorama_malloc_usage(size_t *in_use, size_t *free_held, size_t *mapped);

#endif
