import IOSecCore
import SwiftSyntax

/// Records, for `storage.file-sharing`, where Swift code keeps data worth protecting in Documents: a function or
/// property that names the Documents folder (`.documentDirectory`, `URL.documentsDirectory`, `NSDocumentDirectory`)
/// and, in its names or strings, a database, a log or a credential (`DocumentsData.words`); or a Realm opened with
/// its default configuration, whose file is `Documents/default.realm`. First per file; test code records nothing.
struct DocumentsDataCollector: SwiftVisitor {
    static let subscription = Subscription(
        calls: .named(["Realm"]),
        references: ["NSDocumentDirectory"],
        members: ["documentDirectory", "documentsDirectory"])

    private var recorded = false

    init() {}

    mutating func visit(_ member: MemberAccessExprSyntax, in file: SwiftFile) {
        recordIfDataNearby(at: member, in: file)
    }

    mutating func visit(_ reference: DeclReferenceExprSyntax, in file: SwiftFile) {
        guard reference.parent?.is(MemberAccessExprSyntax.self) != true else { return }
        recordIfDataNearby(at: reference, in: file)
    }

    /// `try Realm()`: the default configuration, unless the file sets the default's `fileURL`.
    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard !recorded, call.calledName == "Realm",
            call.calledExpression.is(DeclReferenceExprSyntax.self), call.arguments.isEmpty,
            file.imports.contains("RealmSwift"), !file.contains("fileURL")
        else { return }
        recorded = true
        file.record(kind: FactKind.documentsData, value: "Realm", at: call)
    }

    private mutating func recordIfDataNearby(at node: some SyntaxProtocol, in file: SwiftFile) {
        guard !recorded else { return }
        for token in Self.scope(of: Syntax(node)).tokens(viewMode: .sourceAccurate) {
            let found: String?
            switch token.tokenKind {
            case .identifier(let name): found = DocumentsData.evidence(inName: name)
            case .stringSegment(let segment): found = DocumentsData.evidence(in: segment)
            default: continue
            }
            if let word = found {
                recorded = true
                file.record(kind: FactKind.documentsData, value: word, at: node)
                return
            }
        }
    }

    /// The function, initializer or property the folder is named in (its path is usually made and used there),
    /// else the statement.
    private static func scope(of node: Syntax) -> Syntax {
        var current = node.parent
        var statement = node
        while let n = current {
            if n.is(FunctionDeclSyntax.self) || n.is(InitializerDeclSyntax.self) || n.is(AccessorBlockSyntax.self) {
                return n
            }
            if let variable = n.as(VariableDeclSyntax.self), variable.parent?.is(MemberBlockItemSyntax.self) == true {
                return n
            }
            if n.is(CodeBlockItemSyntax.self) { statement = n }
            current = n.parent
        }
        return statement
    }
}

/// What in Documents makes sharing it over USB a leak: databases, logs, credentials.
enum DocumentsData {
    static let words: Set<String> = [
        "log", "logs", "logger", "logging", "logfile", "sqlite", "sqlite3", "db", "database", "databases", "realm",
        "store", "persistent", "credential", "credentials", "token", "tokens", "keychain", "secret", "secrets",
        "password", "passwords", "wallet"
    ]

    /// What the word says is kept: "a log", "a database", "a credential".
    static func noun(_ word: String) -> String {
        switch word {
        case "log", "logs", "logger", "logging", "logfile": "a log"
        case "credential", "credentials", "token", "tokens", "keychain", "secret", "secrets", "password", "passwords",
            "wallet":
            "a credential"
        default: "a database"
        }
    }

    /// Words that make a logging call's name (`NSLog`, `Log.debug`) say "log": in a name, a log counts only as a
    /// place (`logFileURL`, `logsFolder`).
    static let logWords: Set<String> = ["log", "logs", "logger", "logging", "logfile"]
    static let placeWords: Set<String> = ["file", "files", "dir", "directory", "folder", "path", "url", "logfile"]

    /// The first such word in an identifier: a log only when the name is a place.
    static func evidence(inName name: String) -> String? {
        let parts = SensitiveName.words(name)
        let isPlace = parts.contains(where: placeWords.contains)
        return parts.first { words.contains($0) && (isPlace || !logWords.contains($0)) }
    }

    /// The first such word in a string (split on case, digits and punctuation).
    static func evidence(in text: String) -> String? {
        for part in text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) {
            if let word = SensitiveName.words(String(part)).first(where: words.contains) { return word }
        }
        return nil
    }
}
