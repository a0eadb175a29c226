#!/usr/bin/env bash
# Rebuilds Examples/InsecureApp.ipa and Examples/HardenedApp.ipa from the repository's own builders
# (Sources/IOSecFixtures: Mach-O, zip and CMS), so no binary in the repository comes from elsewhere.
set -euo pipefail
cd "$(dirname "$0")/.."
swift run -q iosec-bench example-ipas Examples
