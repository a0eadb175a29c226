import Foundation
/// `code.unsafe-c-function`: the C string functions that write without a bound (`strcpy`, `strcat`, `sprintf`,
/// `vsprintf`, `gets`), in Objective-C, Objective-C++ and C. Each has a bounded replacement.
enum UnsafeCFunctionRule: ObjCRule {
    static let description = RuleDescription(
        id: "code.unsafe-c-function",
        title: "Unbounded C string function",
        severity: .low,
        confidence: .high,
        masvs: "MASVS-CODE-4",
        cwe: 120, owasp: OWASPReference("MASWE-0050", beta: "MASWE-0087", mastg: [], .close),
        rationale: """
            `strcpy`, `strcat`, `sprintf` and `vsprintf` write as many bytes as their source holds, whatever the size \
            of the destination; `gets` reads a whole line into a fixed buffer. When the source comes from a file, the \
            network or the user, a long value overwrites the stack or heap next to the buffer. The bounded versions \
            (`strlcpy`, `strlcat`, `snprintf`, `vsnprintf`, `fgets`) take the destination's size and truncate \
            instead. `memcpy` is not reported: its length is explicit, and whether it is checked needs more than \
            the call. Low, except `gets`, which cannot be used safely at all.
            """,
        fix:
            "Use the bounded function with the destination's size: strlcpy(dst, src, sizeof dst), strlcat(dst, src, sizeof dst), snprintf(buf, sizeof buf, \"%s\", s), fgets(buf, sizeof buf, stdin) — or an NSString.",
        fixExample: """
            char name[64];
            strlcpy(name, input, sizeof name);
            snprintf(line, sizeof line, "%s: %d", name, count);
            """,
        triggeringExamples: [
            RuleExample(
                """
                void copyName(char *dst, const char *src) {
                    ↓strcpy(dst, src);
                }
                """, path: "App/Util.c", findings: [FindingSpec(severity: .low, message: "use strlcpy")]),
            RuleExample(
                """
                - (void)formatLine:(const char *)user {
                    char line[128];
                    ↓sprintf(line, "user=%s", user);
                    ↓strcat(line, ";");
                }
                """, path: "App/Legacy.m"),
            RuleExample(
                """
                // The buffer is sized for the URL only; a number may not fit eight bytes.
                char *withName(const char *url, const char *name, long total) {
                    size_t url_len = strlen(url);
                    char *full = (char *)malloc(url_len + 1);
                    strcpy(full, url);
                    ↓strcat(full, name);
                    char tag[8];
                    ↓sprintf(tag, "%ld", total);
                    return full;
                }
                """, path: "Sources/Bridge/Names.c"),
            RuleExample(
                """
                int main(void) {
                    char buffer[32];
                    ↓gets(buffer);
                }
                """, path: "App/Reader.mm", findings: [FindingSpec(severity: .medium, message: "use fgets")])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                - (NSString *)tempFile:(const char *)templateCstr {
                    char *path = (char *)malloc(strlen(templateCstr) + 1);
                    strcpy(path, templateCstr);
                    return [NSString stringWithUTF8String:path];
                }
                """, path: "App/Attachment.m"),
            RuleExample(
                """
                // Sized for every piece written into it; a number's longest text fits the array.
                char *joinPath(const char *url, const char *name, int count) {
                    size_t url_len = strlen(url);
                    size_t name_len = strlen(name);
                    char *full = (char *)malloc(url_len + name_len + 2);
                    strcpy(full, url);
                    strcat(full, "/");
                    strcat(full, name);
                    char label[32];
                    sprintf(label, "%d files", count);
                    return full;
                }
                """, path: "Sources/Bridge/Paths.c"),
            RuleExample(
                """
                void copyName(char *dst, size_t size, const char *src) {
                    strlcpy(dst, src, size);
                    snprintf(dst, size, "%s", src);
                }
                """, path: "App/Util.c"),
            RuleExample(
                """
                // strcpy(dst, src) was replaced by strlcpy
                NSString *s = @"use sprintf( in C only";
                """, path: "App/Notes.m"),
            RuleExample(
                """
                char *strcpy(char *dst, const char *src);  /* the declaration in a header */
                #if 0
                strcat(a, b);
                #endif
                """, path: "App/Compat.h")
        ]
    )

    static let replacements: [String: String] = [
        "strcpy": "strlcpy", "strcat": "strlcat", "sprintf": "snprintf", "vsprintf": "vsnprintf", "gets": "fgets",
        "wcscpy": "wcslcpy", "wcscat": "wcslcat", "stpcpy": "strlcpy"
    ]

    static let requiredNames: Set<String>? = Set(replacements.keys)

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for call in source.calls(named: replacements.keys) {
            guard let replacement = replacements[call.name], !isDeclaration(call, in: source),
                !isSizedForSource(call, in: source)
            else { continue }
            let message =
                call.name == "gets"
                ? "gets reads a line of any length into a fixed buffer and cannot be used safely; use fgets with the buffer's size"
                : "\(call.name) writes without a bound and overflows the destination when the source is longer; use \(replacement) with the destination's size"
            report(file, source, at: call.nameIndex, message, severity: call.name == "gets" ? .medium : nil)
        }
    }

    /// The destination was sized for what is written into it:
    /// - `char *copy = malloc(strlen(src) + 1); strcpy(copy, src);`;
    /// - `size_t n = strlen(name); char *p = malloc(u + n + 2); strcpy(p, url); strcat(p, "/"); strcat(p, name);`:
    ///   the allocation's size names the length of each source (a literal counts when the size adds a constant);
    /// - `char buf[32]; sprintf(buf, "%d items", n)`: a format of fixed text and integers, whose longest output
    ///   fits the array.
    private static func isSizedForSource(_ call: ObjCCall, in source: ObjCSource) -> Bool {
        guard call.arguments.count >= 2, let body = source.body(containing: call.nameIndex) else { return false }
        let before = source.text(body.lowerBound..<call.nameIndex)
        let destination = NSRegularExpression.escapedPattern(for: source.text(call.arguments[0]))
        let written = source.text(call.arguments[1])
        switch call.name {
        case "strcpy", "strcat", "stpcpy":
            let allocation =
                #"\b"# + destination
                + #"\s*=\s*(?:\([^;()]*\)\s*)?(?:malloc|calloc|alloca)\s*\(([^;]*)\)\s*;"#
            guard let size = firstMatch(allocation, in: before) else {
                // `malloc(strlen(src) + 1)` written in place, or the length taken before the copy.
                return call.name == "strcpy" && before.contains("strlen(\(written))")
            }
            if written.hasPrefix("\"") { return size.contains(where: \.isNumber) }
            if size.contains("strlen(\(written))") { return true }
            // `size_t name_len = strlen(name);` and `name_len` in the size.
            let escaped = NSRegularExpression.escapedPattern(for: written)
            guard let length = firstMatch(#"(\w+)\s*=\s*strlen\(\s*"# + escaped + #"\s*\)"#, in: before) else {
                return false
            }
            return size.range(of: #"\b"# + length + #"\b"#, options: .regularExpression) != nil
        case "sprintf":
            let array = #"\bchar\s+"# + destination + #"\s*\[\s*(\d+)\s*\]"#
            guard let capacity = firstMatch(array, in: before).flatMap({ Int($0) }),
                written.hasPrefix("\""), written.hasSuffix("\"")
            else { return false }
            return longestIntegerOutput(of: String(written.dropFirst().dropLast())).map { $0 < capacity } ?? false
        default:
            return false
        }
    }

    /// The first capture group of `pattern`'s first match in `text`.
    private static func firstMatch(_ pattern: String, in text: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            match.numberOfRanges > 1, let range = Range(match.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }

    /// The longest text a printf format of fixed text and integer conversions (`%d`, `%lu`, `%02x`) can produce;
    /// nil when it has any other conversion (`%s`, `%@`, `%f`).
    static func longestIntegerOutput(of format: String) -> Int? {
        var length = 0
        var chars = Substring(format)
        while let c = chars.popFirst() {
            guard c == "%" else {
                length += 1
                continue
            }
            if chars.first == "%" {
                chars.removeFirst()
                length += 1
                continue
            }
            var spec = ""
            while let d = chars.first, "0123456789-+ #hlzjtq".contains(d) {
                spec.append(d)
                chars.removeFirst()
            }
            guard let conversion = chars.popFirst(), "diuxXo".contains(conversion) else { return nil }
            // A 64-bit integer: 20 digits and a sign in decimal, 22 in octal; or the width when it is wider.
            length += max(Int(spec.filter(\.isNumber)) ?? 0, 22)
        }
        return length
    }

    /// `char *strcpy(char *dst, const char *src);`: a prototype, not a call.
    private static func isDeclaration(_ call: ObjCCall, in source: ObjCSource) -> Bool {
        let previous = call.nameIndex - 1
        return source.isPunct(previous, "*")
            && (source.isIdentifier(previous - 1, "char") || source.isIdentifier(previous - 1, "wchar_t"))
            || source.isIdentifier(previous, "int") || source.isIdentifier(previous, "void")
    }
}
