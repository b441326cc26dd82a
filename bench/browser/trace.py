"""Frame costs from a Chromium trace (Tracing domain, JSON events).

The measured window starts at the page's `performance.mark('bench-start')` (the update) and
lasts the animation's duration. A frame of the main thread ends with each BeginMainFrame
(`ProxyMain::BeginMainFrame`: animations ticked, rAF callbacks, style, layout, paint, commit);
the first begins at the mark. A frame's main-thread time is the time the renderer's main thread
spent in top-level tasks (`ThreadControllerImpl::RunTask`) between the end of the previous frame
and the end of this one (timers, input and rAF work included). A frame is *long* when that time
exceeds 16.7 ms (it cannot fit in one refresh at 60 Hz). `first_frame`: from the mark to the end
of the first BeginMainFrame. The compositor's frames (`PipelineReporter`, by `frame_sequence`)
give `frames` (begun in the window), `presented` and `dropped` (the compositor had to show a
frame without the main thread's update). The breakdown sums the main thread's timeline events by name
(UpdateLayoutTree = style recalculation, Layout, PrePaint, Paint, Layerize, FunctionCall, ...)."""

import collections

FRAME_MS = 1000 / 60
BREAKDOWN = ("UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize", "Commit",
             "FunctionCall", "FireAnimationFrame", "TimerFire", "EvaluateScript", "v8.run",
             "HitTest", "RunMicrotasks", "UpdateLayer", "ParseHTML")
CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline",
              "disabled-by-default-devtools.timeline.frame", "toplevel", "blink.user_timing",
              "blink.animations", "cc", "benchmark", "v8.execute"]


def percentile(values, p):
    if not values:
        return 0.0
    s = sorted(values)
    k = (len(s) - 1) * p / 100
    lo = int(k)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def analyse(events, duration_ms, mark="bench-start"):
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
               if e.get("ph") == "M" and e.get("name") == "thread_name"}
    marks = [e for e in events if e.get("name") == mark and e.get("cat", "").startswith("blink.user_timing")]
    if not marks:
        raise ValueError("no bench-start mark in the trace")
    m = marks[0]
    pid, main_tid = m["pid"], m["tid"]
    t0 = m["ts"] / 1000
    t1 = t0 + duration_ms
    comp = {tid for (p, tid), name in threads.items() if p == pid and name == "Compositor"}
    on_main = [e for e in events if e.get("pid") == pid and e.get("tid") == main_tid]

    begins = {}
    states = {}
    for e in events:
        if e.get("name") == "PipelineReporter" and e.get("pid") == pid and e.get("tid") in comp \
                and e.get("ph") == "b":
            fr = e["args"]["frame_reporter"]
            seq = fr["frame_sequence"]
            ts = e["ts"] / 1000
            begins[seq] = min(ts, begins.get(seq, ts))
            states.setdefault(seq, set()).add(fr.get("state", "?"))
    seqs = sorted(s for s in begins if t0 <= begins[s] < t1)

    tasks = sorted((e["ts"] / 1000, (e["ts"] + e.get("dur", 0)) / 1000) for e in on_main
                   if e.get("ph") == "X" and e.get("name") == "ThreadControllerImpl::RunTask")
    bmf = sorted((e["ts"] + e.get("dur", 0)) / 1000 for e in on_main
                 if e.get("name") == "ProxyMain::BeginMainFrame" and e.get("ph") == "X"
                 and t0 <= e["ts"] / 1000 < t1)
    edges = [t0] + bmf if bmf else [t0, t1]
    per_frame = [busy_between(tasks, a, b) for a, b in zip(edges, edges[1:])]
    # Thread (CPU) time of the tasks that began in each frame: insensitive to other processes
    # taking the CPU (the wall-clock figures are not), but blind to the throttling's stretch.
    cpu = sorted((e["ts"] / 1000, e.get("tdur", 0) / 1000) for e in on_main
                 if e.get("ph") == "X" and e.get("name") == "ThreadControllerImpl::RunTask")
    cpu_frame = [sum(d for s, d in cpu if a <= s < b) for a, b in zip(edges, edges[1:])]
    first = (bmf[0] if bmf else t1) - t0
    presented = [s for s in seqs if any("PRESENTED" in x for x in states[s])]

    breakdown = collections.Counter()
    for e in on_main:
        if e.get("ph") == "X" and e.get("name") in BREAKDOWN and t0 <= e["ts"] / 1000 < t1:
            breakdown[e["name"]] += e.get("dur", 0) / 1000
    animations = animation_report(events, pid)
    main_total = sum(per_frame)
    return {
        "frames": len(seqs),
        "main_frame_times": [round(v, 2) for v in per_frame],
        "presented": len(presented),
        "dropped": sum(1 for s in seqs if any("DROPPED" in x for x in states[s])),
        "main_frames": len(bmf),
        "intervals_over_frame": sum(1 for a, b in zip(edges, edges[1:]) if b - a > 1.5 * FRAME_MS),
        "p50": percentile(per_frame, 50),
        "p95": percentile(per_frame, 95),
        "max": max(per_frame, default=0.0),
        "cpu_p50": percentile(cpu_frame, 50),
        "cpu_p95": percentile(cpu_frame, 95),
        "long": sum(1 for v in per_frame if v > FRAME_MS),
        "first_frame": first,
        "main_total": main_total,
        "breakdown": dict(breakdown.most_common()),
        "animations": animations,
    }


def busy_between(tasks, a, b):
    """Time in [a, b) covered by the (start, end) tasks (sorted by start, not overlapping)."""
    return sum(max(0.0, min(b, e) - max(a, s)) for s, e in tasks if s < b and e > a)


def animation_report(events, pid):
    """How many CSS animations started and why Chromium did not composite them
    (`Animation` trace events: `compositeFailed` bits, `unsupportedProperties`)."""
    started, failed, props = set(), collections.Counter(), collections.Counter()
    for e in events:
        if e.get("name") != "Animation" or e.get("pid") != pid:
            continue
        key = str(e.get("id2") or e.get("id"))
        if e.get("ph") == "b":
            started.add(key)
        data = (e.get("args") or {}).get("data") or {}
        if "compositeFailed" in data:
            failed[data["compositeFailed"]] += 1
            for p in data.get("unsupportedProperties") or []:
                props[p] += 1
    return {"started": len(started), "not_composited": sum(failed.values()),
            "reasons": {str(k): v for k, v in failed.items()}, "properties": dict(props)}
