#ifndef PHOTORAMA_CEXIF_SHIM_H
#define PHOTORAMA_CEXIF_SHIM_H
// libexif (Debian libexif-dev): only the orientation tag is read.
#include <libexif/exif-data.h>
#include <libexif/exif-loader.h>
#endif
