"""The fonts the label tests assume are there, and the DejaVu-only set hides every other
(piectest/fonts.py, scripts/dependencies.txt): a missing font would make the label judge pass or
fail with the machine."""

from piectest import fonts


def test_the_declared_fonts_are_installed():
    have = fonts.families("installed")
    missing = [f for f in fonts.DECLARED if f not in have]
    assert not missing, f"fonts of scripts/dependencies.txt not installed: {missing}: run scripts/bootstrap.sh"


def test_the_dejavu_set_has_dejavu_alone():
    have = fonts.families("dejavu")
    assert "DejaVu Sans" in have
    others = sorted(f for f in have if not f.startswith("DejaVu"))
    assert not others, f"the DejaVu-only font set still shows {others}"


def test_this_run_uses_its_font_set(font_set):
    """Under PIEC_FONTS=dejavu the browsers this run starts see DejaVu alone (the environment
    conftest.py set up); otherwise every declared font."""
    have = fonts.families()
    if font_set == "dejavu":
        assert not [f for f in have if not f.startswith("DejaVu")]
    else:
        assert all(f in have for f in fonts.DECLARED)
