/// `code.unsafe-c-function`: the C string functions that write without a bound (`strcpy`, `strcat`, `sprintf`,
/// `vsprintf`, `gets`), in Objective-C, Objective-C++ and C. Each has a bounded replacement.
enum UnsafeCFunctionRule: ObjCRule {
    static let description = RuleDescription(
        id: "code.unsafe-c-function",
        title: "Unbounded C string function",
        severity: .low,
        confidence: .high,
        masvs: "MASVS-CODE-4",
        cwe: 120,
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

    /// `char *copy = malloc(strlen(src) + 1); strcpy(copy, src);`: the destination was sized for this source.
    private static func isSizedForSource(_ call: ObjCCall, in source: ObjCSource) -> Bool {
        guard call.name == "strcpy", call.arguments.count == 2, let body = source.body(containing: call.nameIndex)
        else { return false }
        let copied = source.text(call.arguments[1])
        return source.calls.contains { other in
            other.name == "strlen" && other.nameIndex > body.lowerBound && other.nameIndex < call.nameIndex
                && other.arguments.count == 1 && source.text(other.arguments[0]) == copied
        }
    }

    /// `char *strcpy(char *dst, const char *src);`: a prototype, not a call.
    private static func isDeclaration(_ call: ObjCCall, in source: ObjCSource) -> Bool {
        let previous = call.nameIndex - 1
        return source.isPunct(previous, "*")
            && (source.isIdentifier(previous - 1, "char") || source.isIdentifier(previous - 1, "wchar_t"))
            || source.isIdentifier(previous, "int") || source.isIdentifier(previous, "void")
    }
}
