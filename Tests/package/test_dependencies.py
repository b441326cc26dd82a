"""Nothing the build, tests, benchmarks or scripts use is undeclared (issue 38).

scripts/dependencies.txt is the one list scripts/bootstrap.sh installs from. This test reads the
code that runs on a developer's or CI's machine (Tests/, bench/, scripts/, .ci/run, the Makefile)
and fails when it
- imports a Python module that is neither the standard library, nor the repository's own, nor
  provided by an `import:` entry;
- runs a program that no `prog:` entry provides (in Python: the first word of a subprocess
  call's argument list, `shutil.which`; in Swift tests: absolute program paths, `/usr/bin/env`'s
  first argument, `shell("NAME")`; in shell scripts and make recipes: a command word that names
  a program on this machine's PATH, so a program installed here by hand is caught too);
- names a file under /usr/share or /usr/lib that no `file:` entry covers.
And it fails when an entry of the build and test groups does not hold on this machine (which
`make test` bootstraps first): every program on PATH, and owned by the Debian package named where
dpkg knows its file; every module importable by the Python that runs the tests; every pkg-config
module, file and font present.

A green CI on a machine that keeps what was installed by hand cannot hide a missing line here."""

import ast
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO

LIST = REPO / "scripts" / "dependencies.txt"
GROUPS_CHECKED = ("build", "test")
# Programs the repository builds itself, and shell words that are not programs.
OWN_PROGRAMS = {"piec", "piec-preview", "piec-render", "floor"}
# Programs the code looks for only where the declared one is not there: Firefox under its own
# name (other distributions), BSD's chflags (macOS, where Linux has chattr).
ALTERNATIVES = {"firefox": "firefox-esr", "chflags": "chattr"}
SHELL_WORDS = set("""if then else elif fi for while until do done case esac in function return exit set
shift local export readonly declare unset echo printf read cd pwd test [ [[ ]] true false : . source
eval exec trap wait kill break continue command type hash alias ulimit umask getopts let time mapfile
readarray shopt jobs builtin""".split())
SUBPROCESS_CALLS = {"run", "Popen", "check_output", "check_call", "call", "_spawn", "spawn"}


def entries():
    """[(group, kind, package, [provides])] of scripts/dependencies.txt."""
    out = []
    for line in LIST.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        group, kind, package, *provides = line.split()
        out.append((group, kind, package, provides))
    return out


def provided(prefix):
    return {p[len(prefix):] for *_, provides in entries() for p in provides if p.startswith(prefix)}


def code_files(suffix):
    roots = [REPO / "Tests", REPO / "bench", REPO / "scripts", REPO / "Fuzz", REPO / "Plugins", REPO / "python"]
    return sorted(p for root in roots for p in root.rglob(f"*{suffix}")
                  if ".venv" not in p.parts and ".build" not in str(p.relative_to(REPO)).split("/")[0])


def local_modules():
    """Module names the repository's own Python files and folders define."""
    names = set()
    for path in code_files(".py"):
        names.add(path.stem)
        names.update(part for part in path.relative_to(REPO).parts[:-1])
    return names


def python_uses():
    """({module: [file]}, {program: [file]}) of the repository's Python code."""
    modules, programs = {}, {}
    for path in code_files(".py"):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        where = str(path.relative_to(REPO))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    modules.setdefault(alias.name.split(".")[0], []).append(where)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules.setdefault(node.module.split(".")[0], []).append(where)
            elif isinstance(node, ast.Call):
                name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                first = node.args[0] if node.args else None
                if name == "which" and isinstance(first, ast.Constant) and isinstance(first.value, str):
                    programs.setdefault(first.value, []).append(where)
                elif (name in SUBPROCESS_CALLS and isinstance(first, (ast.List, ast.Tuple)) and first.elts
                      and isinstance(first.elts[0], ast.Constant) and isinstance(first.elts[0].value, str)):
                    program = re.sub(r"^(?:/usr)?/s?bin/", "", first.elts[0].value)
                    programs.setdefault(program, []).append(where)
    return modules, programs


SWIFT_PROGRAM = [re.compile(r'"(?:/usr)?/s?bin/([A-Za-z][\w.+-]*)"'),
                 re.compile(r'\bshell\("([A-Za-z][\w.+-]*)"\)'),
                 re.compile(r'/usr/bin/env"\)?\s*\n?\s*\w*\.?arguments\s*=\s*\["([A-Za-z][\w.+-]*)"')]


def swift_programs():
    programs = {}
    for path in code_files(".swift"):
        text = path.read_text(encoding="utf-8")
        for pattern in SWIFT_PROGRAM:
            for m in pattern.finditer(text):
                programs.setdefault(m.group(1), []).append(str(path.relative_to(REPO)))
    return programs


def shell_sources():
    """(name, text) of every shell script and of the Makefile's recipes."""
    out = []
    for path in sorted((REPO / "scripts").glob("*.sh")) + sorted((REPO / "bench").rglob("*.sh")) + [REPO / ".ci" / "run"]:
        out.append((str(path.relative_to(REPO)), path.read_text(encoding="utf-8")))
    for path in [REPO / "Makefile"] + sorted((REPO / "bench").rglob("Makefile")):
        recipes = [line[1:] for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("\t")]
        out.append((str(path.relative_to(REPO)), "\n".join(recipes)))
    return out


def command_words(text):
    """The words in command position of a shell text (comments, quoted strings but their
    command substitutions, and here-documents left out)."""
    functions = set(re.findall(r"^\s*([A-Za-z_][\w-]*)\s*\(\)\s*\{", text, re.M))
    text = re.sub(r"<<-?\s*['\"]?(\w+)['\"]?([^\n]*)\n.*?\n\s*\1\s*$", r"\2", text, flags=re.S | re.M)
    text = "\n".join(re.sub(r"(^|\s)#.*$", "", line) for line in text.splitlines())
    text = re.sub(r"'[^']*'", "''", text)
    words = set()
    for line in text.splitlines():
        line = re.sub(r'"([^"\\]|\\.)*"', lambda q: "".join(f" ; {c} ; " for c in re.findall(r"\$\(([^)]*)\)", q.group(0))) or '""', line)
        for segment in re.split(r";|&&|\|\||\||\$\(|`|\(|\)|\{|\}|!|\b(?:then|do|else|if|while|until|time|exec|xargs|command -v|command)\b", line):
            parts = segment.strip().split()
            while parts and re.match(r"^\w+=", parts[0]):
                parts = parts[1:]
            if not parts:
                continue
            word = parts[0]
            if word in SHELL_WORDS or word in functions or not re.fullmatch(r"[A-Za-z][\w.+-]*", word):
                continue
            words.add(word)
    return words


def shell_programs():
    programs = {}
    for name, text in shell_sources():
        for word in command_words(text):
            if shutil.which(word):
                programs.setdefault(word, []).append(name)
    return programs


def system_paths():
    """{path under /usr/share or /usr/lib: [file]} named anywhere in the scanned code."""
    found = {}
    pattern = re.compile(r"/usr/(?:share|lib)/[\w.+/-]*[\w+-]")
    for path in code_files(".py") + code_files(".swift") + code_files(".sh") + code_files(".js"):
        for m in pattern.finditer(path.read_text(encoding="utf-8", errors="replace")):
            found.setdefault(m.group(0), []).append(str(path.relative_to(REPO)))
    return found


def test_every_python_import_is_declared():
    modules, _ = python_uses()
    own, declared = local_modules(), provided("import:")
    undeclared = {m: sorted(set(w))[:3] for m, w in modules.items()
                  if m not in sys.stdlib_module_names and m not in own and m not in declared}
    assert not undeclared, f"Python modules imported but not on scripts/dependencies.txt (import:NAME): {undeclared}"


def test_every_program_run_is_declared():
    _, programs = python_uses()
    for source in (swift_programs(), shell_programs()):
        for name, where in source.items():
            programs.setdefault(name, []).extend(where)
    declared = provided("prog:")
    undeclared = {p: sorted(set(w))[:3] for p, w in programs.items() if p not in declared and p not in OWN_PROGRAMS
                  and ALTERNATIVES.get(p) not in declared}
    assert not undeclared, f"programs run but not on scripts/dependencies.txt (prog:NAME): {undeclared}"


def test_every_system_file_read_is_declared():
    declared = provided("file:")
    undeclared = {p: sorted(set(w))[:3] for p, w in system_paths().items()
                  if not any(p == d or p.startswith(d.rstrip("/") + "/") or d.startswith(p.rstrip("/") + "/") for d in declared)}
    assert not undeclared, f"files under /usr/share or /usr/lib read but not on scripts/dependencies.txt (file:PATH): {undeclared}"


def test_the_scanner_sees_what_it_must():
    """The scans find known uses (a broken pattern would let every check pass)."""
    modules, programs = python_uses()
    assert {"pytest", "yaml", "PIL", "resvg_py"} <= set(modules)
    assert {"git", "Xvfb", "rsvg-convert"} <= set(programs)
    assert {"git", "bash", "script"} <= set(swift_programs())
    assert {"swift", "hyperfine", "make", "git"} <= set(shell_programs())
    assert "/usr/share/javascript/chart.js/chart.min.js" in system_paths()
    assert command_words('x=1 foo --a | bar "$(baz q)" && echo "qux quux"; # zap\n') == {"foo", "bar", "baz"}


def test_python_runs_the_tests():
    """The modules of group test are imported by the Python that runs the tests, which is this one."""
    missing = []
    for group, kind, package, provides in entries():
        if group not in GROUPS_CHECKED:
            continue
        for p in provides:
            if p.startswith("import:"):
                try:
                    __import__(p[len("import:"):])
                except ImportError:
                    missing.append((package, p))
    assert not missing, f"declared but not importable by {sys.executable}: {missing}: run scripts/bootstrap.sh"


def owners_of(paths):
    """{path: {Debian packages owning it}} from one dpkg-query call (diversions aside)."""
    proc = subprocess.run(["dpkg-query", "-S", *paths], capture_output=True, text=True)
    found = {}
    for line in proc.stdout.splitlines():
        if ": " not in line or line.startswith("diversion"):
            continue
        packages, path = line.split(": ", 1)
        found.setdefault(path.strip(), set()).update(p.strip().split(":")[0] for p in packages.split(","))
    return found


@pytest.mark.skipif(shutil.which("dpkg-query") is None, reason="not a Debian system: dpkg cannot say who owns a file")
def test_every_declared_entry_holds_here():
    """What the list promises is what this machine has: a wrong package name or a provides that
    comes from another package fails here, not on a user's fresh machine."""
    wrong = []
    dirs = os.environ.get("PATH", "").split(":") + ["/usr/bin", "/bin"]
    places = {p[5:]: [str(Path(d) / p[5:]) for d in dirs if (Path(d) / p[5:]).is_file() and os.access(Path(d) / p[5:], os.X_OK)]
              for *_, provides in entries() for p in provides if p.startswith("prog:")}
    owners = owners_of(sorted({c for found in places.values() for f in found for c in (f, os.path.realpath(f))}))
    fonts = subprocess.run(["fc-list", ":", "family"], capture_output=True, text=True,
                           env={k: v for k, v in os.environ.items() if k != "FONTCONFIG_FILE"}).stdout
    families = {name.strip() for line in fonts.splitlines() for name in line.split(",")}
    for group, kind, package, provides in entries():
        if group not in GROUPS_CHECKED:
            continue
        for p in provides:
            what = p.split(":", 1)[-1]
            if p.startswith("prog:"):
                found = places[what]
                if not found:
                    wrong.append((package, p, "not on PATH"))
                elif kind == "apt":
                    names = {o for f in found for candidate in (f, os.path.realpath(f)) for o in owners.get(candidate, ())}
                    if names and not any(o == package or o.startswith(package + "-") or o.startswith(package) for o in names):
                        wrong.append((package, p, f"comes from {sorted(names)}"))
            elif p.startswith("pc:"):
                if subprocess.run(["pkg-config", "--exists", what]).returncode != 0:
                    wrong.append((package, p, "pkg-config does not know it"))
            elif p.startswith("file:"):
                if not Path(what).exists():
                    wrong.append((package, p, "missing"))
            elif p.startswith("font:"):
                if what.replace("_", " ") not in families:
                    wrong.append((package, p, "fontconfig does not list it"))
        if kind == "apt" and provides == ["none"] and not owners_installed(package):
            wrong.append((package, "none", "not installed"))
    assert not wrong, f"scripts/dependencies.txt entries that do not hold on this machine: {wrong}"


def owners_installed(package):
    proc = subprocess.run(["dpkg-query", "-W", "-f=${Status}", package], capture_output=True, text=True)
    return proc.stdout.strip() == "install ok installed"
