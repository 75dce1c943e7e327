#ifndef PHOTORAMA_CLCMS2_SHIM_H
#define PHOTORAMA_CLCMS2_SHIM_H
// Little CMS 2 (Debian liblcms2-dev): embedded ICC profiles converted to sRGB. Every call reports failure
// as a NULL or FALSE return, which the Swift side turns into a value.
#include <lcms2.h>
#endif
