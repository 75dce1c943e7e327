#ifndef PHOTORAMA_CSIXEL_SHIM_H
#define PHOTORAMA_CSIXEL_SHIM_H
// libsixel (Debian libsixel-dev): the sixel encoder. Every call returns a SIXELSTATUS, which Swift turns
// into a value; the encoder itself never prints or exits. The header sits in its own directory, so it
// is included by path and needs no pkg-config line.
#include <sixel/sixel.h>

// SIXEL_FAILED is a function-like macro, which Swift does not import.
static inline int photorama_sixel_failed(SIXELSTATUS status) { return SIXEL_FAILED(status); }
#endif
