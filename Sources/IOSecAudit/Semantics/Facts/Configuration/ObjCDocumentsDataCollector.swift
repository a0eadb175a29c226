import IOSecCore

/// Records what `DocumentsDataCollector` records in Swift, from Objective-C: a method that names
/// `NSDocumentDirectory` and, in its identifiers or strings, a database, a log or a credential.
enum ObjCDocumentsDataCollector: ArtifactFactCollector {
    static let fileKinds: Set<FileKind> = [.objc]

    static func collect(_ file: ArtifactFile) -> [Diagnostic] {
        guard ByteSearch("NSDocumentDirectory").occurs(in: file.bytes) else { return [] }
        let source = file.objc
        for at in source.tokens.indices where source.tokens[at].kind == .identifier {
            guard source.text(at) == "NSDocumentDirectory" else { continue }
            // The method it is named in; a file's NSLog calls elsewhere say nothing about Documents.
            let scope = source.body(containing: at).map { $0.lowerBound..<$0.upperBound } ?? at..<(at + 1)
            for index in scope {
                let found: String?
                switch source.tokens[index].kind {
                case .identifier: found = DocumentsData.evidence(inName: source.text(index))
                case .string, .objcString: found = DocumentsData.evidence(in: source.text(index))
                default: found = nil
                }
                if let word = found {
                    file.record(
                        kind: FactKind.documentsData, value: word, line: source.tokens[at].line,
                        column: source.tokens[at].column)
                    return []
                }
            }
        }
        return []
    }
}
