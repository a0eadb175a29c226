#!/usr/bin/env python3
"""Prints iosec JSON reports of real apps as paste-friendly tables: findings by rule and severity per app, and,
joined with a triage file of judged high/critical findings, how many were judged true, false or not yet judged.

usage: real_apps_report.py [--triage FILE] REPORT.json...   (one report per app; the app is the file's name)
"""
import json
import os
import sys
from collections import Counter, defaultdict

SEVERITIES = ["critical", "high", "medium", "low", "info"]
# Checkout folder names as the fetch tool writes them, and the short names the triage file uses.
SHORT = {
    "element-hq+element-x-ios": "element-x-ios", "mastodon+mastodon-ios": "mastodon-ios",
    "duckduckgo+iOS": "duckduckgo-ios", "home-assistant+iOS": "home-assistant-ios", "element-hq+element-ios": "element-ios",
    "Automattic+simplenote-ios": "simplenote-ios", "ChatSecure+ChatSecure-iOS": "chatsecure-ios",
}


def app_name(path):
    base = os.path.basename(path)
    base = base[:-5] if base.endswith(".json") else base
    return SHORT.get(base, base)


def main(argv):
    triage_path = None
    reports = []
    i = 0
    while i < len(argv):
        if argv[i] == "--triage":
            triage_path = argv[i + 1]
            i += 2
        else:
            reports.append(argv[i])
            i += 1
    if not reports:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    verdicts = {}
    if triage_path and os.path.exists(triage_path):
        for entry in json.load(open(triage_path)):
            verdicts[(entry["app"], entry["file"], entry["line"], entry["rule"])] = entry["verdict"]

    totals = Counter()
    for report in reports:
        app = app_name(report)
        data = json.load(open(report))
        active = [f for f in data["findings"] if not f.get("suppressed")]
        hidden = data["summary"].get("notShownByContext", {})
        by_rule = defaultdict(Counter)
        for f in active:
            by_rule[f["ruleId"]][f["severity"]] += 1
        print(f"== {app}: {len(active)} findings, {data['summary']['filesScanned']} files"
              + (f"; not shown: {', '.join(f'{v} {k}' for k, v in sorted(hidden.items()))}" if hidden else ""))
        print(f"  {'rule':40} " + " ".join(f"{s[:4]:>5}" for s in SEVERITIES))
        for rule in sorted(by_rule):
            print(f"  {rule:40} " + " ".join(f"{by_rule[rule][s] or '':>5}" for s in SEVERITIES))
        judged = Counter()
        unjudged = []
        for f in active:
            if f["severity"] not in ("high", "critical"):
                continue
            verdict = verdicts.get((app, f["file"], f["line"], f["ruleId"]))
            judged[verdict or "unjudged"] += 1
            if not verdict:
                unjudged.append(f)
        true, false = judged["true"], judged["false"]
        precision = f"{true / (true + false):.2f}" if true + false else "n/a"
        print(f"  high/critical: {true + false + judged['unjudged']} · judged true {true} · false {false}"
              f" · not judged {judged['unjudged']} · precision {precision}")
        for f in unjudged:
            print(f"    not judged: {f['file']}:{f['line']} {f['ruleId']} {f['message'][:100]}")
        totals.update({"true": true, "false": false, "unjudged": judged["unjudged"]})
        print()
    t, f = totals["true"], totals["false"]
    print(f"all apps: high/critical judged true {t} · false {f} · not judged {totals['unjudged']}"
          + (f" · precision {t / (t + f):.2f}" if t + f else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
