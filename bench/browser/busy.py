"""Does a chart keep moving while the page's main thread is busy?

The page runs a script that spins 50 ms every 100 ms (started 200 ms before the update), without
CPU throttling. What the screen shows is read from a trace: the renderer's compositor frames
(`PipelineReporter`) in the animation's window, presented (fully or partly) or dropped, and
whether they carried a compositor animation, and the main thread's frames (BeginMainFrame).
Reported: main-thread frames, presented frames that ticked a compositor animation, those of them
presented while the main thread was inside one of the busy script's tasks (only the compositor
can move anything then), and the longest time the picture stood still (between two updates of
either kind). A chart animated on the compositor
keeps presenting frames through the busy tasks; one animated on the main thread stands still
for each of them (about 50 ms). The control page, a square rotating by a `transform` animation,
shows what compositor-only motion looks like in the same measure.

(Screenshots cannot sample this in Chromium: `Page.captureScreenshot` and `Page.startScreencast`
both wait for the main thread, so the control page looked as still as the others, 117 ms.)"""

import time

import trace

BUSY_JS = """window.benchBusy = setInterval(() => { const end = performance.now() + 50;
  while (performance.now() < end) {} }, 100); 0"""

CONTROL_PAGE = """<!doctype html><html><head><meta charset=utf-8><style>body{margin:0}
#sq{width:200px;height:200px;margin:100px;background:linear-gradient(90deg,#4e79a7,#e15759)}
.go #sq{animation:spin 1s ease-in-out}@keyframes spin{from{transform:rotate(0)}to{transform:rotate(360deg)}}
</style></head><body><div id=sq></div><script>function start(){document.body.className='go'}</script>
</body></html>"""


def measure(browser, open_page, collect_trace, path, duration_ms=1000):
    tab = open_page(browser, path)
    try:
        tab.evaluate(BUSY_JS)
        tab.send("Tracing.start", {"traceConfig": {"includedCategories": trace.CATEGORIES},
                                   "transferMode": "ReportEvents"})
        time.sleep(0.2)
        tab.evaluate("performance.mark('bench-start'); start(); 0")
        time.sleep(duration_ms / 1000 + 0.2)
        tab.evaluate("clearInterval(window.benchBusy); 0")
        events = collect_trace(browser, tab)
    finally:
        tab.close()
    return analyse(events, duration_ms)


def analyse(events, duration_ms):
    mark = next(e for e in events if e.get("name") == "bench-start")
    pid, main_tid, t0 = mark["pid"], mark["tid"], mark["ts"] / 1000
    t1 = t0 + duration_ms
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
               if e.get("ph") == "M" and e.get("name") == "thread_name"}
    comp = {t for (p, t), n in threads.items() if p == pid and n == "Compositor"}
    busy = [(e["ts"] / 1000, (e["ts"] + e["dur"]) / 1000) for e in events
            if e.get("pid") == pid and e.get("tid") == main_tid and e.get("ph") == "X"
            and e.get("name") == "ThreadControllerImpl::RunTask" and e.get("dur", 0) >= 40000]
    frames = {}
    for e in events:
        if e.get("name") == "PipelineReporter" and e.get("pid") == pid and e.get("tid") in comp \
                and e.get("ph") == "b" and t0 <= e["ts"] / 1000 < t1:
            fr = e["args"]["frame_reporter"]
            f = frames.setdefault(fr["frame_sequence"], {"ts": e["ts"] / 1000, "presented": False,
                                                         "compositor": False})
            f["presented"] |= "PRESENTED" in fr.get("state", "")
            f["compositor"] |= bool(fr.get("has_compositor_animation"))
    # The picture changes with a main-thread frame (BeginMainFrame: style, paint, commit) or a
    # presented compositor frame that ticks a compositor animation.
    commits = [(e["ts"] + e["dur"]) / 1000 for e in events
               if e.get("pid") == pid and e.get("tid") == main_tid and e.get("ph") == "X"
               and e.get("name") == "ProxyMain::BeginMainFrame" and t0 <= e["ts"] / 1000 < t1]
    moving = [f["ts"] for f in frames.values() if f["presented"] and f["compositor"]]
    updates = sorted(commits + moving)
    in_busy = [t for t in moving if any(a <= t < b for a, b in busy)]
    gaps = [b - a for a, b in zip([t0] + updates, updates + [t1])]
    return {"main_frames": len(commits), "compositor_frames": len(moving),
            "compositor_frames_in_busy": len(in_busy),
            "busy_tasks": len([1 for a, b in busy if a < t1 and b > t0]),
            "longest_still_ms": round(max(gaps), 1)}
