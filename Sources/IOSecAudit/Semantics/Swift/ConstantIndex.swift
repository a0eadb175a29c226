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
    /// Declared with `var`: it holds its literal only while nothing assigns to its name.
    public var isVariable = false
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
    /// The files that declare each computed property or function without parameters of the project, by name: what
    /// a value may be read through (`MemberSink`).
    private var computedMemberFiles: [String: [String]] = [:]
    /// Functions every declaration of which is one `#if DEBUG` block (`DebugOnlyFunctions`), by name.
    private var debugOnlyFunctions: Set<String> = []
    /// The project's enums with raw values (`enum Table: String`), by name: a value of one of them has one of the raw
    /// values the code wrote.
    private var rawValueEnums: Set<String> = []
    /// `Type.property` of each `@NSManaged` property.
    private var managedProperties: Set<String> = []
    /// The names of the `@NSManaged` properties, in name order.
    public private(set) var managedPropertyNames: [String] = []
    /// The superclass of each Core Data model class of the project.
    private var superclasses: [String: String] = [:]
    /// Names of `var`s declared with a literal that some file assigns to.
    private var reassignedVariables: Set<String> = []
    /// The databases some Swift file of the project gives a key (`DatabaseEncryption`).
    public private(set) var databaseEncryption: DatabaseEncryption = []

    public static let empty = ConstantIndex(declarations: [])

    /// `declaredTypes`: every type declaration's name (not extensions); a type declared more than once in the
    /// project (two targets each with a `User`) is ambiguous, and its members are not used.
    public init(
        declarations: [ConstantDeclaration], sensitiveMembers: [SensitiveMember] = [],
        functions: [(name: String, debugOnly: Bool)] = [], computedMembers: [(name: String, file: String)] = [],
        declaredTypes: [String] = [],
        supertypes: [DeclaredType] = [], databaseEncryption: DatabaseEncryption = [], assigned: Set<Int> = [],
        managedProperties: [ManagedProperty] = []
    ) {
        self.managedProperties = Set(managedProperties.map { "\($0.typeName).\($0.name)" })
        managedPropertyNames = Set(managedProperties.map(\.name)).sorted()
        var agreed: [String: Bool] = [:]
        for function in functions { agreed[function.name] = (agreed[function.name] ?? true) && function.debugOnly }
        debugOnlyFunctions = Set(agreed.filter(\.value).keys)
        for member in computedMembers where computedMemberFiles[member.name]?.contains(member.file) != true {
            computedMemberFiles[member.name, default: []].append(member.file)
        }
        persistentModels = Self.persistentModels(supertypes)
        for type in supertypes where persistentModels[type.name] == .coreData {
            if let parent = type.supertypes.first { superclasses[type.name] = parent }
        }
        rawValueEnums = Self.rawValueEnums(supertypes)
        self.databaseEncryption = databaseEncryption
        // `var token = ""` that a login fills later (`token = response.token`) stands for no literal.
        // `assigned`: hashes of the names assigned to (`SourceNames.NameBits.hash`).
        let reassigned = Set(
            declarations.lazy.filter { $0.isVariable && assigned.contains(SourceNames.NameBits.hash($0.name.utf8)) }
                .map(\.name))
        reassignedVariables = reassigned
        byName = Dictionary(
            grouping: declarations.filter { !$0.isVariable || !reassigned.contains($0.name) }, by: \.name)
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
        let scanned = files.map { ConstantScanner.scanAll($0.bytes, file: $0.path, names: false) }
        self.init(
            declarations: scanned.flatMap(\.declarations), sensitiveMembers: scanned.flatMap(\.sensitiveMembers),
            functions: scanned.flatMap(\.functions),
            computedMembers: zip(files, scanned).flatMap { file, result in
                result.computedMembers.map { ($0, file.path) }
            },
            declaredTypes: scanned.flatMap(\.types).map(\.name), supertypes: scanned.flatMap(\.types),
            databaseEncryption: scanned.reduce(into: []) { $0.formUnion($1.encryption) },
            assigned: scanned.reduce(into: []) { $0.formUnion($1.assigned) },
            managedProperties: scanned.flatMap(\.managedProperties))
    }

    /// The secret a type of the project holds as an instance property (`password` for `struct User { var
    /// password: String }`), or nil: encoding or archiving a value of that type writes the secret too.
    public func sensitiveMember(ofType type: String) -> String? { sensitiveMembers[type] }

    /// The store instances of a project type are saved in: a subclass of `NSManagedObject` or of Realm's `Object`,
    /// declared anywhere in the project, directly or through the project's own base classes.
    public func persistentStore(ofType type: String) -> PersistentStore? { persistentModels[type] }

    /// Whether `type` (or one of the project's classes it inherits from) declares `property` as `@NSManaged`: an
    /// assignment to it is a write into the Core Data store the object belongs to.
    public func isManaged(_ property: String, ofType type: String) -> Bool {
        guard !managedProperties.isEmpty else { return false }
        var current = type
        for _ in 0..<8 {
            if managedProperties.contains("\(current).\(property)") { return true }
            guard let parent = superclasses[current] else { return false }
            current = parent
        }
        return false
    }

    /// Whether a `var` of this name, declared with a literal, is assigned to somewhere in the project: its literal is
    /// only where it starts.
    public func isReassignedVariable(_ name: String) -> Bool { reassignedVariables.contains(name) }

    /// Whether every function the project declares with this name does nothing outside debug builds.
    public func isDebugOnlyFunction(_ name: String) -> Bool { debugOnlyFunctions.contains(name) }

    /// The files that declare a computed property or a function without parameters of this name.
    public func filesDeclaringComputedMember(_ name: String) -> [String] { computedMemberFiles[name] ?? [] }

    /// Whether `type` (`Table`, `ArticleStatus.Key`) is one of the project's enums with raw values: only an enum can
    /// name `String` or `Int` after its `:` (a class or struct cannot inherit from them). A qualified name is looked
    /// up by its last two parts, a bare one among the names every declaration of which agrees.
    public func isRawValueEnum(_ type: String) -> Bool {
        let parts = type.split(separator: ".")
        guard let last = parts.last else { return false }
        if parts.count >= 2 { return rawValueEnums.contains("\(parts[parts.count - 2]).\(last)") }
        return rawValueEnums.contains(String(last))
    }

    private static let rawValueTypes: Set<String> = [
        "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Character",
        "Double", "Float"
    ]

    private static func rawValueEnums(_ types: [DeclaredType]) -> Set<String> {
        // A name declared more than once (`ArticleStatus.Key`, `SyncStatus.Key`) counts when every declaration agrees.
        var agreed: [String: Bool] = [:]
        for type in types {
            let isRawValueEnum = type.supertypes.contains(where: rawValueTypes.contains)
            for name in [type.name] + (type.enclosingType.map { ["\($0).\(type.name)"] } ?? []) {
                agreed[name] = (agreed[name] ?? true) && isRawValueEnum
            }
        }
        return Set(agreed.filter(\.value).keys)
    }

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
            + managedProperties.map { "managed\u{0}\($0)" } + reassignedVariables.map { "reassigned\u{0}\($0)" }
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
    /// The type (or extension) it is declared in, by its last name: `ArticleStatus` for `ArticleStatus.Key`.
    public var enclosingType: String? = nil
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

/// A property declared `@NSManaged` in a type of the project or an extension of one.
public struct ManagedProperty: Sendable, Hashable {
    public var typeName: String
    public var name: String
}

public struct SensitiveMember: Sendable, Hashable {
    public var typeName: String
    public var name: String
}
