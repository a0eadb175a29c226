import Foundation

/// Inline suppressions written in a file:
///
/// ```swift
/// // iosec:ignore-file code.debug-logging -- CLI helper, prints by design
/// let legacy = Insecure.MD5.hash(data: d) // iosec:ignore crypto.weak-hash -- server protocol needs it
/// // iosec:ignore storage.userdefaults-secret, storage.log-sensitive — migrated in 2.3
/// defaults.set(token, forKey: "token")
/// ```
///
/// A line comment silences the named rules on its own line and on the line below. A reason follows `--` or
/// `—`. Any comment syntax works (`//`, `#`, `<!-- -->`), so plists and xcconfig files can be suppressed too.
public struct Suppressions: Sendable, Codable {
    public struct Entry: Sendable, Hashable, Codable {
        public let line: Int
        public let ruleIds: [String]
        public let reason: String?
        public let fileWide: Bool
    }

    public private(set) var entries: [Entry] = []

    public init(entries: [Entry]) { self.entries = entries }

    /// Reads suppression comments from a file's bytes. Cheap when there are none.
    public init(bytes: [UInt8]) {
        let needle = Array("iosec:ignore".utf8)
        guard Self.contains(bytes, needle) else { return }
        var line = 1
        var lineStart = 0
        for index in 0...bytes.count {
            if index == bytes.count || bytes[index] == UInt8(ascii: "\n") {
                if index > lineStart {
                    let text = String(decoding: bytes[lineStart..<index], as: UTF8.self)
                    if let entry = Self.parse(text, line: line) { entries.append(entry) }
                }
                line += 1
                lineStart = index + 1
            }
        }
    }

    static func parse(_ text: String, line: Int) -> Entry? {
        guard let marker = text.range(of: "iosec:ignore") else { return nil }
        var rest = text[marker.upperBound...]
        var fileWide = false
        if rest.hasPrefix("-file") {
            fileWide = true
            rest = rest.dropFirst("-file".count)
        }
        guard let first = rest.first, first == " " || first == "\t" || first == ":" else { return nil }
        var reason: String?
        for separator in ["--", "—"] {
            if let r = rest.range(of: separator) {
                // The reason ends where a block comment does (`*/`, `-->`).
                var text = rest[r.upperBound...]
                for closing in ["*/", "-->"] {
                    if let end = text.range(of: closing) { text = text[..<end.lowerBound] }
                }
                reason = String(text).trimmingWhitespace()
                rest = rest[..<r.lowerBound]
                break
            }
        }
        if let closing = rest.range(of: "*/") { rest = rest[..<closing.lowerBound] }
        let ids = rest.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == ":" })
            .map(String.init).filter { !$0.isEmpty }
        guard !ids.isEmpty else { return nil }
        return Entry(line: line, ruleIds: ids, reason: reason?.isEmpty == true ? nil : reason, fileWide: fileWide)
    }

    /// The entry that silences `ruleId` at `line`, if any.
    public func entry(for ruleId: String, line: Int) -> Entry? {
        entries.first { entry in
            entry.ruleIds.contains(ruleId) && (entry.fileWide || entry.line == line || entry.line + 1 == line)
        }
    }

    /// Marks the findings these suppressions cover, and returns warnings for unknown rule ids and for
    /// suppressions that silence nothing.
    /// `ranRuleIds`: the rules this scan ran, when not all of them; a suppression of a rule that was switched off
    /// (`disabled_rules`, `only_rules`) is not reported as matching nothing.
    public func apply(
        to findings: inout [Finding], file: String, knownRuleIds: Set<String>, ranRuleIds: Set<String>? = nil
    ) -> [Diagnostic] {
        guard !entries.isEmpty else { return [] }
        var used: Set<String> = []
        for index in findings.indices {
            if let entry = entry(for: findings[index].ruleId, line: findings[index].line) {
                findings[index].suppressed = true
                findings[index].suppressionReason = entry.reason
                used.insert("\(entry.line):\(findings[index].ruleId)")
            }
        }
        var warnings: [Diagnostic] = []
        for entry in entries {
            for id in entry.ruleIds {
                if !knownRuleIds.contains(id) {
                    warnings.append(
                        Diagnostic(
                            file: file,
                            message: "line \(entry.line): suppression names unknown rule '\(id)' (see `iosec rules`)"))
                } else if !used.contains("\(entry.line):\(id)"), ranRuleIds?.contains(id) ?? true {
                    warnings.append(
                        Diagnostic(
                            file: file,
                            message: "line \(entry.line): suppression of '\(id)' matches no finding; remove it"))
                }
            }
        }
        return warnings
    }

    /// Whether `needle` occurs in `haystack`. The C library jumps between occurrences of the needle's rarest byte in
    /// source (`:` in `iosec:ignore`, one byte in a hundred; its first letter is one in twenty), and each is checked.
    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        let anchor = needle.firstIndex(of: UInt8(ascii: ":")) ?? 0
        return haystack.withUnsafeBufferPointer { hay in
            guard let base = hay.baseAddress else { return false }
            // Candidate starts run from 0 to `last`; the anchor byte of a start `s` is at `s + anchor`.
            let last = hay.count - needle.count
            var i = anchor
            while i <= last + anchor {
                guard let hit = memchr(base + i, Int32(needle[anchor]), last + anchor - i + 1) else { return false }
                i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                let start = i - anchor
                if hay[start..<(start + needle.count)].elementsEqual(needle) { return true }
                i += 1
            }
            return false
        }
    }
}
