"""`swift package piec-build` from a package that depends on this one by path: the plugin
builds piec (debug, without the preview server: about a minute) and runs `piec build` in the
package directory. One test, to keep the cost to one build of piec."""

import os
import shutil

import pytest

from conftest import REPO, run, write_spec

MANIFEST = """\
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "charts",
    dependencies: [.package(path: {repo})],
    targets: []
)
"""


def test_the_plugin_builds_the_package_specs(tmp_path):
    swift = os.environ.get("SWIFT", "swift")
    if shutil.which(swift) is None:
        pytest.fail(f"{swift} is not on PATH")
    package = tmp_path / "charts"
    package.mkdir()
    (package / "Package.swift").write_text(MANIFEST.format(repo='"%s"' % REPO))
    write_spec(package / "specs", "langs.yaml", "langs")
    write_spec(package / "charts", "other.yaml", "other")
    plugin = [swift, "package", "--allow-writing-to-package-directory", "piec-build"]

    listed = run([swift, "package", "plugin", "--list"], cwd=package, timeout=900)
    assert "piec-build" in listed.stdout, listed.stdout + listed.stderr

    # No arguments: piec build specs, into out/.
    default = run(plugin, cwd=package, timeout=1200)
    assert default.returncode == 0, default.stdout + default.stderr
    assert sorted(p.name for p in (package / "out").iterdir()) == ["langs"]
    assert (package / "out" / "langs" / "chart.svg").is_file()

    # Arguments go to piec build as they are.
    custom = run(plugin + ["charts", "--output", "site/charts"], cwd=package, timeout=600)
    assert custom.returncode == 0, custom.stdout + custom.stderr
    assert sorted(p.name for p in (package / "site" / "charts").iterdir()) == ["other"]

    # A spec with errors: piec's diagnostics, a failing status, nothing written.
    write_spec(package / "charts", "bad.yaml", "bad", broken=True)
    failed = run(plugin + ["charts", "-o", "broken"], cwd=package, timeout=600)
    assert failed.returncode != 0
    assert "charts/bad.yaml:6:" in failed.stderr + failed.stdout
    assert "piec build charts -o broken exited with status 1" in failed.stderr + failed.stdout
    assert not (package / "broken").exists()

    # Without permission to write, SwiftPM refuses before piec runs.
    refused = run([swift, "package", "piec-build"], cwd=package, timeout=600)
    assert refused.returncode != 0
    assert "--allow-writing-to-package-directory" in refused.stderr + refused.stdout
