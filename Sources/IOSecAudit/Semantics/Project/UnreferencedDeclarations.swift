import Foundation

/// Swift findings inside a function or property nothing else in the scanned code uses (from
/// `FactKind.findingOwner`): code no path reaches, or reaches only from tests. Such a finding is low confidence and
/// says why. A name is looked for as a whole word in every Swift, Objective-C and Interface Builder file outside
/// tests (selectors, storyboard actions and strings count). A Swift mention is no use when it declares the name
/// (`func copyCode()`, a protocol's requirement, another type's member of that name) or sits in the body of a
/// function of the same name (`func copyCode() { delegate?.copyCode() }` hands a call on that never comes).
/// A member of a type or extension that declares conformances counts only when each is a protocol the project
/// declares with no inherited protocol but `AnyObject` or `Sendable`: a system protocol's requirement is called by
/// the system, without naming it in the app's code.
/// The caller runs it only on scans of a whole app (a selection of files, or a library, leaves callers out).
struct UnreferencedDeclarations {
    /// `file ␟ line ␟ column` of each finding with an owner, and the owner's name.
    private var owners: [String: String] = [:]
    /// Names nothing but their declarations and same-named forwarders mention.
    private(set) var unreferenced: Set<String> = []

    /// A file that mentions a name this often is taken to use it: its mentions are read one by one up to here.
    private static let mentionsRead = 8

    /// `findings`: the findings whose owners are asked about (`file`, `line`, `column`); nil for every owner.
    init(facts: [Fact], inputs: [FileInput], findings: Set<String>? = nil) {
        var names: Set<String> = []
        var conformances: [String: [String]] = [:]
        var ownerFiles: Set<String> = []
        for fact in facts where fact.kind == FactKind.findingOwner {
            let fields = FactKind.fields(fact.value, count: 3)
            let key = Self.key(fact.file, fact.line, fact.column)
            if let findings, !findings.contains(key) { continue }
            owners[key] = fields[0]
            names.insert(fields[0])
            ownerFiles.insert(fact.file)
            if !fields[2].isEmpty { conformances[key] = fields[2].split(separator: ",").map(String.init) }
        }
        guard !names.isEmpty else { return }
        // Most functions are called in the file that declares them: those files first, then the rest for what
        // is left.
        let own = inputs.filter { ownerFiles.contains($0.relativePath) }
        let usedNearby = Self.used(names, in: own)
        let rest = inputs.filter { !ownerFiles.contains($0.relativePath) }
        unreferenced = names.subtracting(usedNearby).subtracting(Self.used(names.subtracting(usedNearby), in: rest))
        // A conforming type's member is uncalled only if the project's own protocols are all it may implement:
        // asked only of the few members nothing calls.
        let uncalled = conformances.filter { owners[$0.key].map(unreferenced.contains) == true }
        let protocols = Set(uncalled.values.joined())
        let ownProtocols = protocols.isEmpty ? [] : Self.plainProtocols(protocols, in: inputs)
        for (key, names) in uncalled where !names.allSatisfy(ownProtocols.contains) {
            owners[key] = nil
        }
    }

    /// Whether reachability changes what a finding of this rule means. A secret or key written in the code is in
    /// the binary whether or not the code around it runs.
    static func appliesTo(ruleId: String) -> Bool {
        !ruleId.hasPrefix("secrets.") && ruleId != HardcodedKeyRule.description.id
    }

    /// The owner of the finding at `file`:`line`:`column` when nothing uses it.
    func unreferencedOwner(file: String, line: Int, column: Int) -> String? {
        guard !unreferenced.isEmpty, let name = owners[Self.key(file, line, column)], unreferenced.contains(name)
        else { return nil }
        return name
    }

    static func key(_ file: String, _ line: Int, _ column: Int) -> String {
        FactKind.join(file, String(line), String(column))
    }

    /// The names of `names` that some file outside tests uses: any Objective-C or Interface Builder mention, or a
    /// Swift mention that neither declares the name nor sits in a same-named function's body. A name leaves the
    /// search at its first use, and the search ends when every name has one: one read of the files at most.
    private static func used(_ names: Set<String>, in inputs: [FileInput]) -> Set<String> {
        var searches = names.map { ($0, ByteSearch($0)) }
        var used: Set<String> = []
        for input in inputs where [.swift, .objc, .interface].contains(input.kind) {
            guard !searches.isEmpty else { break }
            guard !PathTraits.isTestCode(input.relativePath), let bytes = try? input.load() else { continue }
            for (name, search) in searches {
                var from = 0
                var read = 0
                while let offset = search.wordOffset(in: bytes, from: from) {
                    read += 1
                    if input.kind != .swift || read > mentionsRead
                        || !SwiftMention.declares(at: offset, in: bytes, name: name)
                    {
                        used.insert(name)
                        break
                    }
                    from = offset + search.needle.count
                }
            }
            searches.removeAll { used.contains($0.0) }
        }
        return used
    }

    /// The names of `protocols` that a Swift file outside tests declares as `protocol Name`, inheriting nothing but
    /// `AnyObject`, `class` or `Sendable`.
    private static func plainProtocols(_ protocols: Set<String>, in inputs: [FileInput]) -> Set<String> {
        let searches = protocols.map { ($0, ByteSearch("protocol " + $0)) }
        var plain: Set<String> = []
        for input in inputs where input.kind == .swift {
            guard !PathTraits.isTestCode(input.relativePath), let bytes = try? input.load() else { continue }
            for (name, search) in searches where !plain.contains(name) {
                for offset in search.wordOffsets(in: bytes, limit: 4)
                where SwiftMention.inheritsOnlyMarkers(after: offset + search.needle.count, in: bytes) {
                    plain.insert(name)
                }
            }
        }
        return plain
    }
}

/// Reads a Swift mention of a name from the bytes around it, without parsing the file.
enum SwiftMention {
    /// Whether the mention at `offset` declares `name` (`func name`, `var name`, `let name`, `case name`) or sits in
    /// the body of a function named `name` (the nearest `func` before it, whose braces have not closed).
    static func declares(at offset: Int, in bytes: [UInt8], name: String) -> Bool {
        if let word = wordBefore(offset, in: bytes), ["func", "var", "let", "case"].contains(word) { return true }
        guard let function = lastFunc(before: offset, in: bytes), function.name == name,
            !isCalledByTheRuntime(funcAt: function.start, in: bytes)
        else { return false }
        return isInsideBody(from: function.end, to: offset, in: bytes)
    }

    /// Whether the declaration of the `func` at `start` says the runtime calls it (`override`, `@objc`,
    /// `@IBAction`, `dynamic`): what its body calls is called.
    private static func isCalledByTheRuntime(funcAt start: Int, in bytes: [UInt8]) -> Bool {
        // Its modifiers and attributes: back to the end of the previous statement or declaration.
        var begin = start
        while begin > 0, ![UInt8(ascii: "}"), UInt8(ascii: "{"), UInt8(ascii: ";")].contains(bytes[begin - 1]),
            start - begin < 200
        {
            begin -= 1
        }
        let head = String(decoding: bytes[begin..<start], as: UTF8.self)
        return ["override", "@objc", "@IBAction", "dynamic", "@IBSegueAction"].contains { head.contains($0) }
    }

    /// The identifier or keyword that ends just before `offset`, past spaces and tabs.
    private static func wordBefore(_ offset: Int, in bytes: [UInt8]) -> String? {
        var end = offset
        while end > 0, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        var start = end
        while start > 0, ByteSearch.isWordByte(bytes[start - 1]) { start -= 1 }
        return start < end ? String(decoding: bytes[start..<end], as: UTF8.self) : nil
    }

    /// The name of the nearest `func` keyword before `offset`, where the keyword starts and where its name ends.
    private static func lastFunc(before offset: Int, in bytes: [UInt8]) -> (name: String, start: Int, end: Int)? {
        let keyword = Array("func".utf8)
        var i = offset - keyword.count
        while i >= 0 {
            if bytes[i] == keyword[0], Array(bytes[i..<i + keyword.count]) == keyword,
                i == 0 || !ByteSearch.isWordByte(bytes[i - 1]),
                i + keyword.count < bytes.count, !ByteSearch.isWordByte(bytes[i + keyword.count])
            {
                var start = i + keyword.count
                while start < offset, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") {
                    start += 1
                }
                var end = start
                while end < offset, ByteSearch.isWordByte(bytes[end]) { end += 1 }
                return (String(decoding: bytes[start..<end], as: UTF8.self), i, end)
            }
            i -= 1
        }
        return nil
    }

    /// Whether `offset` lies inside the first brace block that opens after `start`: braces in comments and
    /// one-line string literals are not counted. Before the block opens, the mention is in the signature; a closing
    /// brace before any opens ends the scope of a requirement that has no body.
    private static func isInsideBody(from start: Int, to offset: Int, in bytes: [UInt8]) -> Bool {
        var depth = 0
        var i = start
        while i < offset {
            let b = bytes[i]
            if b == UInt8(ascii: "/"), i + 1 < offset, bytes[i + 1] == UInt8(ascii: "/") {
                while i < offset, bytes[i] != UInt8(ascii: "\n") { i += 1 }
                continue
            }
            if b == UInt8(ascii: "\"") {
                i += 1
                while i < offset, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\n") {
                    i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
                }
                i += 1
                continue
            }
            if b == UInt8(ascii: "{") {
                depth += 1
            } else if b == UInt8(ascii: "}") {
                depth -= 1
                // The block closed, or the scope around a body-less requirement did.
                if depth <= 0 { return false }
            }
            i += 1
        }
        return true
    }

    /// Whether what follows a protocol's name, up to its body, inherits nothing but `AnyObject`, `class` or
    /// `Sendable`.
    static func inheritsOnlyMarkers(after end: Int, in bytes: [UInt8]) -> Bool {
        guard end < bytes.count, !ByteSearch.isWordByte(bytes[end]) else { return false }
        var i = end
        while i < bytes.count, bytes[i] != UInt8(ascii: "{"), i - end < 300 { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return false }
        let clause = String(decoding: bytes[end..<i], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !clause.isEmpty else { return true }
        guard clause.hasPrefix(":") else { return false }
        return clause.dropFirst().split(separator: ",").allSatisfy {
            ["AnyObject", "class", "Sendable"].contains($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}
