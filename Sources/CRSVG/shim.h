#ifndef PIEC_CRSVG_SHIM_H
#define PIEC_CRSVG_SHIM_H
#include <librsvg/rsvg.h>
#include <cairo.h>
#include <cairo-pdf.h>
#endif
