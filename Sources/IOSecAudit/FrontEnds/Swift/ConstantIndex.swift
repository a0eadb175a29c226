import Crypto
import Foundation
import IOSecCore
/// A constant's literal value.
public enum ConstantValue: Sendable, Hashable {
    /// A string literal without interpolation (escapes kept as written).
    case string(String)
    case integer(Int)
    /// An array literal of integers (`[0x01, 0x02, …]`), by its element count.
    case bytes(count: Int)

    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}

/// One `let` / `var` / `static let` / enum case with a literal value, as the pre-pass found it.
public struct ConstantDeclaration: Sendable, Hashable {
    public var name: String
    public var value: ConstantValue
    /// The innermost type (class, struct, enum, actor, extension) it is declared in, nil at file scope.
    public var typeName: String?
    /// An enum case's raw value (`case loginToken = "login_token"`) rather than a stored constant.
    public var isEnumCase: Bool
    public var file: String
}

/// The project's constants: every `let`/`var`/`static let` whose initializer is a single literal, and every
/// enum raw value, found by a lexical pre-pass over all Swift files before the rules run. Rules resolve a
/// name to its literal through it: `defaults.set(v, forKey: tokenKey)` where another file says
/// `static let tokenKey = "auth_token"`.
///
/// ```swift
/// let index = ConstantIndex(files: [("Keys.swift", Array("enum Keys { static let token = \"auth_token\" }".utf8))])
/// index.resolve("token", qualifier: "Keys", file: "Main.swift")  // .string("auth_token")
/// ```
public struct ConstantIndex: Sendable {
    private var byName: [String: [ConstantDeclaration]]
    /// Types declared in the project with a stored property named for a secret (`struct User { var password }`),
    /// by type name: the property's name (the first in name order, so any order of files gives the same).
    private var sensitiveMembers: [String: String]
    /// The project's Core Data and Realm model classes, directly or through another of the project's classes.
    private var persistentModels: [String: PersistentStore] = [:]
    /// The databases some Swift file of the project gives a key (`DatabaseEncryption`).
    public private(set) var databaseEncryption: DatabaseEncryption = []
    /// The names each file's tokens may declare or fill, found by the same pre-pass, with the file's size: the
    /// file's walk uses them instead of reading its bytes again (`AnalysisMemo.names`).
    private var sourceNames: [String: (size: Int, names: SourceNames)] = [:]
    /// Each file's `InterestMap`, found by the same pre-pass with `interestFilter`.
    private var interestMaps: [String: InterestMap] = [:]
    private(set) var interestFilter: InterestFilter?

    public static let empty = ConstantIndex(declarations: [])

    /// `declaredTypes`: every type declaration's name (not extensions); a type declared more than once in the
    /// project (two targets each with a `User`) is ambiguous, and its members are not used.
    public init(
        declarations: [ConstantDeclaration], sensitiveMembers: [SensitiveMember] = [], declaredTypes: [String] = [],
        supertypes: [DeclaredType] = [], databaseEncryption: DatabaseEncryption = []
    ) {
        persistentModels = Self.persistentModels(supertypes)
        self.databaseEncryption = databaseEncryption
        byName = Dictionary(grouping: declarations, by: \.name)
        var members: [String: String] = [:]
        for member in sensitiveMembers {
            if let known = members[member.typeName], known <= member.name { continue }
            members[member.typeName] = member.name
        }
        var seen: Set<String> = []
        for type in declaredTypes where !seen.insert(type).inserted { members[type] = nil }
        self.sensitiveMembers = members
    }

    public init(files: [(path: String, bytes: [UInt8])]) {
        let scanned = files.map { ConstantScanner.scanAll($0.bytes, file: $0.path) }
        self.init(
            declarations: scanned.flatMap(\.declarations), sensitiveMembers: scanned.flatMap(\.sensitiveMembers),
            declaredTypes: scanned.flatMap(\.types).map(\.name), supertypes: scanned.flatMap(\.types),
            databaseEncryption: scanned.reduce(into: []) { $0.formUnion($1.encryption) })
        for (file, result) in zip(files, scanned) {
            sourceNames[file.path] = result.names.map { (file.bytes.count, $0) }
        }
    }

    /// The names the pre-pass found in `file`, if it read the file at this size.
    func sourceNames(ofFile file: String, size: Int) -> SourceNames? {
        guard let entry = sourceNames[file], entry.size == size else { return nil }
        return entry.names
    }

    /// Whether the pre-pass read `file` at this size as one the scan walks: then it has already found it is not
    /// generated (`TextChecks.isGenerated`).
    func prePassWalks(_ file: String, size: Int) -> Bool {
        sourceNames[file]?.size == size
    }

    /// The parts of `file` the pre-pass marked with `filter`, if it read the file at this size with that filter.
    func interest(ofFile file: String, size: Int, filter: InterestFilter) -> InterestMap? {
        guard filter.fingerprint != 0 || interestFilter == filter else { return nil }
        return interest(ofFile: file, size: size, fingerprint: filter.fingerprint)
    }

    /// The same, for the filter with this digest (`InterestFilter.fingerprint`).
    func interest(ofFile file: String, size: Int, fingerprint: Int) -> InterestMap? {
        guard interestFilter?.fingerprint == fingerprint, let entry = sourceNames[file], entry.size == size else {
            return nil
        }
        return interestMaps[file]
    }

    /// The secret a type of the project holds as an instance property (`password` for `struct User { var
    /// password: String }`), or nil: encoding or archiving a value of that type writes the secret too.
    public func sensitiveMember(ofType type: String) -> String? { sensitiveMembers[type] }

    /// The store instances of a project type are saved in: a subclass of `NSManagedObject` or of Realm's `Object`,
    /// declared anywhere in the project, directly or through the project's own base classes.
    public func persistentStore(ofType type: String) -> PersistentStore? { persistentModels[type] }

    /// Whether the project declares any Core Data or Realm model class.
    public var hasPersistentModels: Bool { !persistentModels.isEmpty }

    private static func persistentModels(_ types: [DeclaredType]) -> [String: PersistentStore] {
        var stores: [String: PersistentStore] = [:]
        for type in types {
            if let store = type.supertypes.lazy.compactMap({
                PersistentStore.of(supertype: $0, importsRealm: type.importsRealm)
            }).first {
                stores[type.name] = store
            }
        }
        // `class Account: BaseEntity` where `class BaseEntity: NSManagedObject`: a few rounds reach any real depth.
        for _ in 0..<8 {
            var changed = false
            for type in types where stores[type.name] == nil {
                if let store = type.supertypes.lazy.compactMap({ stores[$0] }).first {
                    stores[type.name] = store
                    changed = true
                }
            }
            if !changed { break }
        }
        return stores
    }

    public var count: Int { byName.values.reduce(0) { $0 + $1.count } }

    /// A digest of every declaration, in a fixed order: equal for equal indexes, whatever the order files came in.
    public var digest: String {
        let lines =
            (byName.values.flatMap { $0 }.map { d in
                "\(d.file)\u{0}\(d.typeName ?? "")\u{0}\(d.name)\u{0}\(d.isEnumCase)\u{0}\(d.value)"
            } + sensitiveMembers.map { "member\u{0}\($0.key)\u{0}\($0.value)" }
            + persistentModels.map { "model\u{0}\($0.key)\u{0}\($0.value.rawValue)" }
            + ["encryption\u{0}\(databaseEncryption.rawValue)"]).sorted()
        var hasher = SHA256()
        for line in lines { hasher.update(data: Data((line + "\n").utf8)) }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// All declarations of `name`.
    public func declarations(of name: String) -> [ConstantDeclaration] { byName[name] ?? [] }

    /// The literal `name` stands for. With a `qualifier` (`Keys.token`): declared in that type, enum raw values
    /// included. Without one (a bare `token`): a stored constant of `type` (the type the name is used in,
    /// wherever it is declared), else a file-scope constant of the project; enum cases and other types' members
    /// are never in scope for a bare name. nil when unknown or ambiguous.
    public func resolve(_ name: String, qualifier: String? = nil, type: String? = nil, file: String? = nil)
        -> ConstantValue?
    {
        guard let all = byName[name], !all.isEmpty else { return nil }
        func unique(_ candidates: [ConstantDeclaration]) -> ConstantValue? {
            guard let first = candidates.first else { return nil }
            return candidates.allSatisfy({ $0.value == first.value }) ? first.value : nil
        }
        if let qualifier {
            return unique(all.filter { $0.typeName == qualifier })
        }
        let stored = all.filter { !$0.isEnumCase }
        if let type, let hit = unique(stored.filter({ $0.typeName == type })) { return hit }
        let globals = stored.filter { $0.typeName == nil }
        if let file, let hit = unique(globals.filter({ $0.file == file })) { return hit }
        return unique(globals)
    }

    /// Whether `name` is declared as an enum case with a raw value anywhere.
    public func isEnumCase(_ name: String) -> Bool {
        byName[name]?.contains(where: \.isEnumCase) ?? false
    }
}

/// An instance property named for a secret, in a type of the project.
/// A class, actor or struct the project declares, with the types written after its `:` (last component of each:
/// `Foundation.NSObject` → `NSObject`).
public struct DeclaredType: Sendable, Hashable {
    public var name: String
    public var supertypes: [String]
    /// The file it is declared in imports RealmSwift, where a bare `Object` is Realm's.
    public var importsRealm: Bool
}

/// The database a model type's instances are stored in when the app saves them.
public enum PersistentStore: String, Sendable {
    case coreData = "a Core Data store"
    case realm = "a Realm database"

    /// The store a direct supertype stands for.
    static func of(supertype: String, importsRealm: Bool) -> PersistentStore? {
        switch supertype {
        case "NSManagedObject": .coreData
        case "RealmSwiftObject", "RLMObject", "RealmSwiftEmbeddedObject": .realm
        case "Object", "EmbeddedObject", "AsymmetricObject": importsRealm ? .realm : nil
        default: nil
        }
    }
}

/// The databases a project gives a key to, from the names its Swift code uses: SQLCipher's (`usePassphrase` of GRDB,
/// `sqlite3_key`, YapDatabase's `cipherKeyBlock`) and Realm's `encryptionKey`. A write into such a database is a write
/// into ciphertext, wherever the key is set; where no file names one, every database of that kind is plaintext.
public struct DatabaseEncryption: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let sqlite = DatabaseEncryption(rawValue: 1)
    public static let realm = DatabaseEncryption(rawValue: 2)

    /// The kind a name in code keys.
    static func keyed(by name: some Collection<UInt8>) -> DatabaseEncryption {
        switch name.count {
        case 11 where name.elementsEqual("sqlite3_key".utf8): .sqlite
        case 13 where name.elementsEqual("usePassphrase".utf8): .sqlite
        case 13 where name.elementsEqual("encryptionKey".utf8): .realm
        case 14 where name.elementsEqual("sqlite3_key_v2".utf8) || name.elementsEqual("cipherKeyBlock".utf8): .sqlite
        default: []
        }
    }
}

public struct SensitiveMember: Sendable, Hashable {
    public var typeName: String
    public var name: String
}

/// The lexical pre-pass: one linear scan over a file's bytes that skips comments and string contents and
/// recognises `let|var NAME [: Type] = LITERAL` and `case NAME = LITERAL` followed by the end of the
/// statement, and the bodies that only return a literal: `var NAME: Type { LITERAL }` and
/// `func NAME() -> Type { return LITERAL }` (recorded as `NAME()`). It never builds a tree, so it costs a small fraction of a parse; what it cannot read it skips.
enum ConstantScanner {
    /// A token as byte offsets into the file: nothing is copied until a declaration is recognised. Offsets are
    /// 32-bit (Swift files over 2 GB are never read), so a token takes 12 bytes: the passes over a file's tokens
    /// read far less memory.
    private enum Token: Equatable {
        case identifier(start: Int32, end: Int32)
        case keyword(Keyword)
        /// A plain one-line literal's content range; nil when interpolated or multi-line.
        case string(start: Int32, end: Int32)
        case otherString
        /// A number's text; `integerValue` reads it.
        case integer(start: Int32, end: Int32)
        case punct(UInt8)
        case newline
    }

    private enum Keyword: Equatable {
        case `let`, `var`, `case`, `func`, type, `extension`
    }

    static func scan(_ bytes: [UInt8], file: String) -> [ConstantDeclaration] {
        scanAll(bytes, file: file).declarations
    }

    /// `names: false` leaves out the file's `SourceNames`, for a file whose tree will not be walked; with an
    /// `interest` filter, the result has the file's `InterestMap` too.
    static func scanAll(
        _ bytes: [UInt8], file: String, names wantsNames: Bool = true, interest filter: InterestFilter? = nil
    ) -> (
        declarations: [ConstantDeclaration], sensitiveMembers: [SensitiveMember], types: [DeclaredType],
        names: SourceNames?, interest: InterestMap?, encryption: DatabaseEncryption
    ) {
        // Token offsets are 32-bit; a file this large is read by nothing else either.
        guard bytes.count < Int32.max else { return ([], [], [], nil, nil, []) }
        return bytes.withUnsafeBufferPointer { buffer in
            var lexer = Lexer(bytes: buffer, interest: wantsNames ? filter : nil)
            var tokens: [Token] = []
            tokens.reserveCapacity(buffer.count / 8)
            while let token = lexer.next() { tokens.append(token) }
            var members: [SensitiveMember] = []
            var types: [DeclaredType] = []
            let declarations = declarations(in: tokens, bytes: buffer, file: file, members: &members, types: &types)
            if !types.isEmpty, importsRealm.occurs(in: UnsafeRawBufferPointer(buffer)) {
                for k in types.indices { types[k].importsRealm = true }
            }
            var encryption: DatabaseEncryption = []
            for case .identifier(let start, let end) in tokens where (11...14).contains(end - start) {
                encryption.formUnion(.keyed(by: UnsafeBufferPointer(rebasing: buffer[Int(start)..<Int(end)])))
            }
            return (
                declarations, members, types, wantsNames ? names(in: tokens, bytes: buffer) : nil,
                wantsNames && filter != nil ? lexer.interest : nil, encryption
            )
        }
    }

    /// The file's `InterestMap` alone, for a file the pre-pass did not read.
    static func interest(in bytes: [UInt8], filter: InterestFilter) -> InterestMap? {
        guard bytes.count < Int32.max else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            var lexer = Lexer(bytes: buffer, interest: filter)
            while lexer.next() != nil {}
            return lexer.interest
        }
    }

    /// `SourceNames` from the tokens: names after `let`/`var` or after a comma and before `=`/`:` may be declared;
    /// names followed by `[`, `.set…`, `.updateValue` or `.member =` may be filled. Comments and string contents
    /// are already gone, so the sets are smaller than a scan of the bytes gives, and still hold every name the
    /// tree declares or fills outside string interpolations.
    private static func names(in tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> SourceNames {
        var declared: [Int] = []
        var filled: [Int] = []
        let n = tokens.count
        func next(from j: Int) -> Int {
            var k = j
            while k < n, tokens[k] == .newline { k += 1 }
            return k
        }
        func hash(_ start: Int32, _ end: Int32) -> Int {
            SourceNames.NameBits.hash(UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(end)]))
        }
        /// `=` that is an assignment: not the first half of `==`.
        func isAssignment(_ k: Int) -> Bool {
            k < n && tokens[k] == .punct(UInt8(ascii: "="))
                && (k + 1 >= n || tokens[k + 1] != .punct(UInt8(ascii: "=")))
        }
        func declare(_ start: Int32, _ end: Int32) {
            declared.append(hash(start, end))
            // swift-syntax keeps the backticks in a name's text.
            if start > 0, end < bytes.count, bytes[start - 1] == UInt8(ascii: "`"), bytes[end] == UInt8(ascii: "`") {
                declared.append(hash(start - 1, end + 1))
            }
        }
        for k in 0..<n {
            switch tokens[k] {
            case .keyword(.let), .keyword(.var):
                let j = next(from: k + 1)
                if j < n, case .identifier(let start, let end) = tokens[j] { declare(start, end) }
            case .punct(UInt8(ascii: ",")):
                let j = next(from: k + 1)
                if j < n, case .identifier(let start, let end) = tokens[j] {
                    let after = next(from: j + 1)
                    if isAssignment(after) || (after < n && tokens[after] == .punct(UInt8(ascii: ":"))) {
                        declare(start, end)
                    }
                }
            case .identifier(let start, let end):
                var j = next(from: k + 1)
                while j < n, tokens[j] == .punct(UInt8(ascii: "?")) || tokens[j] == .punct(UInt8(ascii: "!")) {
                    j = next(from: j + 1)
                }
                guard j < n else { continue }
                if tokens[j] == .punct(UInt8(ascii: "[")) {
                    filled.append(hash(start, end))
                } else if tokens[j] == .punct(UInt8(ascii: ".")) {
                    let m = next(from: j + 1)
                    guard m < n, case .identifier(let memberStart, let memberEnd) = tokens[m] else { continue }
                    let member = UnsafeBufferPointer(rebasing: bytes[Int(memberStart)..<Int(memberEnd)])
                    let isSetter =
                        member.count >= 3 && member[0] == UInt8(ascii: "s") && member[1] == UInt8(ascii: "e")
                        && member[2] == UInt8(ascii: "t")
                    if isSetter || member.elementsEqual("updateValue".utf8) || isAssignment(next(from: m + 1)) {
                        filled.append(hash(start, end))
                    }
                }
            default:
                continue
            }
        }
        return SourceNames(
            declared: SourceNames.NameBits(hashes: declared), filled: SourceNames.NameBits(hashes: filled))
    }

    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int32, _ end: Int32) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(end)]), as: UTF8.self)
    }

    private static func declarations(
        in tokens: [Token], bytes: UnsafeBufferPointer<UInt8>, file: String, members: inout [SensitiveMember],
        types: inout [DeclaredType]
    ) -> [ConstantDeclaration] {
        var result: [ConstantDeclaration] = []
        // (type name, brace depth inside it)
        // `encodable`: the declaration says `Codable`, `Encodable` or `NSCoding`; only such types' members are
        // classified, which keeps the classifier off the members of views and view models.
        var typeStack: [(name: String, depth: Int, encodable: Bool)] = []
        var pendingType: String?
        var pendingEncodable = false
        var depth = 0
        var i = 0
        let n = tokens.count
        func next(from j: Int) -> Int {
            var k = j
            while k < n, tokens[k] == .newline { k += 1 }
            return k
        }
        while i < n {
            switch tokens[i] {
            case .punct(UInt8(ascii: "{")):
                depth += 1
                if let name = pendingType {
                    typeStack.append((name, depth, pendingEncodable))
                    pendingType = nil
                }
            case .punct(UInt8(ascii: "}")):
                if let top = typeStack.last, top.depth == depth { typeStack.removeLast() }
                depth = max(0, depth - 1)
            case .keyword(.type), .keyword(.extension):
                // `class Foo`, `extension Foo.Bar`: the name is the next identifier (its last component).
                var k = next(from: i + 1)
                var name: (Int32, Int32)?
                while k < n, case .identifier(let start, let end) = tokens[k] {
                    name = (start, end)
                    if k + 2 < n, tokens[k + 1] == .punct(UInt8(ascii: ".")) { k += 2 } else { break }
                }
                if let name {
                    pendingType = text(bytes, name.0, name.1)
                    pendingEncodable = isEncodable(from: k, in: tokens, bytes: bytes)
                    // Declarations, not extensions: a name declared twice (two targets' `User`) is ambiguous.
                    if tokens[i] == .keyword(.type), let type = pendingType {
                        types.append(
                            DeclaredType(
                                name: type, supertypes: supertypes(after: k, in: tokens, bytes: bytes),
                                importsRealm: false))
                    }
                }
            case .keyword(.func):
                // `func apiKey() -> String { "…" }`: a call of it stands for the literal, recorded as `apiKey()`.
                let k = next(from: i + 1)
                guard k + 3 < n, case .identifier(let nameStart, let nameEnd) = tokens[k],
                    tokens[k + 1] == .punct(UInt8(ascii: "(")), tokens[k + 2] == .punct(UInt8(ascii: ")")),
                    let open = bodyOpen(in: tokens, from: k + 3),
                    let (value, end) = literalBody(in: tokens, at: open, bytes: bytes)
                else { break }
                result.append(
                    ConstantDeclaration(
                        name: text(bytes, nameStart, nameEnd) + "()", value: value, typeName: typeStack.last?.name,
                        isEnumCase: false, file: file))
                i = end
                continue
            case .keyword(let keyword):
                let k = next(from: i + 1)
                guard k + 2 < n, case .identifier(let nameStart, let nameEnd) = tokens[k] else { break }
                // An instance property of a type (not a local, not `static`) named for a secret.
                if keyword != .case, let type = typeStack.last, type.encodable, type.depth == depth,
                    !isStatic(before: i, in: tokens, bytes: bytes)
                {
                    let name = text(bytes, nameStart, nameEnd)
                    if holdsSecret(name) { members.append(SensitiveMember(typeName: type.name, name: name)) }
                }
                var m = k + 1
                // Optional type annotation: skip to `=` on the same logical line.
                if tokens[m] == .punct(UInt8(ascii: ":")) {
                    var guardCount = 0
                    while m < n, tokens[m] != .punct(UInt8(ascii: "=")), tokens[m] != .newline,
                        tokens[m] != .punct(UInt8(ascii: "{")), guardCount < 16
                    {
                        m += 1
                        guardCount += 1
                    }
                }
                // `var apiKey: String { "…" }`: a computed property that only returns a literal.
                if keyword == .var, m < n, tokens[m] == .punct(UInt8(ascii: "{")),
                    let (value, end) = literalBody(in: tokens, at: m, bytes: bytes)
                {
                    result.append(
                        ConstantDeclaration(
                            name: text(bytes, nameStart, nameEnd), value: value, typeName: typeStack.last?.name,
                            isEnumCase: false, file: file))
                    i = end
                    continue
                }
                guard m + 1 < n, tokens[m] == .punct(UInt8(ascii: "=")) else { break }
                guard let (value, end) = literal(in: tokens, at: m + 1, bytes: bytes) else { break }
                // The literal must be the whole initializer.
                if end < n {
                    switch tokens[end] {
                    case .newline, .punct(UInt8(ascii: ";")), .punct(UInt8(ascii: "}")), .punct(UInt8(ascii: ",")):
                        break
                    default:
                        i = end
                        continue
                    }
                }
                result.append(
                    ConstantDeclaration(
                        name: text(bytes, nameStart, nameEnd), value: value, typeName: typeStack.last?.name,
                        isEnumCase: keyword == .case, file: file))
                i = end
                continue
            default:
                break
            }
            i += 1
        }
        return result
    }

    /// A property that holds a secret: `password`, `sessionToken`, and a password's or PIN's hash
    /// (`passwordHash`), which a stored copy exposes to offline guessing. A hash on its own is metadata elsewhere.
    static func holdsSecret(_ name: String) -> Bool {
        if SensitiveName.isSensitive(name) { return true }
        for suffix in ["Hash", "_hash", "Digest", "_digest"] where name.hasSuffix(suffix) && name.count > suffix.count {
            let category = SensitiveName.classify(String(name.dropLast(suffix.count)))
            if category == .password || category == .pin { return true }
        }
        return false
    }

    /// Whether the inheritance clause after a type's name (from `k`, up to its `{`) names a serialisation protocol.
    /// The types after `:` in a type declaration whose name ends at token `k` (`class A<T>: Base, P where …`), the
    /// last component of each; generic arguments are skipped.
    private static func supertypes(after k: Int, in tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var j = k + 1
        let n = tokens.count
        var angle = 0
        var colon = false
        var last: String?
        var result: [String] = []
        while j < n, j < k + 64 {
            switch tokens[j] {
            case .punct(UInt8(ascii: "<")): angle += 1
            case .punct(UInt8(ascii: ">")): angle = max(0, angle - 1)
            case .punct(UInt8(ascii: ":")) where angle == 0: colon = true
            case .punct(UInt8(ascii: ",")) where angle == 0:
                if let name = last { result.append(name) }
                last = nil
            case .punct(UInt8(ascii: "{")):
                if let name = last { result.append(name) }
                return colon ? result : []
            case .identifier(let start, let end) where colon && angle == 0:
                let word = text(bytes, start, end)
                if word == "where" {
                    if let name = last { result.append(name) }
                    return result
                }
                last = word
            case .newline: break
            case .punct(UInt8(ascii: ".")): break
            default: if !colon && angle == 0 { return [] }
            }
            j += 1
        }
        return []
    }

    /// Whether the file's bytes contain `needle` (a plain byte search).
    /// The import that makes a bare `Object` Realm's.
    private static let importsRealm = ByteSearch("import RealmSwift")

    private static func isEncodable(from k: Int, in tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var j = k + 1
        while j < tokens.count, j < k + 48 {
            switch tokens[j] {
            case .punct(UInt8(ascii: "{")): return false
            case .identifier(let start, let end):
                switch end - start {
                case 7, 8, 9, 14:
                    let word = text(bytes, start, end)
                    if word == "Codable" || word == "NSCoding" || word == "Encodable" || word == "NSSecureCoding" {
                        return true
                    }
                default: break
                }
            default: break
            }
            j += 1
        }
        return false
    }

    /// Whether `static` or `class` comes among the few tokens before the `let`/`var` at `i` on its line.
    private static func isStatic(before i: Int, in tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var k = i - 1
        while k >= 0, k >= i - 4 {
            switch tokens[k] {
            case .newline: return false
            case .keyword(.type): return true  // `class var`
            case .identifier(let start, let end):
                if end - start == 6, bytes[start] == UInt8(ascii: "s"), bytes[start + 1] == UInt8(ascii: "t"),
                    text(bytes, start, end) == "static"
                {
                    return true
                }
            default: break
            }
            k -= 1
        }
        return false
    }

    /// The `{` of a function's body after its parameter list: `-> String {`, `throws -> [UInt8] {`, on the same
    /// line and within a few tokens; nil for anything longer (generic constraints, `where` clauses).
    private static func bodyOpen(in tokens: [Token], from start: Int) -> Int? {
        var k = start
        while k < tokens.count, k < start + 12 {
            switch tokens[k] {
            case .punct(UInt8(ascii: "{")): return k
            case .newline, .punct(UInt8(ascii: "(")), .punct(UInt8(ascii: "=")), .punct(UInt8(ascii: "}")):
                return nil
            default: k += 1
            }
        }
        return nil
    }

    /// A body `{ LITERAL }` or `{ return LITERAL }` (newlines allowed) starting at the `{` at `open`: its value and
    /// the index after the `}`.
    private static func literalBody(in tokens: [Token], at open: Int, bytes: UnsafeBufferPointer<UInt8>) -> (
        ConstantValue, Int
    )? {
        let n = tokens.count
        func skipNewlines(_ j: Int) -> Int {
            var k = j
            while k < n, tokens[k] == .newline { k += 1 }
            return k
        }
        var k = skipNewlines(open + 1)
        if k < n, case .identifier(let start, let end) = tokens[k], text(bytes, start, end) == "return" {
            k = skipNewlines(k + 1)
        }
        guard k < n, let (value, after) = literal(in: tokens, at: k, bytes: bytes) else { return nil }
        let close = skipNewlines(after)
        guard close < n, tokens[close] == .punct(UInt8(ascii: "}")) else { return nil }
        return (value, close + 1)
    }

    /// A literal starting at `i`: its value and the index after it.
    private static func literal(in tokens: [Token], at i: Int, bytes: UnsafeBufferPointer<UInt8>) -> (
        ConstantValue, Int
    )? {
        switch tokens[i] {
        case .string(let start, let end):
            return (.string(text(bytes, start, end)), i + 1)
        case .integer(let start, let end):
            return integerValue(bytes, start, end).map { (.integer($0), i + 1) }
        case .punct(UInt8(ascii: "-")):
            if i + 1 < tokens.count, case .integer(let start, let end) = tokens[i + 1],
                let v = integerValue(bytes, start, end)
            {
                return (.integer(-v), i + 2)
            }
            return nil
        case .punct(UInt8(ascii: "[")):
            var count = 0
            var k = i + 1
            while k < tokens.count {
                switch tokens[k] {
                case .integer: count += 1
                case .punct(UInt8(ascii: ",")), .newline: break
                case .punct(UInt8(ascii: "]")): return count > 0 ? (.bytes(count: count), k + 1) : nil
                default: return nil
                }
                k += 1
            }
            return nil
        default:
            return nil
        }
    }

    /// A number token's value: decimal, hex (0x), octal (0o) or binary (0b) integers with `_` separators; nil for
    /// anything else (floats) and for values that overflow.
    private static func integerValue(_ bytes: UnsafeBufferPointer<UInt8>, _ start32: Int32, _ end32: Int32) -> Int? {
        let start = Int(start32), end = Int(end32)
        var radix = 10
        var k = start
        if end - start > 2, bytes[start] == UInt8(ascii: "0") {
            switch bytes[start + 1] {
            case UInt8(ascii: "x"), UInt8(ascii: "X"):
                radix = 16
                k += 2
            case UInt8(ascii: "b"):
                radix = 2
                k += 2
            case UInt8(ascii: "o"):
                radix = 8
                k += 2
            default: break
            }
        }
        var value = 0
        while k < end {
            let b = bytes[k]
            k += 1
            if b == UInt8(ascii: "_") { continue }
            let digit: Int
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int(b - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Int(b - UInt8(ascii: "A")) + 10
            default: return nil
            }
            guard digit < radix else { return nil }
            let (times, o1) = value.multipliedReportingOverflow(by: radix)
            let (sum, o2) = times.addingReportingOverflow(digit)
            guard !o1, !o2 else { return nil }
            value = sum
        }
        return value
    }

    private struct Lexer {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0
        /// With a filter, the lexer also marks the parts of the file a visitor may want (`InterestMap`). Kept
        /// unwrapped, with a flag, so that asking it copies nothing.
        private let marking: Bool
        private let filter: InterestFilter
        private(set) var interest = InterestMap()

        init(bytes: UnsafeBufferPointer<UInt8>, interest filter: InterestFilter? = nil) {
            self.bytes = bytes
            self.marking = filter != nil
            self.filter = filter ?? InterestFilter()
        }

        /// Marks the name at `start..<end` when a route may want it.
        @inline(__always)
        private mutating func noteName(_ start: Int, _ end: Int) {
            guard marking, let role = filter.role(of: bytes, start, end) else { return }
            switch role {
            case .anywhere: break
            case .callee: guard InterestFilter.mayBeCallee(bytes, start, end) else { return }
            case .label: guard InterestFilter.mayBeLabel(bytes, end) else { return }
            case .assigned: guard InterestFilter.mayBeAssigned(bytes, end) else { return }
            }
            interest.add(start, end)
        }

        /// Marks bytes that are interesting whatever they hold: a literal, a comment, a name in backticks.
        @inline(__always)
        private mutating func note(_ start: Int, _ end: Int) {
            if marking { interest.add(start, end) }
        }

        /// Marks the literal that starts at `start` and ends at `i`, unless it is one plain line too short for any
        /// route (`InterestFilter.marksPlainLiteral`).
        @inline(__always)
        private mutating func noteString(_ string: Token, _ start: Int) {
            guard marking else { return }
            if case .string(let contentStart, let contentEnd) = string,
                !filter.marksPlainLiteral(bytes, Int(contentStart), Int(contentEnd))
            {
                return
            }
            interest.add(start, i)
        }

        /// Marks a routed operator that starts at `i`.
        private mutating func noteOperator() {
            guard marking, filter.mayStartOperator(bytes[i]) else { return }
            let n = bytes.count
            for op in filter.operators where i + op.count <= n && op.first == bytes[i] {
                var k = 1
                while k < op.count, bytes[i + k] == op[k] { k += 1 }
                if k == op.count {
                    if filter.marksOperatorsBeforePlainLiterals
                        || !InterestFilter.plainLiteralFollows(bytes, i + op.count)
                    {
                        interest.add(i, i + op.count)
                    }
                    return
                }
            }
        }

        /// `let`, `var`, `case`, and the keywords that open a type.
        private func keyword(_ start: Int, _ end: Int) -> Keyword? {
            func equals(_ word: StaticString) -> Bool {
                guard word.utf8CodeUnitCount == end - start else { return false }
                let w = word.utf8Start
                for k in 0..<(end - start) where bytes[start + k] != w[k] { return false }
                return true
            }
            switch end - start {
            case 3: return equals("let") ? .let : equals("var") ? .var : nil
            case 4: return equals("case") ? .case : equals("enum") ? .type : equals("func") ? .func : nil
            case 5: return equals("class") || equals("actor") ? .type : nil
            case 6: return equals("struct") ? .type : nil
            case 8: return equals("protocol") ? .type : nil
            case 9: return equals("extension") ? .extension : nil
            default: return nil
            }
        }

        mutating func next() -> Token? {
            let n = bytes.count
            while i < n {
                let c = bytes[i]
                // The two commonest cases first, each in a loop over a local index: indentation, and names.
                if c == UInt8(ascii: " ") {
                    var j = i + 1
                    while j < n, bytes[j] == UInt8(ascii: " ") { j += 1 }
                    i = j
                    continue
                }
                if c < 0x80, Self.isIdentifierStart(c) {
                    let start = i
                    var j = i + 1
                    while j < n, Self.isIdentifierByte(bytes[j]) { j += 1 }
                    i = j
                    noteName(start, j)
                    if let keyword = keyword(start, j) { return .keyword(keyword) }
                    return .identifier(start: Int32(start), end: Int32(j))
                }
                switch c {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    i += 1
                case UInt8(ascii: "\n"):
                    i += 1
                    return .newline
                case UInt8(ascii: "/"):
                    let start = i
                    if i + 1 < n, bytes[i + 1] == UInt8(ascii: "/") {
                        // To the line's end with the C library: comments are a large part of many files.
                        let base = bytes.baseAddress!
                        if let end = memchr(base + i, Int32(UInt8(ascii: "\n")), n - i) {
                            i = UnsafePointer<UInt8>(end.assumingMemoryBound(to: UInt8.self)) - base
                        } else {
                            i = n
                        }
                        // A comment that opens its line is one to the parser too: no regular expression can be
                        // open there to make the `//` part of it.
                        if !InterestFilter.opensLine(bytes, start) { note(start, i) }
                    } else if i + 1 < n, bytes[i + 1] == UInt8(ascii: "*") {
                        skipBlockComment()
                        note(start, i)
                    } else {
                        noteOperator()
                        i += 1
                        return .punct(c)
                    }
                case UInt8(ascii: "\""):
                    let start = i
                    let string = readString(hashes: 0)
                    noteString(string, start)
                    return string
                case UInt8(ascii: "#"):
                    // Raw string `#"…"#`, or `#if` / `#selector`: only the former is a literal.
                    var k = i
                    while k < n, bytes[k] == UInt8(ascii: "#") { k += 1 }
                    guard k < n, bytes[k] == UInt8(ascii: "\"") else {
                        i = k
                        return .punct(c)
                    }
                    let start = i
                    let hashes = k - i
                    i = k
                    let string = readString(hashes: hashes)
                    noteString(string, start)
                    return string
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    return readNumber()
                default:
                    if Self.isIdentifierStart(c) {
                        let start = i
                        while i < n, Self.isIdentifierByte(bytes[i]) { i += 1 }
                        noteName(start, i)
                        if let keyword = keyword(start, i) { return .keyword(keyword) }
                        return .identifier(start: Int32(start), end: Int32(i))
                    }
                    if c == UInt8(ascii: "`") {
                        // `default` as an identifier
                        let start = i + 1
                        i += 1
                        while i < n, bytes[i] != UInt8(ascii: "`"), bytes[i] != UInt8(ascii: "\n") { i += 1 }
                        let end = min(i, n)
                        if i < n { i += 1 }
                        note(start - 1, i)
                        return .identifier(start: Int32(start), end: Int32(end))
                    }
                    noteOperator()
                    i += 1
                    return .punct(c)
                }
            }
            return nil
        }

        private mutating func readNumber() -> Token {
            let n = bytes.count
            let start = i
            while i < n,
                Self.isIdentifierByte(bytes[i])
                    || bytes[i] == UInt8(ascii: ".") && i + 1 < n
                        && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i + 1])
            {
                i += 1
            }
            return .integer(start: Int32(start), end: Int32(i))
        }

        /// ASCII letters, `_` and `$` as bits of two words (bytes 0–63, 64–127): one test per byte, no table load.
        private static let startLow: UInt64 = 1 << 0x24
        private static let startHigh: UInt64 = 0x07FF_FFFE_87FF_FFFE
        /// The same with the digits.
        private static let byteLow: UInt64 = startLow | 0x03FF_0000_0000_0000

        @inline(__always)
        private static func isIdentifierStart(_ c: UInt8) -> Bool {
            c >= 0x80 || (c < 64 ? startLow >> UInt64(c) : startHigh >> UInt64(c - 64)) & 1 != 0
        }

        @inline(__always)
        private static func isIdentifierByte(_ c: UInt8) -> Bool {
            c >= 0x80 || (c < 64 ? byteLow >> UInt64(c) : startHigh >> UInt64(c - 64)) & 1 != 0
        }

        private mutating func skipBlockComment() {
            let n = bytes.count
            var level = 0
            while i < n {
                if bytes[i] == UInt8(ascii: "/"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "*") {
                    level += 1
                    i += 2
                } else if bytes[i] == UInt8(ascii: "*"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "/") {
                    level -= 1
                    i += 2
                    if level == 0 { return }
                } else {
                    i += 1
                }
            }
        }

        /// Reads a string literal whose opening quote is at `i` (after `hashes` `#`s); always moves past it.
        private mutating func readString(hashes: Int) -> Token {
            let n = bytes.count
            let multiline = i + 2 < n && bytes[i + 1] == UInt8(ascii: "\"") && bytes[i + 2] == UInt8(ascii: "\"")
            i += multiline ? 3 : 1
            let start = i
            var plain = !multiline
            while i < n {
                let c = bytes[i]
                if c == UInt8(ascii: "\\"), hashesFollow(from: i + 1, count: hashes) {
                    let after = i + 1 + hashes
                    if after < n, bytes[after] == UInt8(ascii: "(") {
                        plain = false
                        i = after + 1
                        skipInterpolation()
                        continue
                    }
                    i = after + 1
                    continue
                }
                if c == UInt8(ascii: "\n"), !multiline { return .otherString }  // unterminated: give up on this line
                if c == UInt8(ascii: "\"") {
                    if multiline {
                        if i + 2 < n, bytes[i + 1] == UInt8(ascii: "\""), bytes[i + 2] == UInt8(ascii: "\""),
                            hashesFollow(from: i + 3, count: hashes)
                        {
                            i += 3 + hashes
                            return .otherString
                        }
                    } else if hashesFollow(from: i + 1, count: hashes) {
                        let end = i
                        i += 1 + hashes
                        return plain ? .string(start: Int32(start), end: Int32(end)) : .otherString
                    }
                }
                i += 1
            }
            return .otherString
        }

        private func hashesFollow(from index: Int, count: Int) -> Bool {
            guard count > 0 else { return true }
            guard index + count <= bytes.count else { return false }
            for k in index..<(index + count) where bytes[k] != UInt8(ascii: "#") { return false }
            return true
        }

        /// Skips to the `)` that closes an interpolation, through nested parentheses and strings.
        private mutating func skipInterpolation() {
            let n = bytes.count
            var level = 1
            while i < n, level > 0 {
                let c = bytes[i]
                if c == UInt8(ascii: "(") {
                    level += 1
                } else if c == UInt8(ascii: ")") {
                    level -= 1
                } else if c == UInt8(ascii: "\"") {
                    _ = readString(hashes: 0)
                    continue
                } else if c == UInt8(ascii: "\n") {
                    return
                }
                i += 1
            }
        }
    }
}

extension ConstantIndex {
    /// The pre-pass over a scan's Swift files, in parallel: each file is read and lexed, never parsed.
    static func build(
        _ inputs: [FileInput], options: ScanOptions, interest filter: InterestFilter? = nil,
        readAhead: ReadAhead? = nil, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) -> ConstantIndex {
        let swift = inputs.filter { $0.kind == .swift && $0.size <= options.maxSwiftFileSize }
        let objcEncryption = objcDatabaseEncryption(inputs, options: options, readAhead: readAhead)
        guard !swift.isEmpty else { return ConstantIndex(declarations: [], databaseEncryption: objcEncryption) }
        let perFile = ParallelMap.run(swift, workers: options.jobs, progress: progress) {
            input -> (
                declarations: [ConstantDeclaration], sensitiveMembers: [SensitiveMember], types: [DeclaredType],
                names: (size: Int, names: SourceNames)?, interest: InterestMap?, encryption: DatabaseEncryption
            ) in
            guard let bytes = try? input.load() else { return ([], [], [], nil, nil, []) }
            readAhead?.offer(input.relativePath, bytes)
            // A generated file's constants count, but the scan never walks it, so its names are not wanted.
            let walked = options.includeGenerated || !TextChecks.isGenerated(bytes, path: input.relativePath)
            let scanned = ConstantScanner.scanAll(bytes, file: input.relativePath, names: walked, interest: filter)
            return (
                scanned.declarations, scanned.sensitiveMembers, scanned.types,
                scanned.names.map { (bytes.count, $0) }, scanned.interest, scanned.encryption
            )
        }
        var index = ConstantIndex(
            declarations: perFile.flatMap(\.declarations), sensitiveMembers: perFile.flatMap(\.sensitiveMembers),
            declaredTypes: perFile.flatMap(\.types).map(\.name), supertypes: perFile.flatMap(\.types),
            databaseEncryption: perFile.reduce(into: objcEncryption) { $0.formUnion($1.encryption) })
        index.interestFilter = filter
        for (input, result) in zip(swift, perFile) {
            index.sourceNames[input.relativePath] = result.names
            index.interestMaps[input.relativePath] = result.interest
        }
        return index
    }
}

extension ConstantIndex {
    /// The SQLCipher keys Objective-C files give (`sqlite3_key`, YapDatabase's `cipherKeyBlock`, GRDB's
    /// `usePassphrase`): a byte search, since these files are not lexed here. The bytes are kept for the walk.
    private static func objcDatabaseEncryption(
        _ inputs: [FileInput], options: ScanOptions, readAhead: ReadAhead?
    ) -> DatabaseEncryption {
        let objc = inputs.filter { $0.kind == .objc && $0.size <= options.maxSize(of: .objc) }
        guard !objc.isEmpty else { return [] }
        let found = ParallelMap.run(objc, workers: options.jobs) { input -> Bool in
            guard let bytes = try? input.load() else { return false }
            readAhead?.offer(input.relativePath, bytes)
            return bytes.withUnsafeBytes { buffer in objcKeyNames.contains { $0.occurs(in: buffer) } }
        }
        return found.contains(true) ? .sqlite : []
    }
}

extension ConstantIndex {
    /// SQLCipher's key in Objective-C.
    fileprivate static let objcKeyNames = ["sqlite3_key", "cipherKeyBlock", "usePassphrase"].map(ByteSearch.init)
}

extension UnsafeBufferPointer<UInt8> {
    /// The byte at a token's 32-bit offset.
    fileprivate subscript(_ offset: Int32) -> UInt8 { self[Int(offset)] }
}
