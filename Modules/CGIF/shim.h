#ifndef PHOTORAMA_CGIF_SHIM_H
#define PHOTORAMA_CGIF_SHIM_H
// giflib (Debian libgif-dev): GIF frames read record by record through a memory reader; every failure is
// a return code, which the Swift side turns into a value.
#include <gif_lib.h>
#endif
