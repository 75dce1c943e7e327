#ifndef PHOTORAMA_CIMAGEQUANT_SHIM_H
#define PHOTORAMA_CIMAGEQUANT_SHIM_H
// libimagequant (Debian libimagequant-dev, pngquant's library): a picture to 256 colours or fewer, for a
// slow link's first look at a kitty picture as a palette PNG (KittyPreview).
#include <libimagequant.h>
#endif
