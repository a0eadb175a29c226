/// A parsed `.xcconfig` file: assignments with their conditions and line, and `#include`s
/// (left for the caller to resolve, since IOSecCore does no file I/O).
///
/// ```swift
/// let config = XCConfig.parse("""
///     #include "Base.xcconfig"
///     SWIFT_ACTIVE_COMPILATION_CONDITIONS = DEBUG // dev only
///     ENABLE_TESTABILITY[config=Release] = YES
///     """)
/// config.value(for: "ENABLE_TESTABILITY", configuration: "Release")  // "YES"
/// config.includes.first?.path                                        // "Base.xcconfig"
/// ```
public struct XCConfig: Sendable, Equatable {
    /// `[config=Release]`, `[sdk=iphoneos*]`, `[arch=arm64]`.
    public struct Condition: Sendable, Equatable {
        public let name: String
        public let value: String
    }

    public struct Assignment: Sendable, Equatable {
        public let key: String
        public let conditions: [Condition]
        public let value: String
        public let line: Int

        /// The value as a list, split on whitespace with quotes respected: `DEBUG $(inherited)` → two items.
        public var values: [String] { BuildSettingList.split(value) }

        /// True when the conditions allow this configuration name (other conditions are assumed to match).
        public func applies(toConfiguration configuration: String?) -> Bool {
            conditions.allSatisfy { c in
                guard c.name == "config", let configuration else { return true }
                return XCConfig.wildcardMatch(c.value, configuration)
            }
        }
    }

    public struct Include: Sendable, Equatable {
        public let path: String
        /// `#include?` — missing file is not an error.
        public let isOptional: Bool
        public let line: Int
    }

    /// A line that could not be read; Xcode skips such lines with a warning.
    public struct Problem: Sendable, Equatable {
        public let line: Int
        public let message: String
    }

    public let assignments: [Assignment]
    public let includes: [Include]
    public let problems: [Problem]

    /// The last assignment of `key` that applies to `configuration` (later lines win, as in Xcode;
    /// includes are not followed).
    public func value(for key: String, configuration: String? = nil) -> String? {
        assignment(for: key, configuration: configuration)?.value
    }

    public func assignment(for key: String, configuration: String? = nil) -> Assignment? {
        assignments.last { $0.key == key && $0.applies(toConfiguration: configuration) }
    }

    public static func parse(_ text: String) -> XCConfig {
        var assignments: [Assignment] = [], includes: [Include] = [], problems: [Problem] = []
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Substring(rawLine)
            // `//` starts a comment anywhere on the line, even inside a URL (xcconfig has no quoting).
            if let r = line.range(of: "//") { line = line[..<r.lowerBound] }
            line = trim(line)
            if line.isEmpty { continue }
            if line.hasPrefix("#include") {
                var rest = line.dropFirst("#include".count)
                let optional = rest.hasPrefix("?")
                if optional { rest = rest.dropFirst() }
                rest = trim(rest)
                guard rest.count >= 2, rest.first == "\"", rest.last == "\"" else {
                    problems.append(Problem(line: lineNumber, message: "#include needs a quoted path"))
                    continue
                }
                includes.append(
                    Include(path: String(rest.dropFirst().dropLast()), isOptional: optional, line: lineNumber))
                continue
            }
            // The first `=` outside `[cond=value]` brackets separates name and value.
            var depth = 0
            let eqIndex = line.firstIndex { ch in
                if ch == "[" { depth += 1 } else if ch == "]" { depth -= 1 }
                return ch == "=" && depth == 0
            }
            guard let eq = eqIndex else {
                problems.append(Problem(line: lineNumber, message: "expected `KEY = value`"))
                continue
            }
            var lhs = trim(line[..<eq])
            let value = trim(line[line.index(after: eq)...])
            // Conditions are read from the right; collected backwards and reversed once (inserting each at the
            // front made a line of many conditions quadratic).
            var conditions: [Condition] = []
            while lhs.last == "]", let open = lhs.lastIndex(of: "[") {
                let inner = lhs[lhs.index(after: open)..<lhs.index(before: lhs.endIndex)]
                let parts = inner.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { break }
                conditions.append(Condition(name: String(trim(parts[0])), value: String(trim(parts[1]))))
                lhs = trim(lhs[..<open])
            }
            conditions.reverse()
            guard !lhs.isEmpty, lhs.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                problems.append(Problem(line: lineNumber, message: "invalid setting name `\(lhs)`"))
                continue
            }
            assignments.append(
                Assignment(key: String(lhs), conditions: conditions, value: String(value), line: lineNumber))
        }
        return XCConfig(assignments: assignments, includes: includes, problems: problems)
    }

    private static func trim(_ s: Substring) -> Substring {
        var s = s
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return s
    }

    /// `*` matches any run (xcconfig condition values like `iphoneos*`).
    static func wildcardMatch(_ pattern: String, _ text: String) -> Bool {
        PatternMatcher.matches(
            pattern: Array(pattern.unicodeScalars), text: Array(text.unicodeScalars), singleWildcard: false)
    }
}
