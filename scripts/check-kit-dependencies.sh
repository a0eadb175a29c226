#!/usr/bin/env bash
# IOSecKit is adopted by apps: its package must not resolve any of the scanner's dependencies, and its main product
# must build with swift-log alone (SwiftNIO only for the IOSecKitNIO product).
set -euo pipefail
cd "$(dirname "$0")/../IOSecKit"

echo "swift package --package-path IOSecKit show-dependencies:"
deps="$(swift package show-dependencies --format flatlist | sort -u)"
sed 's/^/  /' <<<"$deps"
if grep -Eix 'swift-syntax|yams|zipfoundation|swift-argument-parser' <<<"$deps"; then
    echo "IOSecKit's package resolves a scanner dependency (above)"
    exit 1
fi

description="$(mktemp)"
trap 'rm -f "$description"' EXIT
swift package describe --type json >"$description"
python3 - "$description" <<'PY'
import json, sys
package = json.load(open(sys.argv[1]))
targets = {t["name"]: t for t in package["targets"]}

def closure(name, seen):
    target = targets[name]
    products = set(target.get("product_dependencies") or [])
    for dependency in target.get("target_dependencies") or []:
        if dependency not in seen:
            seen.add(dependency)
            products |= closure(dependency, seen)
    return products

allowed = {"IOSecKit": {"Logging"}, "IOSecKitNIO": {"Logging", "NIOCore", "NIOSSL", "X509", "SwiftASN1"}}
failed = False
for product in package["products"]:
    name = product["name"]
    used = set()
    for target in product["targets"]:
        used |= closure(target, {target})
    print(f"product {name}: " + (", ".join(sorted(used)) or "Foundation only"))
    extra = used - allowed.get(name, set())
    if extra:
        print(f"  not allowed for {name}: {sorted(extra)}")
        failed = True
sys.exit(1 if failed else 0)
PY
echo "IOSecKit depends on nothing the scanner needs."
