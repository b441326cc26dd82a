/* Reads the floor's subset of a piec spec with libyaml's event API, and lays it out. */
#include <yaml.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "spec.h"

typedef struct { yaml_parser_t parser; yaml_event_t event; int has_event; } Reader;

static int next(Reader *r) {
    if (r->has_event) yaml_event_delete(&r->event);
    r->has_event = yaml_parser_parse(&r->parser, &r->event);
    return r->has_event ? 0 : -1;
}

static int is(Reader *r, yaml_event_type_t t) { return r->event.type == t; }
static const char *text(Reader *r) { return (const char *)r->event.data.scalar.value; }

/* Skips the value whose first event is current. */
static int skip_value(Reader *r) {
    int depth = 0;
    do {
        if (is(r, YAML_MAPPING_START_EVENT) || is(r, YAML_SEQUENCE_START_EVENT)) depth++;
        else if (is(r, YAML_MAPPING_END_EVENT) || is(r, YAML_SEQUENCE_END_EVENT)) depth--;
        if (depth > 0 && next(r) != 0) return -1;
    } while (depth > 0);
    return 0;
}

static Slice *add_slice(Spec *s) {
    if (s->count == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 16;
        s->slices = realloc(s->slices, s->cap * sizeof(Slice));
    }
    Slice *sl = &s->slices[s->count++];
    memset(sl, 0, sizeof *sl);
    sl->radius = 1;
    return sl;
}

/* Current event: MAPPING_START of one slice. */
static int parse_slice(Reader *r, Spec *s) {
    Slice *sl = add_slice(s);
    for (;;) {
        if (next(r) != 0) return -1;
        if (is(r, YAML_MAPPING_END_EVENT)) return sl->label ? 0 : -1;
        if (!is(r, YAML_SCALAR_EVENT)) return -1;
        char key[16];
        snprintf(key, sizeof key, "%s", text(r));
        if (next(r) != 0) return -1;
        if (!is(r, YAML_SCALAR_EVENT)) { if (skip_value(r) != 0) return -1; continue; }
        const char *v = text(r);
        if (strcmp(key, "label") == 0) sl->label = strdup(v);
        else if (strcmp(key, "id") == 0) sl->id = strdup(v);
        else if (strcmp(key, "value") == 0) sl->value = strtod(v, NULL);
        else if (strcmp(key, "radius") == 0) sl->radius = strtod(v, NULL);
        else if (strcmp(key, "color") == 0 && v[0] == '#' && strlen(v) == 7) memcpy(sl->color, v, 8);
    }
}

/* Current event: MAPPING_START of `chart`. */
static int parse_chart(Reader *r, Spec *s) {
    for (;;) {
        if (next(r) != 0) return -1;
        if (is(r, YAML_MAPPING_END_EVENT)) return 0;
        if (!is(r, YAML_SCALAR_EVENT)) return -1;
        char key[16];
        snprintf(key, sizeof key, "%s", text(r));
        if (next(r) != 0) return -1;
        if (!is(r, YAML_SCALAR_EVENT)) { if (skip_value(r) != 0) return -1; continue; }
        double x = strtod(text(r), NULL);
        if (strcmp(key, "size") == 0) s->size = x;
        else if (strcmp(key, "innerRadius") == 0) s->inner = x;
        else if (strcmp(key, "startAngle") == 0) s->start = x;
        else if (strcmp(key, "sweep") == 0) s->sweep = x;
        else if (strcmp(key, "total") == 0) s->total = x;
        else if (strcmp(key, "direction") == 0) s->ccw = strcmp(text(r), "counterclockwise") == 0;
    }
}

static int parse_root_value(Reader *r, Spec *s, const char *key) {
    if (strcmp(key, "slices") == 0 && is(r, YAML_SEQUENCE_START_EVENT)) {
        for (;;) {
            if (next(r) != 0) return -1;
            if (is(r, YAML_SEQUENCE_END_EVENT)) return 0;
            if (!is(r, YAML_MAPPING_START_EVENT) || parse_slice(r, s) != 0) return -1;
        }
    }
    if (strcmp(key, "chart") == 0 && is(r, YAML_MAPPING_START_EVENT)) return parse_chart(r, s);
    if (is(r, YAML_SCALAR_EVENT) && strcmp(key, "title") == 0) { s->title = strdup(text(r)); return 0; }
    if (is(r, YAML_SCALAR_EVENT) && strcmp(key, "id") == 0) { snprintf(s->id, sizeof s->id, "%s", text(r)); return 0; }
    return skip_value(r);
}

int spec_parse(Spec *s, const unsigned char *bytes, size_t len) {
    memset(s, 0, sizeof *s);
    s->size = 320; s->sweep = 360;
    Reader r = {0};
    yaml_parser_initialize(&r.parser);
    yaml_parser_set_input_string(&r.parser, bytes, len);
    int rc = -1;
    if (next(&r) || !is(&r, YAML_STREAM_START_EVENT)) goto done;
    if (next(&r) || !is(&r, YAML_DOCUMENT_START_EVENT)) goto done;
    if (next(&r) || !is(&r, YAML_MAPPING_START_EVENT)) goto done;
    for (;;) {
        if (next(&r)) goto done;
        if (is(&r, YAML_MAPPING_END_EVENT)) break;
        if (!is(&r, YAML_SCALAR_EVENT)) goto done;
        char key[32];
        snprintf(key, sizeof key, "%s", text(&r));
        if (next(&r) || parse_root_value(&r, s, key)) goto done;
    }
    rc = s->count > 0 ? 0 : -1;
done:
    if (r.has_event) yaml_event_delete(&r.event);
    yaml_parser_delete(&r.parser);
    return rc;
}

void spec_free(Spec *s) {
    for (size_t k = 0; k < s->count; k++) { free(s->slices[k].id); free(s->slices[k].label); }
    free(s->slices);
    free(s->title);
}

static const char *PALETTE[] = {
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
};

const char *slice_color(const Spec *s, size_t k) {
    return s->slices[k].color[0] ? s->slices[k].color : PALETTE[k % 10];
}

void spec_layout(const Spec *s, Layout *lay) {
    lay->cx = lay->cy = s->size / 2;
    lay->r = s->size / 2 - 4;
    lay->sum = 0;
    for (size_t k = 0; k < s->count; k++) lay->sum += s->slices[k].value;
    double whole = s->total > 0 ? s->total : lay->sum;
    lay->a0 = malloc(s->count * sizeof(double));
    lay->a1 = malloc(s->count * sizeof(double));
    double acc = 0;
    for (size_t k = 0; k < s->count; k++) {
        lay->a0[k] = s->start + (whole > 0 ? s->sweep * acc / whole : 0);
        acc += s->slices[k].value;
        lay->a1[k] = s->start + (whole > 0 ? s->sweep * acc / whole : 0);
    }
}

void layout_free(Layout *lay) { free(lay->a0); free(lay->a1); }
