#ifndef PHOTORAMA_CPNG_SHIM_H
#define PHOTORAMA_CPNG_SHIM_H
// libpng (Debian libpng-dev), used through its simplified png_image API, which reports errors in the
// png_image struct instead of longjmp-ing through Swift frames.
#include <png.h>
#endif
