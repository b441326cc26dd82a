"""Schemas/piec.schema.json agrees with piec: every gallery spec passes both, every bad fixture
fails both (JSON Schema Draft 2020-12, specs read as YAML 1.2 like an editor does).

Each bad fixture names where the schema must complain (`# schema-error-at: /json/pointer`) and
marks the line piec must report, with its code (`# <- error E0205`), so neither can pass by
rejecting the file for some other reason."""

import json
import re
from pathlib import Path

import jsonschema
import pytest

from piectest import bundle, yaml12

REPO = Path(__file__).resolve().parents[2]
SCHEMA = REPO / "Schemas" / "piec.schema.json"
# The gallery, plus the examples under a .piec.yaml (whose look comes from it).
SPECS = sorted((REPO / "specs").glob("*.yaml")) + sorted(
    p for p in (REPO / "specs" / "shared-look").glob("*.yaml") if not p.name.startswith("."))
DEFAULTS_SCHEMA = REPO / "Schemas" / "piec-defaults.schema.json"
DEFAULTS = sorted((REPO / "specs").rglob(".piec.yaml"))
BAD = sorted((REPO / "Tests" / "Fixtures" / "schema-bad").glob("*.yaml"))
ERROR_MARK = re.compile(r"# <- error (E\d{4})\s*$")


@pytest.fixture(scope="module")
def validator():
    if not SCHEMA.is_file():
        pytest.fail(f"{SCHEMA.relative_to(REPO)} is missing: generate it with `make schema`",
                    pytrace=False)
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def pointer(error):
    return "/" + "/".join(str(p) for p in error.absolute_path)


def test_schema_is_a_valid_draft_2020_12_schema(validator):
    assert validator.schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_there_are_gallery_specs_and_bad_fixtures():
    assert SPECS, "no specs/*.yaml"
    assert len(BAD) >= 8, f"expected the schema-bad fixtures, found {BAD}"


@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.stem)
def test_gallery_spec_validates_against_schema(validator, path):
    doc = yaml12.load(path.read_text(encoding="utf-8"))
    errors = [f"{pointer(e)}: {e.message}" for e in validator.iter_errors(doc)]
    assert not errors, f"{path.name} fails the schema:\n" + "\n".join(errors)


@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.stem)
def test_gallery_spec_builds_without_diagnostics(piec, path, tmp_path):
    proc = bundle.run(piec, "build", path, "-o", tmp_path)
    assert proc.returncode == 0 and not bundle.diagnostics_in(proc), (
        f"piec build {path.name} exited {proc.returncode}\n{proc.stdout}{proc.stderr}")
    chart_id = yaml12.load(path.read_text(encoding="utf-8")).get("id", path.stem)
    written = sorted(p.name for p in (tmp_path / chart_id).glob("*"))
    assert {"chart.svg", "manifest.json"} <= set(written), f"{path.name}: wrote {written}"


def expected_schema_error(path):
    m = re.search(r"^# schema-error-at: (\S+)$", path.read_text(encoding="utf-8"), re.M)
    assert m, f"{path.name} lacks a '# schema-error-at: /json/pointer' line"
    return m.group(1)


def expected_errors(path):
    """[(line, code)] from `# <- error E0201` comments on the offending lines."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found = [(n, re.search(ERROR_MARK, line)) for n, line in enumerate(lines, 1)]
    return [(n, m.group(1)) for n, m in found if m]


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.stem)
def test_bad_fixture_is_rejected_by_schema_where_expected(validator, path):
    doc = yaml12.load(path.read_text(encoding="utf-8"))
    errors = list(validator.iter_errors(doc))
    assert errors, f"the schema accepts {path.name}"
    where = expected_schema_error(path)
    found = sorted({pointer(e) for e in errors})
    assert where in found, f"{path.name}: schema errors at {found}, expected one at {where}"


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.stem)
def test_bad_fixture_is_rejected_by_piec_check(piec, path):
    proc = bundle.run(piec, "check", path)
    output = proc.stdout + proc.stderr
    assert proc.returncode == 1, f"piec check {path.name} exited {proc.returncode}:\n{output}"
    expected = expected_errors(path)
    assert expected, f"{path.name} lacks a '# <- error E0000' comment on the offending line"
    for line, code in expected:
        pattern = re.compile(rf"{re.escape(path.name)}:{line}:\d+: error\[{code}\]")
        assert pattern.search(output), (
            f"piec check {path.name}: expected error[{code}] on line {line}, got:\n{output}")
    reported = re.findall(r": error\[E\d{4}\]", output)
    assert len(reported) == len(expected), f"one error per defect expected, got:\n{output}"


def test_every_piec_yaml_validates_against_the_defaults_schema():
    """Schemas/piec-defaults.schema.json accepts the example .piec.yaml files and refuses the keys
    piec refuses there (E0314), which the spec schema would accept."""
    schema = json.loads(DEFAULTS_SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    assert DEFAULTS, "no specs/**/.piec.yaml example"
    for path in DEFAULTS:
        errors = [f"{pointer(e)}: {e.message}" for e in validator.iter_errors(yaml12.load(path.read_text(encoding="utf-8")))]
        assert not errors, f"{path} fails the defaults schema:\n" + "\n".join(errors)
    for refused in ({"piec": 1}, {"id": "x"}, {"title": "T"}, {"slices": [{"label": "A", "value": 1}]},
                    {"data": {"file": "a.csv"}}):
        assert list(validator.iter_errors(refused)), f"the defaults schema accepts {refused}"
    assert not list(validator.iter_errors({"theme": {"palette": "hue"}, "chart": {"size": 200}}))
