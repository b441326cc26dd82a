/* The physical floor for piec's benchmarks: the least work that turns a spec into a chart.
 *
 *   floor [-j THREADS] [--files 1|4] [--if-changed] -o OUTDIR SPEC|DIR ...
 *
 * For each spec (a DIR means every *.yaml / *.yml below it, sorted), parse it with libyaml's
 * event API, take the chart geometry (size, innerRadius, startAngle, sweep, direction) and
 * each slice's id, label, value and colour, and write OUTDIR/<stem>/chart.svg with one exact
 * wedge <path> per slice (explicit arcs and large-arc flags, a full 360 degree slice as two
 * arcs, a zero slice draws nothing). With --files 4 it also writes chart.css, index.html and
 * manifest.json of similar content, so it writes as many files per spec as piec's bundle.
 * With --if-changed it compares each file with what is on disk and writes only on change
 * (the floor of an unchanged rebuild). No validation, no diagnostics, no animation: this is a
 * lower bound, not a competitor. -j 2 splits the specs over two threads.
 */
#include <yaml.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "buf.h"
#include "spec.h"

static int files_per_spec = 1;
static int if_changed = 0;
static const char *out_dir = NULL;

typedef struct { char **items; size_t count, cap; } PathList;

static void paths_add(PathList *l, const char *p) {
    if (l->count == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 256;
        l->items = realloc(l->items, l->cap * sizeof(char *));
    }
    l->items[l->count++] = strdup(p);
}

static int is_spec_name(const char *name) {
    size_t n = strlen(name);
    return (n > 5 && strcmp(name + n - 5, ".yaml") == 0) || (n > 4 && strcmp(name + n - 4, ".yml") == 0);
}

static void collect(PathList *l, const char *path) {
    struct stat st;
    if (stat(path, &st) != 0) { fprintf(stderr, "floor: %s: %s\n", path, strerror(errno)); exit(2); }
    if (!S_ISDIR(st.st_mode)) { paths_add(l, path); return; }
    DIR *d = opendir(path);
    if (!d) { fprintf(stderr, "floor: %s: %s\n", path, strerror(errno)); exit(2); }
    struct dirent *e;
    char child[4096];
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') continue;
        snprintf(child, sizeof child, "%s/%s", path, e->d_name);
        if (stat(child, &st) != 0) continue;
        if (S_ISDIR(st.st_mode)) collect(l, child);
        else if (is_spec_name(e->d_name)) paths_add(l, child);
    }
    closedir(d);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Writes `b` to dir/name; with --if-changed, only when the bytes differ from the file's. */
static int write_file(const char *dir, const char *name, const Buf *b) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (if_changed) {
        FILE *f = fopen(path, "rb");
        if (f) {
            Buf old = {0};
            int same = buf_read_stream(&old, f) == 0 && old.len == b->len && memcmp(old.data, b->data, b->len) == 0;
            fclose(f);
            free(old.data);
            if (same) return 0;
        }
    }
    FILE *f = fopen(path, "wb");
    if (!f) { fprintf(stderr, "floor: %s: %s\n", path, strerror(errno)); return -1; }
    size_t n = fwrite(b->data, 1, b->len, f);
    int rc = fclose(f);
    return (n == b->len && rc == 0) ? 0 : -1;
}

static void stem_of(const char *path, char *out, size_t cap) {
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strlen(base);
    const char *dot = strrchr(base, '.');
    if (dot) n = (size_t)(dot - base);
    if (n >= cap) n = cap - 1;
    memcpy(out, base, n);
    out[n] = 0;
}

/* Builds one spec; returns 0 on success. Buffers are reused by the calling thread. */
static int build_one(const char *path, Buf *src, Buf *out) {
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "floor: %s: %s\n", path, strerror(errno)); return -1; }
    src->len = 0;
    int rc = buf_read_stream(src, f);
    fclose(f);
    if (rc != 0) return -1;
    Spec spec;
    if (spec_parse(&spec, (const unsigned char *)src->data, src->len) != 0) {
        fprintf(stderr, "floor: %s: cannot parse\n", path);
        spec_free(&spec);
        return -1;
    }
    char stem[256], dir[4096];
    stem_of(path, stem, sizeof stem);
    snprintf(dir, sizeof dir, "%s/%s", out_dir, spec.id[0] ? spec.id : stem);
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) { fprintf(stderr, "floor: %s: %s\n", dir, strerror(errno)); return -1; }
    Layout lay;
    spec_layout(&spec, &lay);
    out->len = 0; emit_svg(out, &spec, &lay);
    rc = write_file(dir, "chart.svg", out);
    if (files_per_spec == 4 && rc == 0) {
        out->len = 0; emit_css(out, &spec, &lay); rc |= write_file(dir, "chart.css", out);
        out->len = 0; emit_html(out, &spec, &lay); rc |= write_file(dir, "index.html", out);
        out->len = 0; emit_json(out, &spec, &lay); rc |= write_file(dir, "manifest.json", out);
    }
    layout_free(&lay);
    spec_free(&spec);
    return rc;
}

typedef struct { PathList *paths; int index, stride, failures; } Worker;

static void *run_worker(void *arg) {
    Worker *w = arg;
    Buf src = {0}, out = {0};
    for (size_t i = (size_t)w->index; i < w->paths->count; i += (size_t)w->stride)
        if (build_one(w->paths->items[i], &src, &out) != 0) w->failures++;
    free(src.data);
    free(out.data);
    return NULL;
}

static void usage(void) {
    fprintf(stderr, "usage: floor [-j THREADS] [--files 1|4] [--if-changed] -o OUTDIR SPEC|DIR ...\n");
    exit(2);
}

int main(int argc, char **argv) {
    int threads = 1;
    PathList paths = {0};
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-j") == 0 && i + 1 < argc) threads = atoi(argv[++i]);
        else if (strcmp(argv[i], "--files") == 0 && i + 1 < argc) files_per_spec = atoi(argv[++i]);
        else if (strcmp(argv[i], "--if-changed") == 0) if_changed = 1;
        else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) out_dir = argv[++i];
        else if (argv[i][0] == '-') usage();
        else collect(&paths, argv[i]);
    }
    if (!out_dir || paths.count == 0 || threads < 1 || threads > 64 || (files_per_spec != 1 && files_per_spec != 4)) usage();
    if (mkdir(out_dir, 0777) != 0 && errno != EEXIST) { fprintf(stderr, "floor: %s: %s\n", out_dir, strerror(errno)); return 2; }
    qsort(paths.items, paths.count, sizeof(char *), cmp_str);
    if ((size_t)threads > paths.count) threads = (int)paths.count;
    Worker workers[64];
    pthread_t tids[64];
    for (int t = 0; t < threads; t++) {
        workers[t] = (Worker){ &paths, t, threads, 0 };
        if (t > 0) pthread_create(&tids[t], NULL, run_worker, &workers[t]);
    }
    run_worker(&workers[0]);
    int failures = workers[0].failures;
    for (int t = 1; t < threads; t++) { pthread_join(tids[t], NULL); failures += workers[t].failures; }
    for (size_t i = 0; i < paths.count; i++) free(paths.items[i]);
    free(paths.items);
    return failures ? 1 : 0;
}
