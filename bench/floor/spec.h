/* The part of a piec spec the floor reads, its layout, and the four emitters. */
#ifndef FLOOR_SPEC_H
#define FLOOR_SPEC_H

#include <stddef.h>
#include "buf.h"

typedef struct {
    char *id;          /* explicit id or NULL (then "s<k>") */
    char *label;
    double value;
    double radius;     /* fraction of the outer radius; 1 by default */
    char color[8];     /* "#rrggbb" or "" (then the default palette by index) */
} Slice;

typedef struct {
    char id[72];
    char *title;
    double size, inner, start, sweep, total;   /* total 0 = sum of values */
    int ccw;
    Slice *slices;
    size_t count, cap;
} Spec;

typedef struct {
    double cx, cy, r, sum;
    double *a0, *a1;   /* chart angles (degrees, absolute) per slice */
} Layout;

int spec_parse(Spec *spec, const unsigned char *bytes, size_t len);
void spec_free(Spec *spec);
void spec_layout(const Spec *spec, Layout *lay);
void layout_free(Layout *lay);
const char *slice_color(const Spec *spec, size_t k);

void emit_svg(Buf *b, const Spec *spec, const Layout *lay);
void emit_css(Buf *b, const Spec *spec, const Layout *lay);
void emit_html(Buf *b, const Spec *spec, const Layout *lay);
void emit_json(Buf *b, const Spec *spec, const Layout *lay);

#endif
