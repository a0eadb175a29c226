import Foundation

/// How `iosec diff` prints a `PostureDiff`: text for people, Markdown for a pull-request comment, JSON for scripts.
public enum PostureDiffFormat: String, Sendable, CaseIterable {
    case text, markdown, json

    public func render(_ diff: PostureDiff) -> String {
        switch self {
        case .text: Self.text(diff)
        case .markdown: Self.markdown(diff)
        case .json: Self.json(diff)
        }
    }

    /// `worse 3 · better 5 · review 4`, and what it means.
    static func verdict(_ diff: PostureDiff) -> String {
        let count = { (direction: PostureChange.Direction) in diff.changes.filter { $0.direction == direction }.count }
        let counts = "worse \(count(.worse)) · better \(count(.better)) · review \(count(.review))"
        if diff.changes.isEmpty { return "no security difference" }
        return counts + (diff.isRegression ? " — the security posture got worse" : " — nothing got worse")
    }

    static func marker(_ change: PostureChange) -> String {
        switch change.kind {
        case "added": "+"
        case "removed": "-"
        default: "~"
        }
    }

    static func describe(_ change: PostureChange) -> String {
        if change.area == "findings" { return change.after ?? change.before ?? change.item }
        switch change.kind {
        case "added": return change.after == change.item ? change.item : "\(change.item): \(change.after ?? "")"
        case "removed": return change.before == change.item ? change.item : "\(change.item): \(change.before ?? "")"
        default: return "\(change.item): \(change.before ?? "") → \(change.after ?? "")"
        }
    }

    /// The changes of each area that has any, in reading order.
    static func byArea(_ diff: PostureDiff) -> [(area: String, changes: [PostureChange])] {
        PostureDiff.areas.compactMap { area in
            let changes = diff.changes.filter { $0.area == area }
            return changes.isEmpty ? nil : (area, changes)
        }
    }

    static func text(_ diff: PostureDiff) -> String {
        var out = "iosec diff: \(diff.old) → \(diff.new)\n\(verdict(diff))\n"
        if let unrelated = diff.unrelated { out += "note: \(unrelated)\n" }
        for (area, changes) in byArea(diff) {
            out += "\n\(area.uppercased())\n"
            for change in changes {
                out += "  \(marker(change)) \(describe(change))  [\(change.direction.rawValue)]\n"
            }
        }
        return out
    }

    static func markdown(_ diff: PostureDiff) -> String {
        func cell(_ text: String) -> String {
            text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
        }
        var out = "## Security diff\n\n`\(cell(diff.old))` → `\(cell(diff.new))`: **\(verdict(diff))**\n"
        if let unrelated = diff.unrelated { out += "\n> \(unrelated)\n" }
        for (area, changes) in byArea(diff) {
            out += "\n### \(area.prefix(1).uppercased() + area.dropFirst())\n\n| | change | verdict |\n|---|---|---|\n"
            for change in changes {
                let icon =
                    switch change.direction {
                    case .worse: "❌ worse"
                    case .better: "✅ better"
                    case .review: "🔍 review"
                    }
                out += "| \(change.kind) | \(cell(describe(change))) | \(icon) |\n"
            }
        }
        return out
    }

    static func json(_ diff: PostureDiff) -> String {
        struct Document: Encodable {
            let version = 1
            let old: String
            let new: String
            let regression: Bool
            let unrelated: String?
            let summary: [String: Int]
            let changes: [Change]
        }
        struct Change: Encodable {
            let area, item, kind, direction: String
            let before, after: String?
        }
        let summary = Dictionary(grouping: diff.changes, by: \.direction.rawValue).mapValues(\.count)
        let document = Document(
            old: diff.old, new: diff.new, regression: diff.isRegression, unrelated: diff.unrelated,
            summary: ["worse": 0, "better": 0, "review": 0].merging(summary) { $1 },
            changes: diff.changes.map {
                Change(
                    area: $0.area, item: $0.item, kind: $0.kind, direction: $0.direction.rawValue, before: $0.before,
                    after: $0.after)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
