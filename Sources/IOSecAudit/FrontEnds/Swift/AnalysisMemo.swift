import Foundation
import SwiftSyntax

/// Memo tables for the shared analyses, for the file being walked. Rules ask the same question of the same function
/// body once for every name in it (what was put into this container before here?); answering each from one
/// collection of the body, instead of a walk of the body per question, keeps large functions linear.
final class AnalysisMemo: @unchecked Sendable {  // used only by the thread that walks the file
    /// The memo of the file this thread is walking; nil outside a walk, where each question is answered afresh.
    @TaskLocal static var current: AnalysisMemo?

    /// A body by the bytes it spans. A node's `id` names the tree it was reached in as well, and the same body
    /// reached through another tree of the file (a node a walk made apart from the dispatcher's) would be read
    /// again for every question: in a generated function of thousands of cases, once per case.
    struct BodyKey: Hashable {
        let start: Int
        let end: Int
        init(_ body: CodeBlockItemListSyntax) {
            start = body.position.utf8Offset
            end = body.endPosition.utf8Offset
        }
    }

    /// The container fills of each body asked about, in source order.
    var fillsOfBody: [BodyKey: [ContainerFill.Fill]] = [:]

    private var allBindingEventsOfBody: [BodyKey: [String: [LocalValue.BindingEvent]]] = [:]

    /// The statements of `body` that give each name a value (`LocalValue`), read once per body for every name.
    func bindingEvents(
        in body: CodeBlockItemListSyntax, _ read: () -> [String: [LocalValue.BindingEvent]]
    ) -> [String: [LocalValue.BindingEvent]] {
        if let known = allBindingEventsOfBody[BodyKey(body)] { return known }
        let events = read()
        allBindingEventsOfBody[BodyKey(body)] = events
        return events
    }

    private var mutationsOfBody: [BodyKey: [String: [(AbsolutePosition, LocalMutation.Change)]]] = [:]

    /// The changes the statements of `body` make to each name (`LocalMutation`), read once per body.
    func mutations(
        in body: CodeBlockItemListSyntax, _ read: () -> [String: [(AbsolutePosition, LocalMutation.Change)]]
    ) -> [String: [(AbsolutePosition, LocalMutation.Change)]] {
        if let known = mutationsOfBody[BodyKey(body)] { return known }
        let changes = read()
        mutationsOfBody[BodyKey(body)] = changes
        return changes
    }

    private var secretSitesOfBody: [BodyKey: SecretOrigin.Sites] = [:]

    /// Where `body` hands names to calls as secrets and reads credential keys (`SecretOrigin`), read once per body.
    func secretSites(in body: CodeBlockItemListSyntax, _ read: () -> SecretOrigin.Sites) -> SecretOrigin.Sites {
        if let known = secretSitesOfBody[BodyKey(body)] { return known }
        let sites = read()
        secretSitesOfBody[BodyKey(body)] = sites
        return sites
    }

    private let source: [UInt8]
    private let path: String
    /// The project's constants and the types that hold secrets.
    let constants: ConstantIndex

    init(source: [UInt8], path: String = "", constants: ConstantIndex = .empty, names: SourceNames? = nil) {
        self.source = source
        self.path = path
        self.constants = constants
        self.lexedNames = names
    }

    /// Whether `byte` occurs in the file's bytes over `node`'s range: a test that spares walking the node's tokens.
    func mayContain(_ byte: UInt8, in node: some SyntaxProtocol) -> Bool {
        let start = max(0, node.position.utf8Offset), end = min(source.count, node.endPosition.utf8Offset)
        guard start < end else { return false }
        return source.withUnsafeBufferPointer { bytes in
            memchr(bytes.baseAddress! + start, Int32(byte), end - start) != nil
        }
    }

    /// Whether `name` occurs in the file's bytes `start..<end` followed, after white space, by `[` or `.`: the shape
    /// of every container fill (`name[key] = …`, `name.setValue(…)`, `name.password = …`). A byte search, so that a
    /// body is not walked for the fills of a name it never fills. It may say yes wrongly, never no wrongly.
    func mayFill(_ name: String, from start: Int, to end: Int) -> Bool {
        let pattern = Array(name.utf8)
        let start = max(0, start), end = min(source.count, end)
        guard let first = pattern.first, end - start >= pattern.count else { return false }
        return source.withUnsafeBufferPointer { bytes in
            let base = bytes.baseAddress!
            var i = start
            while i + pattern.count <= end {
                guard let hit = memchr(base + i, Int32(first), end - pattern.count - i + 1) else { return false }
                i = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
                if memcmp(base + i, pattern, pattern.count) == 0 {
                    var k = i + pattern.count
                    while k < end, bytes[k] == 0x20 || bytes[k] == 0x0A || bytes[k] == 0x0D || bytes[k] == 0x09 {
                        k += 1
                    }
                    if k < end, bytes[k] == UInt8(ascii: "[") || bytes[k] == UInt8(ascii: ".") { return true }
                }
                i += 1
            }
            return false
        }
    }

    /// Whether `name` occurs in `node`'s bytes after a `:` (an argument: `password: name`) or before a `[` (a read:
    /// `name["access_token"]`, `name?[…]`), white space aside: what `SecretOrigin` looks for, without a walk of a
    /// body that has neither. It may say yes wrongly, never no wrongly.
    func mayBePassedOrRead(_ name: String, in node: some SyntaxProtocol) -> Bool {
        let pattern = Array(name.utf8)
        let start = max(0, node.position.utf8Offset), end = min(source.count, node.endPosition.utf8Offset)
        guard let first = pattern.first, end - start >= pattern.count else { return false }
        return source.withUnsafeBufferPointer { bytes in
            let base = bytes.baseAddress!
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
            var i = start
            while i + pattern.count <= end {
                guard let hit = memchr(base + i, Int32(first), end - pattern.count - i + 1) else { return false }
                i = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
                if memcmp(base + i, pattern, pattern.count) == 0 {
                    var before = i - 1
                    while before > start, isSpace(bytes[before]) { before -= 1 }
                    if before >= start, bytes[before] == UInt8(ascii: ":") { return true }
                    var after = i + pattern.count
                    while after < end, isSpace(bytes[after]) || bytes[after] == UInt8(ascii: "?") { after += 1 }
                    if after < end, bytes[after] == UInt8(ascii: "[") { return true }
                }
                i += 1
            }
            return false
        }
    }

    /// Whether any of `texts` occurs in `node`'s bytes, for `SecretOrigin`'s encryptions (one set of texts: the
    /// answer is kept by node). It may say yes wrongly (in a comment), never no wrongly.
    func mayMention(_ texts: [ByteSearch], in node: some SyntaxProtocol) -> Bool {
        let start = max(0, node.position.utf8Offset), end = min(source.count, node.endPosition.utf8Offset)
        guard start < end else { return false }
        if let known = mentionsOfBody[start] { return known }
        let found = source.withUnsafeBytes { bytes in
            let window = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            return texts.contains { $0.occurs(in: window) }
        }
        mentionsOfBody[start] = found
        return found
    }

    /// `mayMention`'s answers, by the start of the node asked about (one caller, one set of texts).
    private var mentionsOfBody: [Int: Bool] = [:]

    private let lexedNames: SourceNames?

    /// The names the file could declare or fill: as the pre-pass found them, else read from the bytes on the first
    /// question.
    private(set) lazy var names = lexedNames ?? SourceNames(source)
}
