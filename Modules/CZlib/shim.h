#ifndef PHOTORAMA_CZLIB_SHIM_H
#define PHOTORAMA_CZLIB_SHIM_H
// zlib (Debian zlib1g-dev): inflates a PNG's iCCP profile, with the output bounded by the caller.
#include <zlib.h>
#endif
