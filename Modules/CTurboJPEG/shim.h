#ifndef PHOTORAMA_CTURBOJPEG_SHIM_H
#define PHOTORAMA_CTURBOJPEG_SHIM_H
// libjpeg-turbo's TurboJPEG API (Debian libturbojpeg0-dev): errors come back as values, and it decodes
// straight to RGB at a DCT scale.
#include <stddef.h>
#include <turbojpeg.h>
#endif
