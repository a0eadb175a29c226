#!/usr/bin/env python3
"""Compare the CPU time of two or more iosec binaries on the same projects.

    python3 scripts/compare-speed.py --iosec OLD --iosec NEW [--runs 5] [--jobs 1] PROJECT...

Each binary scans each project in turn, `--runs` times, alternating, so that the machine's slow and fast moments
fall on all of them alike; the fastest CPU time (user + system, of the whole process) of each is printed with its
ratio to the first binary. On a shared machine the scan/parse ratio of `iosec-bench run` moves by about a tenth
between runs, which hides a change of a few percent; alternating runs of the two binaries do not.
"""
import argparse
import os
import resource
import subprocess
import sys


def cpu_seconds(binary, project, jobs):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run(
        [binary, "scan", project, "--jobs", str(jobs), "--format", "json", "--fail-on", "none", "--output",
         os.devnull],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode not in (0, 1):
        sys.exit(f"{binary} failed on {project} (exit {result.returncode}): {result.stderr.decode()[-500:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--iosec", action="append", required=True, help="an iosec binary (give two or more)")
    parser.add_argument("--runs", type=int, default=5, help="scans per binary and project (default 5)")
    parser.add_argument("--jobs", type=int, default=1, help="--jobs for each scan (default 1)")
    parser.add_argument("projects", nargs="+")
    args = parser.parse_args()
    if len(args.iosec) < 2:
        parser.error("give --iosec at least twice: the first is the baseline")
    width = max(len(b) for b in args.iosec)
    for project in args.projects:
        best = {binary: float("inf") for binary in args.iosec}
        for _ in range(args.runs):
            for binary in args.iosec:
                best[binary] = min(best[binary], cpu_seconds(binary, project, args.jobs))
        print(f"{project}")
        base = best[args.iosec[0]]
        for binary in args.iosec:
            print(f"  {binary:<{width}}  {best[binary]:.3f} s CPU  {best[binary] / base:.3f}")


if __name__ == "__main__":
    main()
