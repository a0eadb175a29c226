#!/usr/bin/env bash
# Fuzz iosec's parsers with libFuzzer (see docs/fuzzing.md).
#
#   scripts/fuzz.sh TARGET [SECONDS]        fuzz one target (default 60 s)
#   scripts/fuzz.sh all [SECONDS]           every target, SECONDS each, one per core (the planted one excepted)
#   scripts/fuzz.sh planted-check [SECONDS] prove a crash is caught: succeeds only if fuzzing `planted` fails
#   scripts/fuzz.sh build | list
#
# Each run fuzzes a scratch copy of Fuzz/Corpus/TARGET in Fuzz/.work/TARGET (the committed seeds never grow) and
# fails on any crash, sanitizer report, timeout (2 s per input) or out-of-memory (one allocation over 300 MB, or the
# process over 1 GB), printing the input's path.
# FUZZ_NO_BUILD=1 skips the (incremental) build; extra libFuzzer flags go in FUZZ_FLAGS.
set -euo pipefail
cd "$(dirname "$0")/.."

# target:max_len. Lengths are a few times the largest real file of the kind: longer inputs only slow the search.
targets=(
    xml-plist:16384 binary-plist:8192 openstep-plist:8192 info-plist:16384 pbxproj:16384 xcconfig:4096
    aasa:8192 privacy-manifest:8192 entitlements:4096 certificate:8192 spki-pin:4096 interface:16384
    coredata:8192 objc:16384 macho:16384 provisioning-profile:16384 swift:16384 ipa:16384 bundled-json:8192
)
planted=planted:1024
binary=Fuzz/.build/release/iosec-fuzz
work=Fuzz/.work

build() {
    [ "${FUZZ_NO_BUILD:-0}" = 1 ] && [ -x "$binary" ] && return 0
    echo "== building the fuzz harness (release, -sanitize=fuzzer,address)"
    local start=$SECONDS
    # -parse-as-library: libFuzzer supplies main. Only Swift code is instrumented (C dependencies are not).
    swift build --package-path Fuzz --scratch-path Fuzz/.build -c release \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
    echo "   built in $((SECONDS - start)) s"
}

max_len_of() {
    local entry
    for entry in "${targets[@]}" "$planted"; do
        [ "${entry%%:*}" = "$1" ] && { echo "${entry#*:}"; return 0; }
    done
    return 1
}

# run_target NAME SECONDS: fuzz one target; non-zero on any finding.
run_target() {
    local name=$1 seconds=$2 max_len dir status
    max_len=$(max_len_of "$name") || { echo "unknown target: $name (scripts/fuzz.sh list)" >&2; return 2; }
    dir="$work/$name"
    rm -rf "$dir"
    mkdir -p "$dir/corpus" "$dir/artifacts"
    cp Fuzz/Corpus/"$name"/* "$dir/corpus/"
    local seeds
    seeds=$(find "$dir/corpus" -type f | wc -l)
    # A target's libFuzzer dictionary (words its parser compares against), when it has one.
    local dict=()
    [ -f "Fuzz/Dictionaries/$name.dict" ] && dict=("-dict=Fuzz/Dictionaries/$name.dict")
    echo "== fuzz $name for ${seconds} s (max_len $max_len, $seeds seeds${dict:+, dictionary})"
    set +e
    # ASan's leak check is off: the Swift runtime's metadata caches and the parsers' global tables live for the
    # process and read as leaks at exit. Its quarantine of freed memory is kept small (it defaults to 256 MB, which
    # alone reads as growth against the RSS cap). Any one allocation over 300 MB fails (-malloc_limit_mb); the
    # process as a whole may not pass 1 GB, which leaves room for ASan's shadow memory and libFuzzer's corpus.
    # shellcheck disable=SC2086
    # The Swift runtime's own crash reporter is off so that a trap (index out of range, overflow) reaches libFuzzer,
    # whose deadly-signal handler prints a symbolised stack; under ASan the runtime's reporter faults instead.
    IOSEC_FUZZ_TARGET=$name SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=0:quarantine_size_mb=16:${ASAN_OPTIONS:-}" \
        timeout --kill-after=30 $((seconds + 300)) \
        "$binary" "$dir/corpus" -max_total_time="$seconds" -timeout=2 -rss_limit_mb=1024 -malloc_limit_mb=300 \
        -max_len="$max_len" \
        -artifact_prefix="$dir/artifacts/" -print_final_stats=1 -detect_leaks=0 "${dict[@]}" ${FUZZ_FLAGS:-} \
        >"$dir/log" 2>&1
    status=$?
    set -e
    local execs corpus findings
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/log" | tail -1)
    corpus=$(find "$dir/corpus" -type f | wc -l)
    findings=$(find "$dir/artifacts" -type f | wc -l)
    printf '   %-16s executions %-10s corpus %s -> %s files   crashes %s   (log: %s)\n' \
        "$name" "${execs:-?}" "$seeds" "$corpus" "$findings" "$dir/log"
    echo "$name ${execs:-0} $seeds $corpus $findings $status" >>"$work/summary"
    if [ "$status" -ne 0 ] || [ "$findings" -ne 0 ]; then
        echo "FAIL: $name (libFuzzer exit $status)"
        grep -E '^==[0-9]+==|^SUMMARY|ERROR: libFuzzer|Fatal error|deadly signal|Test unit written' "$dir/log" | head -20
        # iosec's own frames of the first report: where to look.
        grep -E '^ +#[0-9]+ .* in .*/Sources/' "$dir/log" | head -12 | sed 's/^ */   /'
        local input
        for input in "$dir"/artifacts/*; do
            echo "   crashing input: $input ($(wc -c <"$input") bytes)"
            # The CI machine's files are gone after the run: the log keeps the input (base64, first 8 KB).
            echo "   its first 8 KB in base64 (decode with base64 -di, which skips the indent):"
            head -c 8192 "$input" | base64 | sed 's/^/     /'
        done
        [ "$status" -ne 0 ] && return "$status"
        return 1
    fi
}

command=${1:-}
seconds=${2:-60}
mkdir -p "$work"
case "$command" in
    "" | -h | --help)
        sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
        exit 2
        ;;
    list)
        for entry in "${targets[@]}" "$planted"; do echo "${entry%%:*}"; done
        ;;
    build)
        FUZZ_NO_BUILD=0 build
        ;;
    all)
        build
        : >"$work/summary"
        failed=()
        # libFuzzer runs one thread: targets run side by side, one per core (FUZZ_PARALLEL, at most the cores).
        cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
        parallel=${FUZZ_PARALLEL:-$cores}
        [ "$parallel" -ge 1 ] 2>/dev/null || parallel=1
        pending=("${targets[@]}")
        while [ ${#pending[@]} -gt 0 ]; do
            batch=("${pending[@]:0:$parallel}")
            pending=("${pending[@]:$parallel}")
            pids=()
            for entry in "${batch[@]}"; do
                run_target "${entry%%:*}" "$seconds" >"$work/${entry%%:*}.out" 2>&1 &
                pids+=($!)
            done
            for i in "${!batch[@]}"; do
                name=${batch[$i]%%:*}
                wait "${pids[$i]}" || failed+=("$name")
                cat "$work/$name.out"
            done
        done
        echo
        echo "target            executions  seeds  corpus  crashes"
        awk '{ printf "%-16s  %10s  %5s  %6s  %7s\n", $1, $2, $3, $4, $5 }' "$work/summary"
        if [ ${#failed[@]} -gt 0 ]; then
            echo "fuzzing found problems in: ${failed[*]}"
            exit 1
        fi
        echo "no crashes in ${#targets[@]} targets"
        ;;
    planted-check)
        build
        : >"$work/summary"
        # The planted target traps on purpose: this check fails if fuzz.sh does NOT report it.
        if run_target planted "$seconds"; then
            echo "planted-check FAILED: the planted crash was not reported within $seconds s"
            exit 1
        fi
        crash=$(find "$work/planted/artifacts" -type f -name 'crash-*' | head -1)
        if [ -z "$crash" ]; then
            echo "planted-check FAILED: fuzz.sh failed, but left no crash input"
            exit 1
        fi
        echo "planted-check passed: fuzz.sh failed as it must, crashing input $crash:"
        head -c 300 "$crash"
        echo
        ;;
    *)
        build
        : >"$work/summary"
        run_target "$command" "$seconds"
        ;;
esac
