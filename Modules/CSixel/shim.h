#ifndef PHOTORAMA_CSIXEL_SHIM_H
#define PHOTORAMA_CSIXEL_SHIM_H
// libsixel (Debian libsixel-dev): the sixel encoder. Every call returns a SIXELSTATUS, which Swift turns
// into a value; the encoder itself never prints or exits. The header sits in its own directory, so it
// is included by path and needs no pkg-config line.
#include <dlfcn.h>
#include <stddef.h>
#include <sixel/sixel.h>

// SIXEL_FAILED is a function-like macro, which Swift does not import.
static inline int photorama_sixel_failed(SIXELSTATUS status) { return SIXEL_FAILED(status); }

// The libsixel functions photorama calls. The library is not linked: it is opened the first time a
// picture is encoded as sixel, so no other command (and no start) pays for loading it. The types come
// from the header, so the compiler checks every call.
struct photorama_sixel {
    __typeof__(sixel_output_new) *output_new;
    __typeof__(sixel_output_unref) *output_unref;
    __typeof__(sixel_output_set_encode_policy) *output_set_encode_policy;
    __typeof__(sixel_dither_new) *dither_new;
    __typeof__(sixel_dither_unref) *dither_unref;
    __typeof__(sixel_dither_set_palette) *dither_set_palette;
    __typeof__(sixel_dither_set_pixelformat) *dither_set_pixelformat;
    __typeof__(sixel_encode) *encode;
};

// Opens libsixel (its Debian soname) and fills `functions`: 0 when every one was found, else -1 and the
// library closed again. An opened library stays for the life of the process.
static inline int photorama_sixel_open(struct photorama_sixel *functions) {
    void *library = dlopen("libsixel.so.1", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return -1;
    functions->output_new = (__typeof__(sixel_output_new) *)dlsym(library, "sixel_output_new");
    functions->output_unref = (__typeof__(sixel_output_unref) *)dlsym(library, "sixel_output_unref");
    functions->output_set_encode_policy =
        (__typeof__(sixel_output_set_encode_policy) *)dlsym(library, "sixel_output_set_encode_policy");
    functions->dither_new = (__typeof__(sixel_dither_new) *)dlsym(library, "sixel_dither_new");
    functions->dither_unref = (__typeof__(sixel_dither_unref) *)dlsym(library, "sixel_dither_unref");
    functions->dither_set_palette = (__typeof__(sixel_dither_set_palette) *)dlsym(library, "sixel_dither_set_palette");
    functions->dither_set_pixelformat =
        (__typeof__(sixel_dither_set_pixelformat) *)dlsym(library, "sixel_dither_set_pixelformat");
    functions->encode = (__typeof__(sixel_encode) *)dlsym(library, "sixel_encode");
    if (functions->output_new == NULL || functions->output_unref == NULL || functions->output_set_encode_policy == NULL
        || functions->dither_new == NULL || functions->dither_unref == NULL 
        || functions->dither_set_palette == NULL || functions->dither_set_pixelformat == NULL || functions->encode == NULL) {
        dlclose(library);
        return -1;
    }
    return 0;
}
#endif
