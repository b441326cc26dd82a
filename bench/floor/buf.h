/* A growable byte buffer with the few appenders the floor needs (text, escaped text, numbers). */
#ifndef FLOOR_BUF_H
#define FLOOR_BUF_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { char *data; size_t len, cap; } Buf;

static inline void buf_reserve(Buf *b, size_t extra) {
    if (b->len + extra <= b->cap) return;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + extra) cap *= 2;
    b->data = realloc(b->data, cap);
    if (!b->data) { perror("floor"); exit(3); }
    b->cap = cap;
}

static inline void buf_put(Buf *b, const char *s, size_t n) {
    buf_reserve(b, n);
    memcpy(b->data + b->len, s, n);
    b->len += n;
}

static inline void buf_puts(Buf *b, const char *s) { buf_put(b, s, strlen(s)); }
static inline void buf_putc(Buf *b, char c) { buf_reserve(b, 1); b->data[b->len++] = c; }

/* Reads a whole stream into b (appending). */
static inline int buf_read_stream(Buf *b, FILE *f) {
    for (;;) {
        buf_reserve(b, 65536);
        size_t n = fread(b->data + b->len, 1, b->cap - b->len, f);
        b->len += n;
        if (n == 0) return ferror(f) ? -1 : 0;
    }
}

/* Text as XML character data or a double-quoted attribute value. */
static inline void buf_xml(Buf *b, const char *s) {
    for (; *s; s++) {
        switch (*s) {
        case '&': buf_put(b, "&amp;", 5); break;
        case '<': buf_put(b, "&lt;", 4); break;
        case '>': buf_put(b, "&gt;", 4); break;
        case '"': buf_put(b, "&quot;", 6); break;
        default: buf_putc(b, *s);
        }
    }
}

/* Text as the inside of a JSON string. */
static inline void buf_json(Buf *b, const char *s) {
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') { buf_putc(b, '\\'); buf_putc(b, (char)c); }
        else if (c < 0x20) { char e[8]; snprintf(e, sizeof e, "\\u%04x", c); buf_puts(b, e); }
        else buf_putc(b, (char)c);
    }
}

/* A number rounded to 2 decimals, trailing zeros trimmed ("12", "12.5", "-0.25"). */
static inline void buf_num(Buf *b, double x) {
    long long v = (long long)(x * 100.0 + (x < 0 ? -0.5 : 0.5));
    char tmp[32];
    int n = 0, neg = v < 0;
    unsigned long long u = neg ? (unsigned long long)(-v) : (unsigned long long)v;
    int frac = (int)(u % 100);
    u /= 100;
    if (frac) {
        if (frac % 10) { tmp[n++] = (char)('0' + frac % 10); tmp[n++] = (char)('0' + frac / 10); }
        else tmp[n++] = (char)('0' + frac / 10);
        tmp[n++] = '.';
    }
    do { tmp[n++] = (char)('0' + u % 10); u /= 10; } while (u);
    if (neg) tmp[n++] = '-';
    buf_reserve(b, (size_t)n);
    while (n) b->data[b->len++] = tmp[--n];
}

#endif
