"""Package.swift declares exactly the modules each target imports.

`swift build --explicit-target-dependency-import-check error` (run by `make test`) fails when a
target imports a module outside its dependency closure; a module reached only through another
dependency passes it. This test is stricter: every target's direct dependencies are the modules
its sources import, no more and no fewer (system modules aside).
"""

import json
import re
import subprocess

from conftest import REPO

SYSTEM = {"Foundation", "FoundationXML", "FoundationEssentials", "Testing", "Glibc", "Darwin", "Dispatch", "Synchronization"}
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|package|private|fileprivate)\s+)?import\s+(\w+)\s*$", re.M)


def declared_and_imported():
    dump = subprocess.run(["swift", "package", "dump-package"], cwd=REPO, check=True, capture_output=True, text=True)
    package = json.loads(dump.stdout)
    for target in package["targets"]:
        if target["type"] in ("system", "plugin"):
            continue
        declared = set()
        for dependency in target["dependencies"]:
            kind, value = next(iter(dependency.items()))
            declared.add(value[0])
        default = "Tests" if target["type"] == "test" else "Sources"
        folder = REPO / (target.get("path") or f"{default}/{target['name']}")
        imported = set()
        for source in folder.rglob("*.swift"):
            imported |= set(IMPORT.findall(source.read_text(encoding="utf-8")))
        yield target["name"], declared, imported - SYSTEM


def test_every_target_declares_exactly_what_it_imports():
    problems = []
    for name, declared, imported in declared_and_imported():
        if imported - declared:
            problems.append(f"{name} imports {sorted(imported - declared)} without declaring them")
        if declared - imported:
            problems.append(f"{name} declares {sorted(declared - imported)} but never imports them")
    assert not problems, "\n".join(problems)
