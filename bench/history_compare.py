#!/usr/bin/env python3
"""bench/history_compare.py BEFORE AFTER [--runs N]: `piec history` of two piec binaries side by
side, runs interleaved (the shared machine is noisy), on throwaway repositories under bench/ of
an 8-slice donut with 50 commits each changing its values (bench/history.sh's workload):
`root` (the spec added in the first commit), `later` (added after a first commit: the walk asks
`git diff-tree` whether it was renamed there), `renamed` (moved to another folder halfway, in a
commit of its own; BEFORE does not follow it). Prints the median and best wall time, the median
CPU time with git's, and AFTER/BEFORE. BENCHMARKS.md's "History" section quotes it."""
import argparse, os, resource, shutil, statistics, subprocess, tempfile, time

BENCH = os.path.dirname(os.path.abspath(__file__))
ENV = dict(os.environ, GIT_AUTHOR_NAME="bench", GIT_AUTHOR_EMAIL="bench@example.com", GIT_COMMITTER_NAME="bench",
           GIT_COMMITTER_EMAIL="bench@example.com", GIT_AUTHOR_DATE="2026-01-01T00:00:00Z",
           GIT_COMMITTER_DATE="2026-01-01T00:00:00Z", GIT_CONFIG_GLOBAL="/dev/null", GIT_CONFIG_NOSYSTEM="1")


def git(repo, *args):
    subprocess.run(["git", "-C", repo, *args], env=ENV, check=True, capture_output=True)


def repository(root, kind):
    repo = os.path.join(root, kind)
    os.makedirs(os.path.join(repo, "specs"))
    os.makedirs(os.path.join(repo, "charts"))
    git(repo, "init", "-q")
    if kind == "later":
        git(repo, "commit", "-q", "--allow-empty", "-m", "root")
    path = "specs/langs.yaml"
    for v in range(50):
        if kind == "renamed" and v == 25:
            git(repo, "mv", path, "charts/langs.yaml")
            git(repo, "commit", "-q", "-m", "move")
            path = "charts/langs.yaml"
        rows = "".join(f"  - {{id: s{i}, label: L{i}, value: {(v * 7 + i * 13) % 50 + 5}}}\n" for i in range(8))
        with open(os.path.join(repo, path), "w") as f:
            f.write("piec: 1\nid: langs\ntitle: Languages\nchart: {innerRadius: 0.5}\nslices:\n" + rows)
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", f"version {v}")
    return repo, path


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    root = tempfile.mkdtemp(prefix="history.", dir=BENCH)
    try:
        for kind in ["root", "later", "renamed"]:
            repo, path = repository(root, kind)
            wall, cpu = {"before": [], "after": []}, {"before": [], "after": []}
            for i in range(args.runs + 1):
                for name in (["before", "after"] if i % 2 == 0 else ["after", "before"]):
                    binary = getattr(args, name)
                    r0, t0 = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
                    subprocess.run([binary, "history", path, "-o", "out-" + name, "--max", "50"], cwd=repo,
                                   env=ENV, check=True, capture_output=True)
                    t1, r1 = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
                    if i > 0:  # the first round warms the caches
                        wall[name].append((t1 - t0) * 1000)
                        cpu[name].append((r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime) * 1000)
            versions = {n: len(__import__("json").load(open(os.path.join(repo, f"out-{n}/langs/manifest.json")))["versions"])
                        for n in wall}
            for name in wall:
                print(f"{kind:8} {name:6} {versions[name]:2} versions: wall median {statistics.median(wall[name]):6.1f} ms, "
                      f"best {min(wall[name]):6.1f} ms; cpu median {statistics.median(cpu[name]):6.1f} ms")
            print(f"{kind:8} after/before: wall median {statistics.median(wall['after']) / statistics.median(wall['before']):.3f}, "
                  f"best {min(wall['after']) / min(wall['before']):.3f}, cpu {statistics.median(cpu['after']) / statistics.median(cpu['before']):.3f}")
    finally:
        shutil.rmtree(root)


if __name__ == "__main__":
    main()
