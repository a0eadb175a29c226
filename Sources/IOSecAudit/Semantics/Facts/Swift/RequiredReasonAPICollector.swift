import IOSecCore
import SwiftSyntax

/// Records where Swift code uses a required-reason API (Core's `RequiredReasonAPI` table), matching the
/// syntax a use has: a type (`UserDefaults`, `@AppStorage`), a member (`ProcessInfo.processInfo.systemUptime`,
/// `.contentModificationDateKey`), or a C call (`stat(path, &info)`, `mach_absolute_time()`). Names that are
/// also common model properties (`creationDate`, `modificationDate`) count only as implicit members or on
/// `FileAttributeKey` / `URLResourceKey`, so `invoice.creationDate` is not a file-timestamp API.
struct RequiredReasonAPICollector: SwiftVisitor {
    private static let names = RequiredReasonAPI.symbols.values.reduce(into: typeNames) { $0.formUnion($1) }
    static let subscription = Subscription(references: names, types: names)

    /// Types: any reference counts.
    static let typeNames: Set<String> = ["UserDefaults", "NSUserDefaults", "AppStorage", "SceneStorage"]
    /// C functions: only calls count (`stat` is also the struct `stat()` takes).
    static let cFunctions: Set<String> = [
        "stat", "fstat", "fstatat", "lstat", "getattrlist", "getattrlistbulk", "fgetattrlist", "getattrlistat",
        "statfs", "statvfs", "fstatfs", "fstatvfs", "mach_absolute_time"
    ]
    /// Members whose names models reuse: only `.name` or `FileAttributeKey.name` / `URLResourceKey.name`.
    static let ambiguousMembers: Set<String> = ["creationDate", "modificationDate", "systemSize", "systemFreeSize"]
    static let keyTypes: Set<String> = ["FileAttributeKey", "URLResourceKey"]

    private var recorded: Set<RequiredReasonCategory> = []

    init() {}

    mutating func visit(_ type: IdentifierTypeSyntax, in file: SwiftFile) {
        let name = type.name.text
        guard Self.typeNames.contains(name) else { return }
        record(name, at: type, in: file)
    }

    mutating func visit(_ reference: DeclReferenceExprSyntax, in file: SwiftFile) {
        let name = reference.baseName.text
        guard Self.isUse(reference, named: name) else { return }
        // A member is reported from the start of its expression: `.modificationDate`, `ProcessInfo…systemUptime`.
        if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
            record(name, at: member, in: file)
        } else {
            record(name, at: reference, in: file)
        }
    }

    static func isUse(_ reference: DeclReferenceExprSyntax, named name: String) -> Bool {
        guard !RequiredReasonAPI.categories(forSymbol: name).isEmpty else { return false }
        if typeNames.contains(name) { return true }
        let member = reference.parent?.as(MemberAccessExprSyntax.self).flatMap {
            $0.declName.id == reference.id ? $0 : nil
        }
        if cFunctions.contains(name) {
            guard member == nil, let call = reference.parent?.as(FunctionCallExprSyntax.self),
                call.calledExpression.id == reference.id
            else { return false }
            return name == "mach_absolute_time" || !call.arguments.isEmpty
        }
        // Objective-C constants (`NSFileModificationDate`) are unambiguous wherever they appear.
        if name.hasPrefix("NS") { return true }
        guard let member else { return false }
        if ambiguousMembers.contains(name) {
            guard let base = member.base else { return true }
            return keyTypes.contains(base.sourceText)
        }
        return true
    }

    private mutating func record(_ symbol: String, at node: some SyntaxProtocol, in file: SwiftFile) {
        for category in RequiredReasonAPI.categories(forSymbol: symbol) where !recorded.contains(category) {
            recorded.insert(category)
            file.record(kind: FactKind.requiredReasonAPI, value: FactKind.join(category.rawValue, symbol), at: node)
        }
    }
}
