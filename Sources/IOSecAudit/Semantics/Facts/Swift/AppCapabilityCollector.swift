import SwiftSyntax

/// Records, for the audit checklist, what the app does (network, web views, Keychain, local authentication,
/// pasteboard: `AppCapability`) and which IOSecKit building blocks it uses. Only code that ships counts: a web view
/// in `#if DEBUG` or a preview does not make the web-view items apply, and a debug-only IOSecKit check passes nothing.
struct AppCapabilityCollector: SwiftVisitor {
    /// The modules too, though no reference names one: `finish` reads the imports, and the pre-pass must mark a file
    /// that imports one, or the file would be skipped as naming nothing (`InterestMap`).
    private static let names = Set(AppCapability.symbols.keys).union(Checklist.kitTypes).union(
        AppCapability.modules.keys)
    static let subscription = Subscription(
        references: names,
        types: names,
        members: Set(AppCapability.memberSymbols.keys),
        // `finish` reads the imports of every file.
        finishesWithoutVisits: true)

    private var recorded: Set<AppCapability> = []
    private var recordedKit: Set<String> = []

    init() {}

    mutating func visit(_ reference: DeclReferenceExprSyntax, in file: SwiftFile) {
        record(reference.baseName.text, at: reference, in: file)
    }

    mutating func visit(_ type: IdentifierTypeSyntax, in file: SwiftFile) {
        record(type.name.text, at: type, in: file)
    }

    mutating func visit(_ member: MemberAccessExprSyntax, in file: SwiftFile) {
        let name = member.declName.baseName.text
        guard let capability = AppCapability.memberSymbols[name], !recorded.contains(capability),
            file.context(of: member) == .app
        else { return }
        recorded.insert(capability)
        file.record(kind: FactKind.capability, value: FactKind.join(capability.rawValue, name), at: member)
    }

    /// An import shows the capability only when no use did: the use is the better place to point at.
    mutating func finish(in file: SwiftFile) {
        // The import set is already read; most files import no such module, and need no walk of their statements.
        guard file.imports.contains(where: { AppCapability.modules[$0] != nil }) else { return }
        for statement in file.tree.statements {
            guard let decl = statement.item.as(ImportDeclSyntax.self), let module = decl.path.first?.name.text,
                let capability = AppCapability.modules[module], !recorded.contains(capability),
                file.context(of: decl) == .app
            else { continue }
            recorded.insert(capability)
            file.record(kind: FactKind.capability, value: FactKind.join(capability.rawValue, module), at: decl)
        }
    }

    private mutating func record(_ name: String, at node: some SyntaxProtocol, in file: SwiftFile) {
        let capabilities = (AppCapability.symbols[name] ?? []).filter { !recorded.contains($0) }
        let kit = Checklist.kitTypes.contains(name) && !recordedKit.contains(name) && file.imports.contains("IOSecKit")
        guard !capabilities.isEmpty || kit, file.context(of: node) == .app else { return }
        for capability in capabilities {
            recorded.insert(capability)
            file.record(kind: FactKind.capability, value: FactKind.join(capability.rawValue, name), at: node)
        }
        if kit {
            recordedKit.insert(name)
            file.record(kind: FactKind.iosecKitAPI, value: name, at: node)
        }
    }
}
