"""The two font sets the label tests run under (issue 38).

- "installed": every font on the machine, which after scripts/bootstrap.sh includes the fonts of
  scripts/dependencies.txt (DejaVu Sans, Liberation Sans, WenQuanYi Micro Hei).
- "dejavu": DejaVu alone, as on a Linux machine with no other font (the most common fallback):
  a fontconfig configuration whose only font folder is DejaVu's hides every other font from the
  browsers, so CJK text has no font at all (Chromium and WebKit draw empty boxes, Firefox boxes
  with the code point in hex, at least 13 px wide).

`PIEC_FONTS=dejavu` selects the second for a whole pytest run (conftest.py applies it before
any browser starts); `make browser-test` runs the label judge under both."""

import os
import subprocess
import tempfile
from pathlib import Path

FONT_SETS = ("installed", "dejavu")
DEJAVU_DIR = "/usr/share/fonts/truetype/dejavu"
# The families the "installed" set must have (scripts/dependencies.txt, font: entries).
DECLARED = ("DejaVu Sans", "Liberation Sans", "WenQuanYi Micro Hei")

CONFIG = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir>{fonts}</dir>
  <cachedir>{cache}</cachedir>
  <include ignore_missing="yes">/etc/fonts/conf.d</include>
</fontconfig>
"""


def selected():
    name = os.environ.get("PIEC_FONTS", "installed").strip() or "installed"
    if name not in FONT_SETS:
        raise SystemExit(f"PIEC_FONTS={name!r}: expected one of {', '.join(FONT_SETS)}")
    return name


def environment(font_set):
    """The environment variables that select `font_set` for programs started with them."""
    if font_set == "installed":
        return {}
    folder = Path(tempfile.mkdtemp(prefix="piec-fonts-"))
    (folder / "fonts.conf").write_text(CONFIG.format(fonts=DEJAVU_DIR, cache=folder / "cache"), encoding="utf-8")
    return {"FONTCONFIG_FILE": str(folder / "fonts.conf")}


def families(font_set=None):
    """The font families fontconfig lists under `font_set` (each name of a multi-name family),
    or under this process's environment."""
    env = dict(os.environ)
    if font_set is not None:
        env.pop("FONTCONFIG_FILE", None)
        env.update(environment(font_set))
    out = subprocess.run(["fc-list", ":", "family"], env=env, check=True, capture_output=True, text=True).stdout
    return {name.strip() for line in out.splitlines() for name in line.split(",") if name.strip()}
