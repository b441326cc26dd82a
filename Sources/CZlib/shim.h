#ifndef PIEC_CZLIB_SHIM_H
#define PIEC_CZLIB_SHIM_H
#include <zlib.h>
#endif
