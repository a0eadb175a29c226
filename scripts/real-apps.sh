#!/usr/bin/env bash
# Scans real open-source apps and prints findings by rule and severity, and, with a triage file, how many of the
# high and critical findings were judged true. Checkouts are not part of this repository: check out the commits
# listed in docs/accuracy/README.md into folders of your own.
#
#   scripts/real-apps.sh [--iosec BINARY] [--out DIR] [--triage FILE] APP_DIR...
set -euo pipefail
cd "$(dirname "$0")/.."
iosec=""
out="$(mktemp -d)"
triage="docs/accuracy/triage.json"
apps=()
while [ $# -gt 0 ]; do
  case "$1" in
    --iosec) iosec="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --triage) triage="$2"; shift 2 ;;
    -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
    *) apps+=("$1"); shift ;;
  esac
done
[ ${#apps[@]} -gt 0 ] || { echo "usage: scripts/real-apps.sh [--iosec BINARY] [--out DIR] [--triage FILE] APP_DIR..." >&2; exit 2; }
if [ -z "$iosec" ]; then
  if [ -x .build/release/iosec ]; then iosec=.build/release/iosec; else swift build -c release --product iosec >&2; iosec=.build/release/iosec; fi
fi
mkdir -p "$out"
jsons=()
for app in "${apps[@]}"; do
  name="$(basename "$app")"
  "$iosec" scan "$app" --format json --fail-on none --output "$out/$name.json" >&2
  jsons+=("$out/$name.json")
done
python3 scripts/real_apps_report.py --triage "$triage" "${jsons[@]}"
