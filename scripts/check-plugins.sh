#!/usr/bin/env bash
# Builds Tests/PluginPackage, a package that uses iosec's build-tool plugin from this checkout, and checks that
# `swift build` prints iosec's findings on its insecure file as diagnostics; then runs the command plugin
# (`swift package iosec`) on it. The first build compiles iosec and swift-syntax for that package (minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
package=Tests/PluginPackage
log="$(mktemp)"
# A fresh scan: the plugin's command reruns only when its inputs change.
rm -rf "$package/.build/plugins/outputs"
swift build --package-path "$package" 2>&1 | tee "$log" | grep -E "iosec|warning:|error:|Build complete" || true
expected="Sources/Wallet/TokenStore.swift:8:9: warning: 'authToken' is written to UserDefaults"
grep -q -- "$expected" "$log" || { echo "FAIL: swift build printed no iosec diagnostic for TokenStore.swift"; exit 1; }
grep -q "(storage.userdefaults-secret)" "$log" || { echo "FAIL: the diagnostic does not name its rule"; exit 1; }
grep -q "Build complete" "$log" || { echo "FAIL: the plugin's findings failed the build"; exit 1; }
echo "build-tool plugin: swift build shows iosec's findings as warnings and the build completes"

# One run of the command plugin (each run rebuilds part of its tool): it must pass its arguments through to the
# scan and hand back the scan's exit status.
set +e
swift package --package-path "$package" iosec --fail-on high >"$log" 2>&1
status=$?
set -e
tail -5 "$log"
grep -q "storage.userdefaults-secret" "$log" || { echo "FAIL: swift package iosec reported nothing"; exit 1; }
[ "$status" -ne 0 ] || { echo "FAIL: swift package iosec --fail-on high did not fail on a high finding"; exit 1; }
echo "command plugin: swift package iosec scans the package and fails on --fail-on"
