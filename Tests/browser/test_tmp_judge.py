import json
from pathlib import Path
import pytest
from piectest import bundle as bundles, labeljudge, labelmeasure
import test_label_layout as tl

def test_facets_judged(dom, piec, workdir, repo):
    out = workdir / "g"
    tl.build(piec, repo / "specs" / "facets.yaml", "-o", out)
    tl.build(piec, repo / "specs" / "transitions" / "facets-change.yaml", "-o", out, "--from", repo / "specs" / "transitions" / "before")
    frames, geos = [], {}
    for cid in ("facets", "facets-change"):
        m, svg = tl.load(out, cid)
        frames.append((cid, svg, "rest"))
        geos[cid] = tl.geometry(m)
    measured = labelmeasure.measure(dom, workdir, frames, "tmpjudge")
    for cid, geo in geos.items():
        f = measured[cid]
        scopes = {t.get("scope") for t in f["texts"]}
        print(cid, scopes, len(f["texts"]), [t["kind"] for t in f["texts"] if t["opacity"] > 0.02].count("p-lb"))
        probs = labeljudge.judge(f, geo)
        print(probs)
        assert not probs
        # mutate: shift one facet's centre, the judge must see inside labels out of slices
        g2 = tl.geometry(json.loads((out / cid / "manifest.json").read_text()))
        first = next(iter(g2.charts.values()))
        first.cx += 40
        assert any(c == "inside" for c, _ in labeljudge.judge(f, g2))
