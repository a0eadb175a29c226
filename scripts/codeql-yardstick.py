#!/usr/bin/env python3
"""Score iosec against CodeQL's Swift security query tests (line level).

Usage:  python3 scripts/codeql-yardstick.py --tests DIR [--iosec PATH] [--details] [--json OUT]

DIR holds CodeQL's test sources, one folder per test folder, as in github/codeql
swift/ql/test/query-tests/Security/<CWE>/ (CWE-079/UnsafeWebViewFetch.swift, …). They are
not part of this repository: check them out into a folder of your own. The figures are in
docs/accuracy/README.md.

Ground truth per line comes from the inline markers in the test sources:
  BAD      comment contains `BAD` (incl. `BAD [NOT DETECTED]`), or an inline
           expectation `$ Alert`, `$ hasXxx=`, `$ MISSING: ...` (CodeQL misses it
           but the test says it is bad).  `Alert[query-id]` only counts for that query.
  GOOD     comment contains `GOOD` / `Safe` / `SPURIOUS` (incl. `GOOD [FALSE POSITIVE]`).
  SOURCE   `$ Source` markers, and (for constant-flow queries) the line that defines
           a value which reaches a BAD line (see `source_links`).
  other    unlabelled lines (stubs, set-up); a finding there counts as FP.
`BAD [reported on line N]` makes line N an alias of that BAD line, and a few
per-file overrides (OVERRIDES below) encode the sink lines CodeQL's .expected
files name where the inline markers sit on a different line (`alias_in_func`: an
alias line stands for the BAD lines of its own top-level function only).

Scoring for a query (its files, its mapped iosec rules):
  TP  = BAD line with a mapped finding on it (finding line..endLine covers it), on one
        of its aliases, or on a source line that defines a value used on it
        (CodeQL marks source and sink of a result; either is accepted).
  TP@sink = the stricter count: finding on the BAD line or an alias only.
  FN  = BAD line without such a finding.
  FP  = distinct (file, line) of a mapped finding that is on a GOOD line, or on a line
        that is neither BAD, alias, nor a source of some BAD line.
  recall = TP / BAD;  precision = matched finding lines / (matched + FP).
"""
import argparse, collections, glob, json, os, re, subprocess, sys

HERE = "."  # set from --tests in main()

# query, CWE folder, files (globs, relative to folder), codeql id (for Alert[...] tags), iosec rules
QUERIES = [
    ("UnsafeWebViewFetch", "CWE-079", ["UnsafeWebViewFetch.swift"], "swift/unsafe-webview-fetch",
     ["platform.webview-html-injection"]),
    ("SqlInjection", "CWE-089", ["*.swift"], "swift/sql-injection", ["code.sql-injection"]),
    ("UnsafeJsEval", "CWE-094", ["UnsafeJsEval.swift"], "swift/unsafe-js-eval",
     ["platform.webview-html-injection"]),
    ("StaticInitializationVector", "CWE-1204", ["*.swift"], "swift/static-initialization-vector",
     ["crypto.hardcoded-key"]),
    ("UncontrolledFormatString", "CWE-134", ["*.swift"], "swift/uncontrolled-format-string",
     ["code.format-string"]),
    ("ConstantPassword", "CWE-259", ["*.swift"], "swift/constant-password",
     ["crypto.hardcoded-key", "secrets.hardcoded"]),
    ("CleartextStorageDatabase", "CWE-311",
     ["SQLite.swift", "sqlite3_c_api.swift", "testCoreData.swift", "testCoreData2.swift",
      "testGRDB.swift", "testRealm.swift", "testRealm2.swift"],
     "swift/cleartext-storage-database", ["storage.database-unencrypted"]),
    ("CleartextTransmission", "CWE-311",
     ["testAlamofire.swift", "testSend.swift", "testURL.swift", "testSwiftUI.swift"],
     "swift/cleartext-transmission", ["network.secret-in-url", "network.cleartext-url"]),
    ("CleartextLogging", "CWE-312", ["cleartextLoggingTest.swift"], "swift/cleartext-logging",
     ["storage.log-sensitive"]),
    ("CleartextStoragePreferences", "CWE-312",
     ["testUserDefaults.swift", "testNSUbiquitousKeyValueStore.swift"],
     "swift/cleartext-storage-preferences", ["storage.userdefaults-secret"]),
    ("HardcodedEncryptionKey", "CWE-321", ["*.swift"], "swift/hardcoded-key",
     ["crypto.hardcoded-key", "secrets.hardcoded"]),
    ("ECBEncryption (+BrokenCryptoAlgorithm labels)", "CWE-327", ["*.swift"], "swift/ecb-encryption",
     ["crypto.weak-cipher"]),
    # Two queries share the folder; a line tagged `Alert[…]` for either is bad.
    ("WeakSensitiveDataHashing + WeakPasswordHashing", "CWE-328", ["*.swift"],
     "swift/weak-sensitive-data-hashing|swift/weak-password-hashing", ["crypto.weak-hash", "crypto.weak-kdf"]),
    ("InsecureTLS", "CWE-757", ["*.swift"], "swift/insecure-tls", ["network.tls-version"]),
    ("ConstantSalt", "CWE-760", ["*.swift"], "swift/constant-salt", ["crypto.hardcoded-key"]),
    ("InsufficientHashIterations", "CWE-916", ["*.swift"], "swift/insufficient-hash-iterations",
     ["crypto.weak-kdf"]),
    # CWE-022/PathInjection/testPathInjection.swift (the newer copy; the older
    # CWE-022/testPathInjection.swift is not used).  UnsafeUnpack is not scored.
    ("PathInjection", "CWE-022", ["PathInjection/testPathInjection.swift"], "swift/path-injection",
     ["code.path-injection"]),
    # testXXE.swift is an older copy of testXMLParserXXE.swift and is not used.
    ("XXE", "CWE-611", ["testXMLParserXXE.swift", "testXMLDocumentXXE.swift",
                        "testAEXMLDocumentXXE.swift", "testLibxmlXXE.swift"], "swift/xxe",
     ["code.xml-external-entities"]),
    # The query is CWE-943 (swift/predicate-injection); its test folder is named CWE-946.
    ("PredicateInjection", "CWE-946", ["*.swift"], "swift/predicate-injection",
     ["code.predicate-injection"]),
]

# Queries whose CodeQL source is a constant (literal key/IV/salt/password/TLS version/
# iteration count): a finding on the unlabelled line defining that constant is accepted
# as marking the result.  For taint queries only explicit `$ Source` lines count.
CONST_QUERIES = {"swift/static-initialization-vector", "swift/constant-password", "swift/hardcoded-key",
                 "swift/constant-salt", "swift/insecure-tls", "swift/insufficient-hash-iterations",
                 "swift/ecb-encryption"}

NOT_ANSWERED = [
    ("IncompleteHostnameRegex", "CWE-020"), ("MissingRegexAnchor", "CWE-020"),
    ("UnsafeUnpack", "CWE-022"),
    ("CommandInjection", "CWE-078"), ("BadTagFilter", "CWE-116"),
    ("ReDoS", "CWE-1333"), ("StringLengthConflation", "CWE-135"),
    ("RegexInjection", "CWE-730"),
]

# Per-file overrides: (relpath) -> dict(bad=[regex], neutral_bad_comments=bool, alias=[(alias_re, bad_re)])
OVERRIDES = {
    # The test routes tainted strings through `sink(...)` closures; the BAD markers sit on
    # the `sink(...)` calls, CodeQL's .expected names the eval call inside each closure.
    # Score the eval calls (async ones are BAD [NOT DETECTED] for CodeQL) and treat the
    # `sink(...)` lines as sources.
    "CWE-094/UnsafeJsEval.swift": dict(
        bad=[r"webview\.stringByEvaluatingJavaScript\(from: string\)",
             r"webview\.(evaluateJavaScript|callAsyncJavaScript)\(string",
             r"WKUserScript\(source: string", r"ctx\.evaluateScript\(string",
             r"/\*script:\*/ jsstr", r"evaluateJavaScript\(\"console\.log\(\" \+ remoteData"],
        bad_comment_lines_are_sources=True),
    # case_14: the BAD marker is on the call, the assignment in setTLSVersion is the sink.
    "CWE-757/InsecureTLS.swift": dict(
        alias=[(r"^\s*config\.tlsMinimumSupportedProtocolVersion = version\s*$",
                r"setTLSVersion\(config, tls_protocol_version_t\.TLSv11\)")]),
    # XXE: CodeQL reports the parser/document that reads the remote data; the setting that
    # enables external entities (`...shouldResolveExternalEntities = true`) is the other end
    # of the same result.  Alias it to the BAD line(s) of the same function only.
    "CWE-611/testXMLParserXXE.swift": dict(
        alias_in_func=[(r"shouldResolveExternalEntities = true", r".")]),
    "CWE-611/testAEXMLDocumentXXE.swift": dict(
        alias_in_func=[(r"shouldResolveExternalEntities = true", r".")]),
}

COMMENT_RE = re.compile(r"(?<![:/])//(?!/)")
WORD = r"(?<![\w.])%s\b(?!\s*:)"


def comment_of(line):
    if line.strip().startswith("//"):
        return ""
    m = COMMENT_RE.search(line)
    return line[m.start():] if m else ""


def label(comment, qid):
    """Return (label, missed_by_codeql)."""
    if not comment:
        return None, False
    tags = re.findall(r"(?:Alert|Source)\[([^\]]+)\]", comment)
    if tags and not any(q in tags for q in qid.split("|")):
        return None, False
    missed = bool(re.search(r"NOT DETECTED|NOT REPORTED|not detected|MISSING", comment))
    if re.search(r"\bBAD\b", comment):
        return "BAD", missed
    if re.search(r"\bGOOD\b|\bSafe\b|\bSAfe\b|SPURIOUS", comment):
        return "GOOD", False
    if re.search(r"\$\s*(MISSING:\s*)?(\$\s*)?(Alert|has[A-Z]\w*)", comment):
        return "BAD", missed
    if re.search(r"\$\s*Source", comment):
        return "SOURCE", False
    return None, False


def parse_file(rel, qid):
    lines = open(os.path.join(HERE, rel), encoding="utf-8").read().split("\n")
    lab, missed, alias = {}, set(), collections.defaultdict(set)  # alias: alias line -> bad lines
    ov = OVERRIDES.get(rel, {})
    for i, ln in enumerate(lines, 1):
        c = comment_of(ln)
        l, m = label(c, qid)
        if l:
            lab[i] = l
            if m:
                missed.add(i)
        r = re.search(r"reported on line (\d+)", c)
        if r and l == "BAD":
            alias[int(r.group(1))].add(i)
    if ov.get("bad_comment_lines_are_sources"):
        for i in [k for k, v in lab.items() if v == "BAD"]:
            lab[i] = "SOURCE"
            missed.discard(i)
    for rx in ov.get("bad", []):
        for i, ln in enumerate(lines, 1):
            if re.search(rx, ln):
                lab[i] = "BAD"
                if "async" in rx or "stringByEvaluating" in rx or "evaluateJavaScript|call" in rx or "remoteData" in rx:
                    missed.add(i)  # CodeQL: BAD [NOT DETECTED - @MainActor async]
    for arx, brx in ov.get("alias", []):
        a = [i for i, ln in enumerate(lines, 1) if re.search(arx, ln)]
        b = [i for i, ln in enumerate(lines, 1) if re.search(brx, ln) and lab.get(i) == "BAD"]
        for x in a:
            alias[x].update(b)
    for arx, brx in ov.get("alias_in_func", []):
        for x, ln in enumerate(lines, 1):
            if not re.search(arx, ln):
                continue
            lo, hi = func_span(lines, x)
            b = {i for i in range(lo, hi + 1) if lab.get(i) == "BAD" and re.search(brx, lines[i - 1])}
            if b:  # an empty entry would mark the line as matched
                alias[x].update(b)
    return lines, lab, missed, alias


def func_span(lines, i):
    """First and last line of the top-level `func` containing line i (the whole file if none)."""
    lo = next((j for j in range(i, 0, -1) if re.match(r"func\s", lines[j - 1])), None)
    if lo is None:
        return 1, len(lines)
    hi = next((j for j in range(lo + 1, len(lines) + 1) if re.match(r"\S", lines[j - 1])), len(lines) + 1)
    return lo, hi - 1


def enclosing_func(lines, i):
    for j in range(i - 1, 0, -1):
        m = re.search(r"\bfunc\s+(\w+)", lines[j - 1])
        if m:
            return m.group(1)
    return None


def scope_of(lines, i):
    """Lines a value defined on line i can reach: rest of the enclosing function
    (or the whole file for top-level declarations)."""
    if not re.match(r"\s", lines[i - 1]):
        return 1, len(lines)
    for j in range(i + 1, len(lines) + 1):
        if re.match(r"\S|\s*func\s", lines[j - 1]):
            return i, j - 1
    return i, len(lines)


def split_top(text):
    """The comma-separated parts of an argument or parameter list, at bracket depth 0."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return [p.strip() for p in parts]


def literal_parameters(lines, ln):
    """A call of a function declared in the file that passes a literal (string or byte array) at a position: the
    callee's parameter there holds that literal in its body (a constant handed to a helper, the source CodeQL
    names). name -> (first, last) line of the callee's body."""
    found = {}
    for m in re.finditer(r"\b(\w+)\((.*)\)", ln.split("//")[0]):
        callee, args = m.group(1), split_top(m.group(2))
        for j, decl in enumerate(lines, 1):
            d = re.match(r"\s*func\s+%s\s*\((.*)\)" % re.escape(callee), decl)
            if not d:
                continue
            params = split_top(d.group(1))
            for k, arg in enumerate(args):
                value = arg.split(":", 1)[1].strip() if re.match(r"\w+\s*:", arg) else arg
                if k < len(params) and re.match(r'^("|\[\s*0x|\[\s*\d)', value):
                    pm = re.match(r"(?:\w+\s+)?(\w+)\s*:", params[k])
                    if pm:
                        found[pm.group(1)] = scope_of(lines, j)
    return found


def defined_names(lines, i):
    """name -> (first, last) line where the value defined on line i is visible;
    simple intra-file flow through `let/var x = ...name...` (3 hops)."""
    ln = lines[i - 1]
    names = {}
    m = re.search(r"\b(?:let|var)\s+(\w+)", ln)
    if m and m.group(1) != "_":
        names[m.group(1)] = scope_of(lines, i)
    m = re.search(r"\bfunc\s+(\w+)", ln)
    if m:
        names[m.group(1)] = (1, len(lines))
    if re.match(r"\s*(return\b|\"|\[)", ln):
        f = enclosing_func(lines, i)
        if f:
            names[f] = (1, len(lines))
    m = re.match(r"\s*(?:\w+\.)*(\w+)\s*=[^=]", ln)  # def.TLSVersion = ...
    if m and not re.search(r"\b(let|var)\b", ln):
        names[m.group(1)] = scope_of(lines, i)
    names.update(literal_parameters(lines, ln))
    for _ in range(3):
        new = {}
        for j, ln2 in enumerate(lines, 1):
            m2 = re.search(r"\b(?:let|var)\s+(\w+)\s*(?::[^=]*)?=(.*)", ln2)
            if not m2 or m2.group(1) == "_" or m2.group(1) in names:
                continue
            for n, (a, b) in names.items():
                if a <= j <= b and re.search(WORD % re.escape(n), m2.group(2)):
                    new[m2.group(1)] = scope_of(lines, j)
        if not new:
            break
        names.update(new)
    return names


def run_iosec(iosec, folder, min_confidence):
    out = subprocess.run([iosec, "scan", os.path.join(HERE, folder), "--format", "json",
                          "--include-context", "all", "--include-tests", "--fail-on", "none",
                          "--min-confidence", min_confidence, "--no-config", "-q", "--no-cache"],
                         capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit(f"iosec failed on {folder}: {out.stderr}")
    data = json.loads(out.stdout)
    hidden = data.get("summary", {}).get("notShownByContext") or {}
    if any(hidden.values()) if isinstance(hidden, dict) else hidden:
        print(f"warning: {folder}: findings hidden by context: {hidden}", file=sys.stderr)
    return data["findings"]


def score_query(q, findings_by_folder):
    name, folder, globs, qid, rules = q
    const_q = qid in CONST_QUERIES
    files = sorted({os.path.relpath(p, HERE) for g in globs for p in glob.glob(os.path.join(HERE, folder, g))})
    res = dict(query=name, cwe=folder, rules=rules, bad=0, tp=0, tp_sink=0, fn=0, fp=0, matched=0,
               codeql_flagged=0, fn_lines=[], fp_lines=[], tp_lines=[])
    for rel in files:
        lines, lab, missed, alias = parse_file(rel, qid)
        # Findings name files relative to the scanned folder: a copy in a subfolder is its own file.
        inside = os.path.relpath(rel, folder)
        fs = [f for f in findings_by_folder[folder] if f["file"] == inside and f["ruleId"] in rules]
        bad = sorted(i for i, v in lab.items() if v == "BAD")
        covered = collections.defaultdict(set)  # finding line -> set(rule)
        for f in fs:
            for l in range(f["line"], max(f["line"], f.get("endLine") or f["line"]) + 1):
                covered[l].add(f["ruleId"])
        finding_lines = sorted({f["line"] for f in fs})
        hit_sink, hit_src, matched_lines = set(), set(), set()
        for b in bad:
            if b in covered:
                hit_sink.add(b)
        for fl in finding_lines:
            span = [f for f in fs if f["line"] == fl]
            end = max(f.get("endLine") or fl for f in span)
            rng = set(range(fl, end + 1))
            if lab.get(fl) == "GOOD":
                continue
            if rng & set(bad):
                matched_lines.add(fl)
            if fl in alias:
                hit_sink |= alias[fl]
                matched_lines.add(fl)
            if lab.get(fl) == "SOURCE" or (lab.get(fl) is None and const_q):
                names = defined_names(lines, fl)
                users = {b for b in bad for n, (s0, s1) in names.items()
                         if s0 <= b <= s1 and re.search(WORD % re.escape(n), lines[b - 1].split("//")[0])}
                if users:
                    hit_src |= users
                    matched_lines.add(fl)
                elif lab.get(fl) == "SOURCE":
                    matched_lines.add(fl)  # CodeQL-marked source: never an FP
        tp = hit_sink | hit_src
        fp = [fl for fl in finding_lines if fl not in matched_lines]
        res["bad"] += len(bad)
        res["codeql_flagged"] += len([b for b in bad if b not in missed])
        res["tp"] += len(tp)
        res["tp_sink"] += len(hit_sink)
        res["fn"] += len(bad) - len(tp)
        res["fp"] += len(fp)
        res["matched"] += len(matched_lines)
        res["fn_lines"] += [(rel, b, lines[b - 1].strip()) for b in bad if b not in tp]
        res["fp_lines"] += [(rel, l, lines[l - 1].strip(), sorted(covered[l])) for l in fp]
        res["tp_lines"] += [(rel, b, "sink" if b in hit_sink else "source") for b in sorted(tp)]
    return res


def pct(a, b):
    return "-" if b == 0 else f"{100.0 * a / b:.0f}%"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tests", required=True, help="folder of CodeQL's Swift security test folders (CWE-079, …)")
    ap.add_argument("--iosec", default=os.environ.get("IOSEC", ".build/release/iosec"))
    ap.add_argument("--details", action="store_true", help="list every FN and FP line")
    ap.add_argument("--json", help="write per-query results to this file")
    ap.add_argument("--min-confidence", default="low", choices=["low", "medium", "high"],
                    help="passed to iosec scan (default low: every finding, as CodeQL's queries report names too)")
    a = ap.parse_args()
    global HERE
    HERE = os.path.abspath(a.tests)
    a.iosec = os.path.abspath(a.iosec)

    folders = sorted({q[1] for q in QUERIES})
    findings = {f: run_iosec(a.iosec, f, a.min_confidence) for f in folders}
    results = [score_query(q, findings) for q in QUERIES]

    print("| query | CWE | iosec rule(s) | BAD lines | TP | FN | FP | recall | precision | TP@sink | CodeQL's own |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    T = collections.Counter()
    for r in results:
        prec = pct(r["matched"], r["matched"] + r["fp"])
        print(f"| {r['query']} | {r['cwe']} | {', '.join(r['rules'])} | {r['bad']} | {r['tp']} | {r['fn']} | "
              f"{r['fp']} | {pct(r['tp'], r['bad'])} | {prec} | {r['tp_sink']} | {r['codeql_flagged']} |")
        for k in ("bad", "tp", "fn", "fp", "matched", "tp_sink", "codeql_flagged"):
            T[k] += r[k]
    print(f"| **total ({len(results)} answered)** | | | {T['bad']} | {T['tp']} | {T['fn']} | {T['fp']} | "
          f"{pct(T['tp'], T['bad'])} | {pct(T['matched'], T['matched'] + T['fp'])} | {T['tp_sink']} | {T['codeql_flagged']} |")
    print()
    print("Not answered (no iosec rule): " + ", ".join(f"{n} ({c})" for n, c in NOT_ANSWERED))
    if a.details:
        for r in results:
            print(f"\n### {r['query']} ({r['cwe']})")
            for rel, l, t in r["fn_lines"]:
                print(f"  FN {rel}:{l}: {t}")
            for rel, l, t, rr in r["fp_lines"]:
                print(f"  FP {rel}:{l} {rr}: {t}")
    if a.json:
        json.dump(results, open(a.json, "w"), indent=1)


if __name__ == "__main__":
    main()
