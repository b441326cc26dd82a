#ifndef PIEC_CWEBP_SHIM_H
#define PIEC_CWEBP_SHIM_H
#include <webp/encode.h>
#include <webp/mux.h>
#endif
