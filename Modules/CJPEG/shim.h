#ifndef PHOTORAMA_CJPEG_SHIM_H
#define PHOTORAMA_CJPEG_SHIM_H
// jpeglib.h needs FILE and size_t declared before it is included.
#include <stdio.h>
#include <stddef.h>
#include <jpeglib.h>
#endif
