#!/usr/bin/env python3
"""Score iosec against the labelled corpus in Tests/Corpus.

Every case is a folder Tests/Corpus/<source>/<case>/ with the case's files and an expected.json:

    {"source": "...", "origin": "...", "license": "...", "strict": true,
     "labels": [{"file": "A.swift", "line": 14, "rules": ["storage.userdefaults-secret"],
                 "verdict": "bad", "note": "..."}]}

iosec scans the case folder as its root. A "bad" label is a true positive when an active (not suppressed)
finding of one of its rules is on its line, else a false negative. An active finding that matches no "bad"
label is a false positive when the case is strict; when it is not, only findings on "good" labels count.
A finding on a "good" label whose severity is at or below the label's "max_severity" is acceptable.
A good label applies to findings of the rules it lists ("*" for any rule).

Usage:
    python3 scripts/corpus.py --iosec .build/debug/iosec [--corpus Tests/Corpus] [--source NAME] [--verbose]

Tests/IOSecAuditTests/CorpusTests.swift scores the same way; keep the two in step.
"""

import argparse
import json
import os
import subprocess
import sys
from collections import defaultdict

SEVERITIES = ["info", "low", "medium", "high", "critical"]
RANK = {name: index for index, name in enumerate(SEVERITIES)}


def find_cases(corpus, only_source=None):
    cases = []
    for source in sorted(os.listdir(corpus)):
        source_dir = os.path.join(corpus, source)
        if not os.path.isdir(source_dir) or (only_source and source != only_source):
            continue
        for case in sorted(os.listdir(source_dir)):
            case_dir = os.path.join(source_dir, case)
            expected = os.path.join(case_dir, "expected.json")
            if os.path.isfile(expected):
                cases.append((source, case, case_dir, expected))
    return cases


def load_expected(path):
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    problems = []
    for key in ("source", "origin", "license", "strict", "labels"):
        if key not in data:
            problems.append(f"missing key {key!r}")
    for index, label in enumerate(data.get("labels", [])):
        for key in ("file", "line", "rules", "verdict"):
            if key not in label:
                problems.append(f"label {index}: missing {key!r}")
        if label.get("verdict") not in ("bad", "good"):
            problems.append(f"label {index}: verdict must be bad or good")
        if "max_severity" in label and label["max_severity"] not in RANK:
            problems.append(f"label {index}: unknown max_severity {label['max_severity']!r}")
    return data, problems


def supports(binary, option):
    try:
        out = subprocess.run([binary, "scan", "--help"], capture_output=True, text=True, timeout=60)
    except OSError:
        return False
    return option in (out.stdout + out.stderr)


def scan(binary, case_dir, extra):
    command = [binary, "scan", case_dir, "--format", "json", "--fail-on", "none", *extra]
    out = subprocess.run(command, capture_output=True, text=True)
    if out.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(command)} exited {out.returncode}: {out.stderr.strip()}")
    report = json.loads(out.stdout)
    return [f for f in report.get("findings", []) if not f.get("suppressed", False)]


def label_applies(label, rule):
    return rule in label["rules"] or "*" in label["rules"]


def score_case(expected, findings):
    """Returns (tp, fn, fp) lists: tp/fn hold labels, fp holds findings."""
    labels = expected["labels"]
    strict = expected.get("strict", True)
    bad = [l for l in labels if l["verdict"] == "bad"]
    good = [l for l in labels if l["verdict"] == "good"]
    tp, fn, fp = [], [], []
    for label in bad:
        hit = any(f["file"] == label["file"] and f["line"] == label["line"] and label_applies(label, f["ruleId"])
                  for f in findings)
        (tp if hit else fn).append(label)
    for finding in findings:
        at = [l for l in labels if l["file"] == finding["file"] and l["line"] == finding["line"]
              and label_applies(l, finding["ruleId"])]
        if any(l["verdict"] == "bad" for l in at):
            continue
        on_good = [l for l in at if l["verdict"] == "good"]
        if on_good:
            limits = [l.get("max_severity") for l in on_good]
            if any(m is not None and RANK[finding["severity"]] <= RANK[m] for m in limits):
                continue
            fp.append(finding)
        elif strict:
            fp.append(finding)
    return tp, fn, fp


def ratio(numerator, denominator):
    return None if denominator == 0 else numerator / denominator


def fmt(value):
    return "-" if value is None else f"{value:.2f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iosec", required=True, help="path to the iosec binary")
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--corpus", default=os.path.join(here, "..", "Tests", "Corpus"))
    parser.add_argument("--source", help="score only this source")
    parser.add_argument("--verbose", action="store_true", help="list every false negative and false positive")
    parser.add_argument("--include-context", action="append", default=[],
                        help="passed to `iosec scan` when the binary supports it")
    parser.add_argument("--json", help="also write the per-case results to this file")
    parser.add_argument("--min-confidence", default="low", choices=["low", "medium", "high"],
                        help="passed to `iosec scan` (default low: every finding)")
    args = parser.parse_args()

    # Every finding counts for the development set, as in `swift test`: the command line's default leaves out low
    # confidence.
    extra = ["--min-confidence", args.min_confidence] if supports(args.iosec, "--min-confidence") else []
    if args.include_context:
        if supports(args.iosec, "--include-context"):
            for value in args.include_context:
                extra += ["--include-context", value]
        else:
            print("note: this iosec has no --include-context; ignored", file=sys.stderr)

    cases = find_cases(args.corpus, args.source)
    if not cases:
        sys.exit(f"no cases under {args.corpus}")

    totals = defaultdict(lambda: {"cases": 0, "bad": 0, "tp": 0, "fn": 0, "fp": 0})
    rule_fn, rule_fp = defaultdict(int), defaultdict(int)
    details, broken, per_case = [], [], []
    for source, case, case_dir, path in cases:
        expected, problems = load_expected(path)
        for label in expected.get("labels", []):
            if not os.path.isfile(os.path.join(case_dir, label.get("file", ""))):
                problems.append(f"label file {label.get('file')!r} does not exist")
        if expected.get("source") != source:
            problems.append(f"source {expected.get('source')!r} is not the folder name {source!r}")
        if problems:
            broken.append((f"{source}/{case}", problems))
            continue
        findings = scan(args.iosec, case_dir, extra)
        tp, fn, fp = score_case(expected, findings)
        row = totals[source]
        row["cases"] += 1
        row["bad"] += len(tp) + len(fn)
        row["tp"] += len(tp)
        row["fn"] += len(fn)
        row["fp"] += len(fp)
        per_case.append({"source": source, "case": case, "tp": len(tp), "fn": len(fn), "fp": len(fp)})
        for label in fn:
            for rule in label["rules"]:
                rule_fn[rule] += 1
            details.append(f"FN {source}/{case}/{label['file']}:{label['line']} {'|'.join(label['rules'])}"
                           f" -- {label.get('note', '')}")
        for finding in fp:
            rule_fp[finding["ruleId"]] += 1
            details.append(f"FP {source}/{case}/{finding['file']}:{finding['line']} {finding['ruleId']}"
                           f" [{finding['severity']}] -- {finding['message']}")

    header = f"{'source':<18} {'cases':>5} {'bad':>5} {'TP':>5} {'FN':>5} {'FP':>5} {'precision':>9} {'recall':>6}"
    print(header)
    print("-" * len(header))
    overall = {"cases": 0, "bad": 0, "tp": 0, "fn": 0, "fp": 0}
    for source in sorted(totals):
        row = totals[source]
        for key in overall:
            overall[key] += row[key]
        print(f"{source:<18} {row['cases']:>5} {row['bad']:>5} {row['tp']:>5} {row['fn']:>5} {row['fp']:>5} "
              f"{fmt(ratio(row['tp'], row['tp'] + row['fp'])):>9} {fmt(ratio(row['tp'], row['bad'])):>6}")
    print("-" * len(header))
    row = overall
    print(f"{'overall':<18} {row['cases']:>5} {row['bad']:>5} {row['tp']:>5} {row['fn']:>5} {row['fp']:>5} "
          f"{fmt(ratio(row['tp'], row['tp'] + row['fp'])):>9} {fmt(ratio(row['tp'], row['bad'])):>6}")

    if args.verbose:
        print()
        for line in details:
            print(line)
        print("\nfalse negatives by rule:")
        for rule, count in sorted(rule_fn.items(), key=lambda item: (-item[1], item[0])):
            print(f"  {count:>4}  {rule}")
        print("false positives by rule:")
        for rule, count in sorted(rule_fp.items(), key=lambda item: (-item[1], item[0])):
            print(f"  {count:>4}  {rule}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump({"sources": totals, "cases": per_case, "details": details}, handle, indent=2)
    if broken:
        print("\ninvalid cases:", file=sys.stderr)
        for name, problems in broken:
            print(f"  {name}: {'; '.join(problems)}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
