#ifndef CIMAGECODECS_SHIM_H
#define CIMAGECODECS_SHIM_H
/*
 * libpng and libjpeg-turbo, opened with dlopen on the first decode rather than linked: an app that
 * shows no image never loads them, so launch time does not grow (the hello scene's budget is 1.4x
 * the C floor). Only the declarations come from the headers; nothing here is linked.
 */
#include <dlfcn.h>
#include <string.h>
#include <png.h>
#include <turbojpeg.h>

/* libpng's simplified API: it reports errors through return values (it does its own setjmp). */
typedef struct {
    int (*begin_read_from_memory)(png_imagep image, png_const_voidp memory, size_t size);
    int (*finish_read)(png_imagep image, png_const_colorp background, void *buffer,
                       png_int_32 row_stride, void *colormap);
    void (*free)(png_imagep image);
} xk_png_api;

/* TurboJPEG: also error codes, never longjmp out through Swift. */
typedef struct {
    tjhandle (*init_decompress)(void);
    int (*decompress_header3)(tjhandle handle, const unsigned char *jpegBuf, unsigned long jpegSize,
                              int *width, int *height, int *jpegSubsamp, int *jpegColorspace);
    int (*decompress2)(tjhandle handle, const unsigned char *jpegBuf, unsigned long jpegSize,
                       unsigned char *dstBuf, int width, int pitch, int height, int pixelFormat, int flags);
    char *(*get_error_str2)(tjhandle handle);
    int (*destroy)(tjhandle handle);
} xk_jpeg_api;

static inline int xk_png_load(xk_png_api *api) {
    void *lib = dlopen("libpng16.so.16", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return 0;
    api->begin_read_from_memory = (int (*)(png_imagep, png_const_voidp, size_t))dlsym(lib, "png_image_begin_read_from_memory");
    api->finish_read = (int (*)(png_imagep, png_const_colorp, void *, png_int_32, void *))dlsym(lib, "png_image_finish_read");
    api->free = (void (*)(png_imagep))dlsym(lib, "png_image_free");
    return api->begin_read_from_memory && api->finish_read && api->free;
}

static inline int xk_jpeg_load(xk_jpeg_api *api) {
    void *lib = dlopen("libturbojpeg.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return 0;
    api->init_decompress = (tjhandle (*)(void))dlsym(lib, "tjInitDecompress");
    api->decompress_header3 = (int (*)(tjhandle, const unsigned char *, unsigned long, int *, int *, int *, int *))
        dlsym(lib, "tjDecompressHeader3");
    api->decompress2 = (int (*)(tjhandle, const unsigned char *, unsigned long, unsigned char *, int, int, int, int, int))
        dlsym(lib, "tjDecompress2");
    api->get_error_str2 = (char *(*)(tjhandle))dlsym(lib, "tjGetErrorStr2");
    api->destroy = (int (*)(tjhandle))dlsym(lib, "tjDestroy");
    return api->init_decompress && api->decompress_header3 && api->decompress2 && api->get_error_str2 && api->destroy;
}

/* A zeroed png_image of this header's version, as the simplified API requires. */
static inline png_image xk_png_image_new(void) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    return image;
}

/* 8-bit B, G, R, A bytes: on a little-endian host one native 32-bit ARGB word per pixel. */
static inline png_uint_32 xk_png_format_bgra(void) { return PNG_FORMAT_BGRA; }
static inline int xk_tj_pixel_format_bgra(void) { return TJPF_BGRA; }
static inline int xk_tj_flag_stop_on_warning(void) { return TJFLAG_STOPONWARNING | TJFLAG_ACCURATEDCT; }
#endif
