"""The checker itself catches what it is meant to catch (so a passing safety test means something)."""

import pytest

from safecheck import first_difference, parse_html5, parse_xml, shape, walk

SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{}</svg>'


@pytest.mark.parametrize("inner,expected", [
    ("<script>alert(1)</script>", "element <script>"),
    ('<g onload="alert(1)"/>', "event attribute onload"),
    ('<g ONCLICK="x"/>', "event attribute ONCLICK"),
    ('<foreignObject><p>x</p></foreignObject>', "element <foreignObject>"),
    ('<image href="https://x.test/a.png"/>', "element <image>"),
    ('<path fill="url(#x)"/>', "`url(` in fill"),
    ('<path fill="url(#piec-a) url(x)"/>', "`url(` in fill"),
    ('<style>g { fill: url(#piec-A) }</style>', "`url(` in CSS"),
    ('<style>@import "x.css";</style>', "`@import` in CSS"),
    ('<style>g { background: url(x) }</style>', "`url(` in CSS"),
    ('<style>.p-a { fill: red } /* Zq1 */</style>', "user text 'Zq1' inside CSS"),
    ('<path class="Zq1"/>', "user text 'Zq1' in the class attribute"),
    ('<g style="fill: red"/>', "attribute style on <g> is not allowed"),
])
def test_walk_finds_unsafe_markup(inner, expected):
    problems = walk(parse_xml(SVG.format(inner).encode()), markers=["Zq1"])
    assert any(expected in p for p in problems), problems


def test_walk_accepts_user_text_in_text_and_aria_label():
    doc = SVG.format('<g aria-label="&lt;script&gt; Zq1 url(x)"><text>&lt;script&gt; Zq1</text></g>')
    assert walk(parse_xml(doc.encode()), markers=["Zq1"]) == []


def test_walk_accepts_local_generated_references():
    doc = SVG.format('<defs><mask id="piec-a-pad"><rect width="1" height="1" fill="#fff"/></mask></defs>'
                     '<g mask="url(#piec-a-pad)"><path fill="url(#piec-a-p0)"/></g>')
    assert walk(parse_xml(doc.encode()), markers=["Zq1"]) == []


def test_xml_and_html5_trees_that_differ_are_reported():
    # HTML5 closes <p> before <table>; XML nests it: the same bytes give two different trees.
    page = b"<!DOCTYPE html><html><head><title>t</title></head><body><p><table><tr><td>x</td></tr></table></p></body></html>"
    assert first_difference(shape(parse_xml(page)), shape(parse_html5(page)[0])) is not None


def test_not_well_formed_is_an_error():
    with pytest.raises(Exception):
        parse_xml(b'<svg xmlns="http://www.w3.org/2000/svg"><g></svg>')
