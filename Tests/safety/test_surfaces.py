"""The newer surfaces under hostile input (issue 42): `piec md` documents, `piec history`
repositories and `piec render` options, each run by the debug binary in a folder of its own
beside an `outside/` folder it must never touch.

Each case must end (no hang, no signal), with a documented exit status (0, 1 spec errors,
2 stale, 64 usage, 74 I/O), a message that says what went wrong when it fails (`piec: error:`
or a located `error[E....]`, never a Swift runtime trap or a library's internal text), peak
memory under a bound, and:
- md: nothing outside the document's folder changes; a run that succeeded is idempotent (a
  second run writes nothing and `--check` passes); every image it wrote is safe markup
  (the markup walk of `safecheck`);
- history: captions made of commit subjects stay text (the bundle passes the markup walk);
- render: nothing is written but the named output, and a refused run writes nothing at all.
The corpus is seeded and small enough for every `make test` (about 20 s with a debug build)."""

import os
import random
import subprocess
from pathlib import Path

import pytest

from conftest import run_piec
import safecheck

HANG_SECONDS = 120
MEMORY_KB = 400 * 1024
DOCUMENTED = {0, 1, 2, 64, 74}
SPEC = "piec: 1\nid: {id}\nslices: [{{label: A, value: 1}}, {{label: B, value: 2}}]\n"


def block(id_, fence="```", prefix=""):
    lines = [fence + "piec"] + SPEC.format(id=id_).splitlines() + [fence]
    return "".join(prefix + line + "\n" for line in lines)


def random_markdown(seed):
    """Markdown-shaped noise: fences, markers, quotes, list markers, HTML and bytes."""
    rng = random.Random(seed)
    atoms = ["```piec\n", "```\n", "~~~piec\n", "~~~\n", "````\n", "> ", "- ", "1. ", "    ", "\t", "<!--", "-->",
             "<!-- piec:begin x -->\n", "<!-- piec:end -->\n", "<pre>\n", "</pre>\n", "\n", "\r\n", "\r", "piec: 1\n",
             "id: a\n", "slices: [{label: A, value: 1}]\n", "\ufeff", "\x00", "\u202e", "<script>", "]]>"]
    text = "".join(rng.choice(atoms) for _ in range(rng.randint(20, 400)))
    return text.encode("utf-8", "surrogatepass")


MD_CASES = [
    ("plain", block("a").encode()),
    ("crlf", block("a").replace("\n", "\r\n").encode()),
    ("lone-cr", block("a").replace("\n", "\r").encode()),
    ("bom-crlf", ("\ufeff" + block("a").replace("\n", "\r\n")).encode()),
    ("nul-in-block", block("a").replace("label: A", "label: A\x00").encode()),
    ("invalid-utf8", b"\xff\xfe\n" + block("a").encode() + b"\xc3\x28\n"),
    ("unclosed-fence", b"# T\n\n```piec\npiec: 1\n"),
    ("unclosed-comment", ("<!--\n" + block("a")).encode()),
    ("orphan-markers", b"<!-- piec:begin a -->\n<!-- piec:end -->\n<!-- piec:end -->\n<!-- piec:begin b -->\n"),
    ("dangling-begin", (block("a") + "<!-- piec:begin a -->\nno end\n").encode()),
    ("marker-id-hostile", (block("a") + "<!-- piec:begin ../../x\" onload=\"y -->\n<!-- piec:end -->\n").encode()),
    ("hostile-ids", "".join(block(i) for i in ["../x", "/etc/x", "A B", "x" * 70, "con"]).encode()),
    ("duplicate-ids", (block("a") + block("a")).encode()),
    ("hostile-labels", block("a").replace("label: A", 'label: "</svg><script>x</script>]]>\u202e"').encode()),
    ("long-fence", ("`" * 5000 + "piec\n" + SPEC.format(id="a") + "`" * 5000 + "\n").encode()),
    ("long-line", ("x" * (1 << 20) + "\n" + block("a")).encode()),
    ("many-blocks", "".join(block(f"b{k}") for k in range(300)).encode()),
    ("many-fences", ("```\n" * 20000).encode()),
    ("deep-quotes", ("> " * 5000 + "x\n" + block("a", prefix="> " * 50)).encode()),
    ("deep-lists", ("".join("  " * k + "- x\n" for k in range(2000)) + block("a")).encode()),
    ("quoted-block", block("q", prefix="> ").encode()),
    ("list-block", ("- item\n\n" + block("l", prefix="  ")).encode()),
] + [(f"noise-{seed}", random_markdown(seed)) for seed in range(12)]


def tree(root):
    """Every file under root with its bytes (the state a run must leave alone)."""
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file() and not p.is_symlink()}


def assert_safe_svg(path, markers=()):
    problems = safecheck.walk(safecheck.parse_xml(path.read_bytes()), markers)
    assert not problems, f"{path.name}: {problems[:5]}"


def assert_clean_end(run, what):
    assert run.status in DOCUMENTED, f"{what}: status {run.status}\n{run.stderr[-2000:]}"
    for trap in ("Fatal error", "panicked", "Illegal instruction", "Segmentation", "bind(descriptor", "Swift runtime"):
        assert trap not in run.stderr, f"{what}: {trap!r} in\n{run.stderr[-2000:]}"
    if run.status != 0:
        assert "piec: error:" in run.stderr or "error[E" in run.stderr, f"{what}: status {run.status} without a message:\n{run.stderr[-2000:]}"
    assert run.max_rss_kb <= MEMORY_KB, f"{what}: peak RSS {run.max_rss_kb} KB"


@pytest.fixture
def sandbox(tmp_path):
    """work/ (where piec runs) and outside/ (a sentinel it must never change)."""
    work, outside = tmp_path / "work", tmp_path / "outside"
    work.mkdir()
    outside.mkdir()
    (outside / "keep.svg").write_text("<svg/>")
    return work, outside


@pytest.mark.parametrize("name,data", MD_CASES, ids=[c[0] for c in MD_CASES])
def test_md_document_ends_cleanly_and_stays_inside(piec, sandbox, name, data):
    work, outside = sandbox
    before = tree(outside)
    (work / "doc.md").write_bytes(data)
    run = run_piec(piec, ["md", "doc.md"], cwd=work, timeout=HANG_SECONDS)
    assert_clean_end(run, f"md {name}")
    assert tree(outside) == before
    for path in (work / "piec").glob("*.svg") if (work / "piec").is_dir() else []:
        assert_safe_svg(path, markers=("<script>",))
    if run.status != 0:
        return
    written = tree(work)
    again = run_piec(piec, ["md", "doc.md"], cwd=work, timeout=HANG_SECONDS)
    assert again.status == 0, again.stderr[-2000:]
    assert tree(work) == written, "a second run changed what the first wrote"
    check = run_piec(piec, ["md", "--check", "doc.md"], cwd=work, timeout=HANG_SECONDS)
    assert check.status == 0, check.stderr[-2000:]


def test_md_refuses_an_image_folder_through_a_symlink(piec, sandbox):
    """`--dir real/deep/x` where real/deep links outside: refused, nothing written outside."""
    work, outside = sandbox
    (work / "real").mkdir()
    (work / "real" / "deep").symlink_to(outside)
    (work / "doc.md").write_text(block("a"))
    before, doc = tree(outside), (work / "doc.md").read_bytes()
    run = run_piec(piec, ["md", "--dir", "real/deep/x", "doc.md"], cwd=work, timeout=HANG_SECONDS)
    assert_clean_end(run, "md --dir through a symlink")
    assert run.status != 0
    assert tree(outside) == before
    assert (work / "doc.md").read_bytes() == doc


def git(cwd, *args, env=None):
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, env=env)


@pytest.fixture
def git_env(tmp_path):
    env = dict(os.environ)
    env.update({"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid", "GIT_COMMITTER_NAME": "t",
                "GIT_COMMITTER_EMAIL": "t@example.invalid", "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null",
                "HOME": str(tmp_path), "GIT_CEILING_DIRECTORIES": str(tmp_path)})
    return env


def commit_all(work, env, subject, date):
    git(work, "add", "-A", env=env)
    git(work, "commit", "-q", "--allow-empty", "-m", subject, env={**env, "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date})


HISTORIES = {
    # Each: a list of (files to write, subject); None as a file's content deletes it.
    "hostile-subjects": [({"c.yaml": SPEC.format(id="c")}, "<script>alert(1)</script> ]]> \u202e"),
                         ({"c.yaml": SPEC.format(id="c").replace("2}", "3}")}, "\x1b[31mred\x1b[0m & <b>bold</b>")],
    "garbage-then-valid": [({"c.yaml": "\x00\xff not yaml: ["}, "garbage"), ({"c.yaml": SPEC.format(id="c")}, "valid")],
    "deleted-and-readded": [({"c.yaml": SPEC.format(id="c")}, "add"), ({"c.yaml": None}, "delete"),
                            ({"c.yaml": SPEC.format(id="c").replace("2}", "5}")}, "again")],
    "many-versions": [({"c.yaml": SPEC.format(id="c").replace("2}", f"{k + 2}}}")}, f"v{k}") for k in range(60)],
    "huge-subject": [({"c.yaml": SPEC.format(id="c")}, "s" * 100_000)],
}


@pytest.mark.parametrize("name", sorted(HISTORIES))
def test_history_of_a_hostile_repository_ends_cleanly(piec, sandbox, git_env, name):
    work, outside = sandbox
    before = tree(outside)
    git(work, "init", "-q", env=git_env)
    for k, (files, subject) in enumerate(HISTORIES[name]):
        for path, text in files.items():
            if text is None:
                (work / path).unlink()
            else:
                (work / path).write_bytes(text.encode("utf-8", "surrogatepass"))
        commit_all(work, git_env, subject, f"2026-01-{1 + k % 28:02d}T{k % 24:02d}:00:00Z")
    run = run_piec(piec, ["history", "c.yaml", "-o", "hist"], cwd=work, timeout=HANG_SECONDS, env=git_env)
    assert_clean_end(run, f"history {name}")
    assert tree(outside) == before
    if run.status == 0:
        problems = safecheck.check_bundle(work / "hist" / "c", markers=("<script>", "<b>"))
        assert not problems, problems[:5]


RENDER_CASES = [
    ("width-1", ["--width", "1"]),
    ("width-max", ["--width", "10000"]),
    ("scale-tiny", ["--scale", "0.0001"]),
    ("scale-max", ["--scale", "20"]),
    ("at-start", ["--at", "0ms"]),
    ("at-percent", ["--at", "100%"]),
    ("at-after-end", ["--at", "99999s"]),
    ("at-garbage", ["--at", "soon"]),
    ("at-negative", ["--at", "-1s"]),
    ("fps-zero", ["--fps", "0"]),
    ("width-and-scale", ["--width", "10", "--scale", "2"]),
    ("theme-dark", ["--theme", "dark"]),
    ("theme-unknown", ["--theme", "sepia"]),
    ("from-missing", ["--from", "nope.yaml"]),
    ("from-self", ["--from", "c.yaml"]),
    ("format-mismatch", ["--format", "svg", "--at", "50%"]),
]


@pytest.mark.parametrize("name,args", RENDER_CASES, ids=[c[0] for c in RENDER_CASES])
def test_render_options_end_cleanly_and_write_only_the_output(piec, sandbox, name, args):
    work, outside = sandbox
    (work / "c.yaml").write_text(SPEC.format(id="c"))
    before = tree(outside)
    run = run_piec(piec, ["render", "c.yaml", "-o", "x.svg", *args], cwd=work, timeout=HANG_SECONDS)
    assert_clean_end(run, f"render {name}")
    assert tree(outside) == before
    made = sorted(tree(work))
    if run.status == 0:
        assert made == ["c.yaml", "x.svg"]
        assert_safe_svg(work / "x.svg")
    else:
        assert made == ["c.yaml"], f"a refused render wrote {made}"


def test_render_refuses_to_write_through_a_symlinked_output(piec, sandbox):
    work, outside = sandbox
    (work / "c.yaml").write_text(SPEC.format(id="c"))
    (work / "x.svg").symlink_to(outside / "keep.svg")
    before = tree(outside)
    run = run_piec(piec, ["render", "c.yaml", "-o", "x.svg"], cwd=work, timeout=HANG_SECONDS)
    assert_clean_end(run, "render -o a symlink")
    assert tree(outside) == before


def test_md_given_one_document_twice_draws_it_once(piec, sandbox):
    """`piec md doc.md doc.md` (a shell glob can do it) is the same run as `piec md doc.md`,
    not a document that 'changed while piec md ran'."""
    work, _ = sandbox
    (work / "doc.md").write_text(block("a"))
    run = run_piec(piec, ["md", "doc.md", "./doc.md"], cwd=work, timeout=HANG_SECONDS)
    assert_clean_end(run, "md doc.md doc.md")
    assert run.status == 0, run.stderr
    assert "E0544" not in run.stderr
    assert (work / "piec" / "a.svg").is_file()
