#include "CMalloc.h"

#include <stdlib.h>  // defines __GLIBC__ on glibc

#if defined(__GLIBC__)
#include <malloc.h>

int photorama_limit_malloc_arenas(int count) { return mallopt(M_ARENA_MAX, count); }
int photorama_set_mmap_threshold(int bytes) { return mallopt(M_MMAP_THRESHOLD, bytes); }
int photorama_trim_malloc(void) { return malloc_trim(0); }
void photorama_malloc_usage(size_t *in_use, size_t *free_held, size_t *mapped) {
    struct mallinfo2 info = mallinfo2();
    *in_use = info.uordblks + info.hblkhd;
    *free_held = info.fordblks;
    *mapped = info.hblkhd;
}
#else
int photorama_limit_malloc_arenas(int count) { (void)count; return 0; }
int photorama_set_mmap_threshold(int bytes) { (void)bytes; return 0; }
int photorama_trim_malloc(void) { return 0; }
void photorama_malloc_usage(size_t *in_use, size_t *free_held, size_t *mapped) { *in_use = 0; *free_held = 0; *mapped = 0; }
#endif
