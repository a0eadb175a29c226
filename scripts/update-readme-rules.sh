#!/usr/bin/env bash
# Regenerates the rule table in README.md from rule metadata (`iosec rules --markdown`).
# A test (DocsTests) fails when the README's table and the code disagree.
set -euo pipefail
cd "$(dirname "$0")/.."
table="$(swift run -q iosec rules --markdown)"
python3 - "$table" <<'PY'
import re, sys
table = sys.argv[1].rstrip("\n") + "\n"
text = open("README.md", encoding="utf-8").read()
new = re.sub(r"(<!-- rules:begin -->\n).*?(<!-- rules:end -->)", lambda m: m.group(1) + table + m.group(2), text, flags=re.S)
open("README.md", "w", encoding="utf-8").write(new)
PY
echo "README.md rule table updated"
