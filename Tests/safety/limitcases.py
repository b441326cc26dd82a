"""Adversarial inputs at and around piec's documented limits (8 MiB per file, nesting depth 32,
64 KiB per scalar, 1,000 characters per text, 100,000 slices), generated from fixed seeds.

Each case is (name, bytes, expected): expected is "ok", "error" (exit 1, any code) or an
error code such as "E0113" that must be among the diagnostics."""

import random

MiB = 1024 * 1024
FILE_LIMIT = 8 * MiB
SLICE_LIMIT = 100_000

YAML_TOKENS = ["- ", "{", "}", "[", "]", ": ", "\n", "  ", "a", "label", "value", "1", "-1", "#", "'", '"',
               ",", "?", "&a", "*a", "!!str", "|", ">", "piec: 1\n", "slices:\n", "\t", "\\", "%", "@", "`",
               "é", "😀", "\u202e", "\x00", "\x85", "\ufeff"]


def random_bytes(size, seed):
    return random.Random(seed).randbytes(size)


def token_soup(size, seed):
    r = random.Random(seed)
    out, n = [], 0
    while n < size:
        t = r.choice(YAML_TOKENS)
        out.append(t)
        n += len(t.encode())
    return "".join(out).encode()[:size]


def valid_yaml_soup(size, seed):
    """Well-formed YAML that piec must still reject: unknown keys holding nested flow
    collections (depth < 32), long scalars, numbers in every spelling."""
    r = random.Random(seed)
    scalars = ["1", "-0", "1e308", ".inf", "0x10", "99999999999999999999", "yes", "NO", "~", '"<script>"',
               "'a''b'", "é😀", "x" * 200]

    def value(depth):
        k = r.random()
        if depth > 28 or k < 0.5:
            return r.choice(scalars)
        if k < 0.75:
            return "[" + ", ".join(value(depth + 1) for _ in range(r.randint(0, 4))) + "]"
        return "{" + ", ".join(f"k{r.randint(0, 10**6)}: {value(depth + 1)}" for _ in range(r.randint(0, 4))) + "}"

    lines, n = ["piec: 1", "slices: [{label: a, value: 1}]"], 40
    while True:
        line = f"u{len(lines)}: {value(1)}"
        if n + len(line.encode()) + 1 > size:
            return ("\n".join(lines) + "\n").encode()
        lines.append(line)
        n += len(line.encode()) + 1


def slices(count, value="1", key="value"):
    return ("piec: 1\nslices:\n" + "".join(f"  - {{label: s{i}, {key}: {value}}}\n" for i in range(count))).encode()


def one_line_slices(count, value="-1"):
    items = ", ".join(f"{{label: a{i}, value: {value}}}" for i in range(count))
    return ("{piec: 1, slices: [" + items + "]}\n").encode()


def huge_numbers():
    return ("piec: 1\nchart: {size: 1e400, total: " + "9" * 5000 + "}\nslices:\n"
            "  - {label: a, value: 99999999999999999999999999}\n"
            "  - {label: b, value: 0.0000000000000000000000000000000000001}\n"
            "  - {label: c, value: 1e308}\n  - {label: d, value: .inf}\n  - {label: e, value: " + "1" * 401 + "}\n").encode()


def cases(heavy):
    """The cases; `heavy` adds the ones a debug build takes tens of seconds for."""
    yield "random bytes 1 KiB", random_bytes(1024, 1), "error"
    yield "random bytes 1 MiB", random_bytes(MiB, 2), "error"
    yield "random bytes 8 MiB (the limit)", random_bytes(FILE_LIMIT, 3), "error"
    yield "random bytes 8 MiB + 1", random_bytes(FILE_LIMIT + 1, 4), "E0503"
    yield "token soup 8 MiB", token_soup(FILE_LIMIT, 5), "error"
    yield "valid YAML soup 256 KiB", valid_yaml_soup(256 * 1024, 6), "E0201"
    yield "nesting 100,000 deep", b"piec: 1\nslices: " + b"[" * 100_000 + b"\n", "E0113"
    yield "block nesting 600 deep", b"piec: 1\nslices:\n" + b"".join(b"  " * i + b"- a:\n" for i in range(1, 600)), "E0113"
    yield "scalar of 7 MiB", b"piec: 1\nslices:\n  - label: " + b"x" * (7 * MiB) + b"\n    value: 1\n", "E0115"
    yield "label of 1,001 characters", b"piec: 1\nslices:\n  - {label: " + "é".encode() * 1001 + b", value: 1}\n", "E0214"
    yield "huge numbers", huge_numbers(), "E0204"
    yield "one line, 2,000 errors", one_line_slices(2000), "E0205"
    yield "3,000,000 nodes", b"piec: 1\nslices: [{label: a, value: 1}]\nx: [" + b"1," * 3_000_000 + b"1]\n", "E0114"
    yield "5,000 slices", slices(5000), "ok"
    if heavy:
        yield "100,000 slices", slices(SLICE_LIMIT), "ok"
        yield "100,001 slices", slices(SLICE_LIMIT + 1), "E0401"
        yield "100,000 misspelled keys", slices(SLICE_LIMIT, key="vlaue"), "E0201"
        yield "one line, 80,000 slices", one_line_slices(80_000, "1"), "ok"
        yield "valid YAML soup 8 MiB", valid_yaml_soup(FILE_LIMIT, 7), "E0201"
