#ifndef PIEC_CGIF_SHIM_H
#define PIEC_CGIF_SHIM_H
#include <gif_lib.h>
#endif
