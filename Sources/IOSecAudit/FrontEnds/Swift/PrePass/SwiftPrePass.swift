import Foundation
import IOSecCore

/// The pre-pass over a scan's Swift files, before any is parsed: each file is read and lexed once, in parallel. It
/// gives the project's constants (`ConstantIndex`, which the rules resolve names through) and, for each file the
/// walk will read, what the lexer learnt of it (`LexedFiles`).
enum SwiftPrePass {
    /// `plan`: the dispatcher's plan; with one, the lexer also marks each file's parts its routes may want.
    static func run(
        _ inputs: [FileInput], options: ScanOptions, plan: RuleDispatcher.Plan? = nil, readAhead: ReadAhead? = nil,
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) -> (constants: ConstantIndex, lexed: LexedFiles) {
        let swift = inputs.filter { $0.kind == .swift && $0.size <= options.maxSwiftFileSize }
        let objcEncryption = objcDatabaseEncryption(inputs, options: options, readAhead: readAhead)
        let filter = plan?.interest
        let perFile = ParallelMap.run(swift, workers: options.jobs, progress: progress) {
            input -> (scanned: ConstantScanner.Scanned, size: Int) in
            guard let bytes = try? input.load() else { return (.nothing, 0) }
            readAhead?.offer(input.relativePath, bytes)
            // A generated file's constants count, but the scan never walks it, so its names are not wanted.
            let walked = options.includeGenerated || !TextChecks.isGenerated(bytes, path: input.relativePath)
            return (
                ConstantScanner.scanAll(bytes, file: input.relativePath, names: walked, interest: filter), bytes.count
            )
        }
        let constants = ConstantIndex(
            declarations: perFile.flatMap(\.scanned.declarations),
            sensitiveMembers: perFile.flatMap(\.scanned.sensitiveMembers),
            functions: perFile.flatMap(\.scanned.functions),
            computedMembers: zip(swift, perFile).flatMap { input, result in
                result.scanned.computedMembers.map { ($0, input.relativePath) }
            },
            declaredTypes: perFile.flatMap(\.scanned.types).map(\.name), supertypes: perFile.flatMap(\.scanned.types),
            databaseEncryption: perFile.reduce(into: objcEncryption) { $0.formUnion($1.scanned.encryption) },
            // A test that sets a property to stub it changes nothing the app ships.
            assigned: zip(swift, perFile).reduce(into: []) { all, pair in
                if !PathTraits.isTestCode(pair.0.relativePath) { all.formUnion(pair.1.scanned.assigned) }
            },
            managedProperties: perFile.flatMap(\.scanned.managedProperties))
        var lexed = LexedFiles(plan: filter == nil ? nil : plan)
        for (input, result) in zip(swift, perFile) {
            guard let names = result.scanned.names else { continue }
            lexed.add(input.relativePath, size: result.size, names: names, interest: result.scanned.interest)
        }
        return (constants, lexed)
    }

    /// The database keys Objective-C files give (SQLCipher's `sqlite3_key`, YapDatabase's `cipherKeyBlock`, GRDB's
    /// `usePassphrase`, a Realm configuration's `encryptionKey`): a byte search, since these files are not lexed here.
    /// The bytes are kept for the walk.
    private static func objcDatabaseEncryption(
        _ inputs: [FileInput], options: ScanOptions, readAhead: ReadAhead?
    ) -> DatabaseEncryption {
        let objc = inputs.filter { $0.kind == .objc && $0.size <= options.maxSize(of: .objc) }
        guard !objc.isEmpty else { return [] }
        let found = ParallelMap.run(objc, workers: options.jobs) { input -> DatabaseEncryption in
            guard let bytes = try? input.load() else { return [] }
            readAhead?.offer(input.relativePath, bytes)
            return bytes.withUnsafeBytes { buffer in
                objcKeyNames.reduce(into: DatabaseEncryption()) { found, key in
                    if key.search.occurs(in: buffer) { found.formUnion(key.keys) }
                }
            }
        }
        return found.reduce(into: []) { $0.formUnion($1) }
    }

    /// Database keys in Objective-C, and what each keys.
    private static let objcKeyNames: [(search: ByteSearch, keys: DatabaseEncryption)] = [
        (ByteSearch("sqlite3_key"), .sqlite), (ByteSearch("cipherKeyBlock"), .sqlite),
        (ByteSearch("usePassphrase"), .sqlite), (ByteSearch("encryptionKey"), .realm)
    ]
}

/// What the pre-pass's lexer learnt of each Swift file the walk will read, by path: the names the file may declare or
/// fill (`SourceNames`, so the walk need not read its bytes again) and, when the pre-pass ran with a dispatcher's
/// plan, the parts of the file that plan's routes may want (`InterestMap`, which lets the walk skip the rest). An
/// entry counts only for a file of the size it was read at.
struct LexedFiles: Sendable {
    struct File: Sendable {
        let size: Int
        let names: SourceNames
        let interest: InterestMap?
    }

    /// The plan whose filter marked the maps: a map is handed only to a walk with that plan.
    private let plan: RuleDispatcher.Plan?
    private var files: [String: File] = [:]

    static let none = LexedFiles(plan: nil)

    init(plan: RuleDispatcher.Plan?) { self.plan = plan }

    mutating func add(_ path: String, size: Int, names: SourceNames, interest: InterestMap?) {
        files[path] = File(size: size, names: names, interest: plan == nil ? nil : interest)
    }

    /// What the pre-pass learnt of `path`, if it read the file at this size as one the walk reads.
    func file(_ path: String, size: Int) -> File? {
        guard let file = files[path], file.size == size else { return nil }
        return file
    }

    /// The parts of `path` that `plan`'s routes may want, if the pre-pass marked them with that plan.
    func interest(of path: String, size: Int, for plan: RuleDispatcher.Plan) -> InterestMap? {
        guard plan === self.plan, plan.interest != nil else { return nil }
        return file(path, size: size)?.interest
    }
}
