import Foundation
import SwiftSyntax

/// Memo tables for the shared analyses, for the file being walked. Rules ask the same question of the same function
/// body once for every name in it (what was put into this container before here?); answering each from one
/// collection of the body, instead of a walk of the body per question, keeps large functions linear.
final class AnalysisMemo: @unchecked Sendable {  // used only by the thread that walks the file
    /// The memo of the file this thread is walking; nil outside a walk, where each question is answered afresh.
    @TaskLocal static var current: AnalysisMemo?

    /// The container fills of each body asked about, in source order.
    var fillsOfBody: [SyntaxIdentifier: [ContainerFill.Fill]] = [:]

    private struct BindingKey: Hashable {
        let body: SyntaxIdentifier
        let name: String
    }
    private var bindingEventsOfBody: [BindingKey: [LocalValue.BindingEvent]] = [:]

    /// The statements of `body` that give `name` a value (`LocalValue`), read once per body and name.
    func bindingEvents(
        of name: String, in body: CodeBlockItemListSyntax, _ read: () -> [LocalValue.BindingEvent]
    ) -> [LocalValue.BindingEvent] {
        let key = BindingKey(body: body.id, name: name)
        if let known = bindingEventsOfBody[key] { return known }
        let events = read()
        bindingEventsOfBody[key] = events
        return events
    }

    private let source: [UInt8]
    private let path: String
    /// The project's constants and the types that hold secrets.
    let constants: ConstantIndex

    init(source: [UInt8], path: String = "", constants: ConstantIndex = .empty) {
        self.source = source
        self.path = path
        self.constants = constants
    }

    /// Whether `byte` occurs in the file's bytes over `node`'s range: a test that spares walking the node's tokens.
    func mayContain(_ byte: UInt8, in node: some SyntaxProtocol) -> Bool {
        let start = max(0, node.position.utf8Offset), end = min(source.count, node.endPosition.utf8Offset)
        guard start < end else { return false }
        return source.withUnsafeBufferPointer { bytes in
            memchr(bytes.baseAddress! + start, Int32(byte), end - start) != nil
        }
    }

    /// The names the file could declare or fill: as the constant pre-pass found them, else read from the bytes on
    /// the first question.
    private(set) lazy var names =
        constants.sourceNames(ofFile: path, size: source.count) ?? SourceNames(source)
}
