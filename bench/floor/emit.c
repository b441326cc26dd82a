/* The floor's output: an SVG with one exact wedge per slice, and CSS / HTML / JSON companions. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "spec.h"

#define DEG (M_PI / 180.0)

static void point(Buf *b, const Spec *s, const Layout *lay, double r, double a) {
    double sa = s->ccw ? -a : a;
    buf_num(b, lay->cx + r * sin(sa * DEG));
    buf_putc(b, ' ');
    buf_num(b, lay->cy - r * cos(sa * DEG));
}

static void arc(Buf *b, const Spec *s, const Layout *lay, double r, double a, int large, int forward) {
    buf_puts(b, "A");
    buf_num(b, r); buf_putc(b, ' '); buf_num(b, r);
    buf_puts(b, large ? " 0 1 " : " 0 0 ");
    buf_puts(b, (forward ^ s->ccw) ? "1 " : "0 ");
    point(b, s, lay, r, a);
}

/* The `d` of slice k: an exact wedge (or ring segment); a full turn is two arcs, no radial line. */
static void wedge(Buf *b, const Spec *s, const Layout *lay, size_t k) {
    double r = lay->r * s->slices[k].radius, ri = lay->r * s->inner;
    double a0 = lay->a0[k], a1 = lay->a1[k], span = a1 - a0;
    if (span >= 359.999) {
        double mid = a0 + 180;
        buf_puts(b, "M"); point(b, s, lay, r, a0);
        arc(b, s, lay, r, mid, 1, 1); arc(b, s, lay, r, a0, 1, 1);
        if (ri > 0) {
            buf_puts(b, "M"); point(b, s, lay, ri, a0);
            arc(b, s, lay, ri, mid, 1, 0); arc(b, s, lay, ri, a0, 1, 0);
        }
        buf_puts(b, "Z");
        return;
    }
    int large = span > 180;
    buf_puts(b, "M"); point(b, s, lay, r, a0);
    arc(b, s, lay, r, a1, large, 1);
    if (ri > 0) {
        buf_puts(b, "L"); point(b, s, lay, ri, a1);
        arc(b, s, lay, ri, a0, large, 0);
    } else {
        buf_puts(b, "L"); buf_num(b, lay->cx); buf_putc(b, ' '); buf_num(b, lay->cy);
    }
    buf_puts(b, "Z");
}

static void svg_element(Buf *b, const Spec *s, const Layout *lay) {
    buf_puts(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ");
    buf_num(b, s->size); buf_putc(b, ' '); buf_num(b, s->size);
    buf_puts(b, "\" width=\""); buf_num(b, s->size);
    buf_puts(b, "\" height=\""); buf_num(b, s->size);
    buf_puts(b, "\" role=\"img\"><title>");
    buf_xml(b, s->title ? s->title : s->id);
    buf_puts(b, "</title>\n<g stroke=\"#ffffff\" stroke-width=\"1\" fill-rule=\"evenodd\">\n");
    for (size_t k = 0; k < s->count; k++) {
        if (lay->a1[k] - lay->a0[k] <= 0) continue;
        buf_puts(b, "<path d=\"");
        wedge(b, s, lay, k);
        buf_puts(b, "\" fill=\"");
        buf_puts(b, slice_color(s, k));
        buf_puts(b, "\"><title>");
        buf_xml(b, s->slices[k].label);
        buf_puts(b, "</title></path>\n");
    }
    buf_puts(b, "</g>\n</svg>\n");
}

void emit_svg(Buf *b, const Spec *s, const Layout *lay) {
    buf_puts(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    svg_element(b, s, lay);
}

void emit_css(Buf *b, const Spec *s, const Layout *lay) {
    (void)lay;
    buf_puts(b, ".chart{display:inline-block}\n.chart path{transition:transform .2s}\n");
    for (size_t k = 0; k < s->count; k++) {
        char head[48];
        snprintf(head, sizeof head, ".chart .s%zu{fill:", k);
        buf_puts(b, head);
        buf_puts(b, slice_color(s, k));
        buf_puts(b, "}\n");
    }
}

static void percent(Buf *b, const Layout *lay, double v) { buf_num(b, lay->sum > 0 ? 100 * v / lay->sum : 0); }

void emit_html(Buf *b, const Spec *s, const Layout *lay) {
    buf_puts(b, "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>");
    buf_xml(b, s->title ? s->title : s->id);
    buf_puts(b, "</title><link rel=\"stylesheet\" href=\"chart.css\"></head>\n<body><figure class=\"chart\">\n");
    svg_element(b, s, lay);
    buf_puts(b, "<table><tr><th>label</th><th>value</th><th>percent</th></tr>\n");
    for (size_t k = 0; k < s->count; k++) {
        buf_puts(b, "<tr><td>"); buf_xml(b, s->slices[k].label);
        buf_puts(b, "</td><td>"); buf_num(b, s->slices[k].value);
        buf_puts(b, "</td><td>"); percent(b, lay, s->slices[k].value);
        buf_puts(b, "%</td></tr>\n");
    }
    buf_puts(b, "</table></figure></body></html>\n");
}

void emit_json(Buf *b, const Spec *s, const Layout *lay) {
    buf_puts(b, "{\n  \"id\": \""); buf_json(b, s->id);
    buf_puts(b, "\",\n  \"slices\": [\n");
    for (size_t k = 0; k < s->count; k++) {
        const Slice *sl = &s->slices[k];
        buf_puts(b, "    { \"id\": \"");
        if (sl->id) buf_json(b, sl->id); else { char n[24]; snprintf(n, sizeof n, "s%zu", k); buf_puts(b, n); }
        buf_puts(b, "\", \"label\": \""); buf_json(b, sl->label);
        buf_puts(b, "\", \"value\": "); buf_num(b, sl->value);
        buf_puts(b, ", \"percent\": "); percent(b, lay, sl->value);
        buf_puts(b, ", \"color\": \""); buf_puts(b, slice_color(s, k));
        buf_puts(b, "\", \"startAngle\": "); buf_num(b, lay->a0[k]);
        buf_puts(b, ", \"endAngle\": "); buf_num(b, lay->a1[k]);
        buf_puts(b, k + 1 < s->count ? " },\n" : " }\n");
    }
    buf_puts(b, "  ]\n}\n");
}
