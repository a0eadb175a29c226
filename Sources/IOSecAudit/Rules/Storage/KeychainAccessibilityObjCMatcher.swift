import IOSecCore

/// `storage.keychain-accessibility` in Objective-C and C: the `kSecAttrAccessibleAlways*` values, and
/// `kSecAttrAccessibleAfterFirstUnlock` without `ThisDeviceOnly`.
///
/// As in Swift, a value that only selects items stores nothing: a comparison, or a dictionary (literal, or a local
/// filled with subscripts / `setObject:forKey:`) whose only uses are `SecItemCopyMatching`, `SecItemDelete`,
/// `SecItemUpdate`'s query or a comparison. A dictionary that reaches `SecItemAdd` or `SecItemUpdate`'s attributes,
/// or goes anywhere this file cannot follow, is reported.
enum KeychainAccessibilityObjCMatcher: ObjCRule {
    static var description: RuleDescription { KeychainAccessibilityRule.description }

    static let lockedReadable: Set<String> = ["kSecAttrAccessibleAlways", "kSecAttrAccessibleAlwaysThisDeviceOnly"]
    static let migrating: Set<String> = ["kSecAttrAccessibleAfterFirstUnlock", "kSecAttrAccessibleWhenUnlocked"]

    static let accessibilityNames = lockedReadable.union(migrating)
    /// The constants, or `SecItemAdd` for an item added with no accessibility.
    static let requiredNames: Set<String>? = accessibilityNames.union(["SecItemAdd", "UICKeyChainStore"]).union(
        KeychainDefaultAccessibility.samKeychainTypes)

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        checkDefaultAccessibility(source, in: file)
        for (index, name) in accessibilityNames.flatMap({ name in source.occurrences(of: name).map { ($0, name) } })
            .sorted(by: {
                $0.0 < $1.0
            })
        {
            if isComparison(index, in: source) || KeychainQueryUse.isSearchOnly(valueAt: index, in: source)
                || isTranslationTable(around: index, in: source)
            {
                continue
            }
            let statement = Set(source.identifiers(in: source.statement(containing: index)))
            // A search call in the same statement (a shape the dictionary walk does not know).
            guard statement.isDisjoint(with: ["SecItemCopyMatching", "SecItemDelete"]) else { continue }
            if lockedReadable.contains(name) {
                report(
                    file, source, at: index,
                    "'\(name)' keeps the item readable while the device is locked; use kSecAttrAccessibleWhenUnlockedThisDeviceOnly"
                )
                continue
            }
            // As in Swift: synchronizable items cannot be ThisDeviceOnly, and certificates are public.
            guard statement.isDisjoint(with: ["kSecAttrSynchronizable", "kSecClassCertificate"]) else { continue }
            // `allowBackup ? kSecAttrAccessibleAfterFirstUnlock : kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`:
            // a setting the user chose, with the device-only class as the other branch.
            if statement.contains(name + "ThisDeviceOnly") { continue }
            report(
                file, source, at: index,
                "'\(name)' lets the item leave the device in backups; use \(name)ThisDeviceOnly",
                severity: .medium)
        }
    }

    /// `SecItemAdd` of a secret whose dictionary is all in view (an `@{…}` literal, or a new mutable dictionary filled
    /// with `setObject:forKey:` / subscripts) and sets neither `kSecAttrAccessible` nor `kSecAttrAccessControl`.
    static func checkDefaultAccessibility(_ source: ObjCSource, in file: ArtifactFile) {
        checkUICKeyChainStore(source, in: file)
        // `[SAMKeychain setPassword:p forService:s account:a]` in a file that does not choose the class itself.
        for send in source.sends
        where KeychainDefaultAccessibility.samKeychainTypes.contains(source.text(send.receiver))
            && send.parts.count >= 2 && KeychainDefaultAccessibility.samKeychainStores.contains(send.parts[0].name)
            && send.parts[1].name == "forService"
            && source.occurrences(of: KeychainDefaultAccessibility.samKeychainConfiguration).isEmpty
        {
            let at = send.parts[0].nameIndex
            report(file, source, at: at, KeychainDefaultAccessibility.samKeychainMessage, severity: .medium)
            file.record(
                kind: FactKind.configuredElsewhere, value: KeychainDefaultAccessibility.samKeychainConfiguration,
                line: source.tokens[at].line, column: source.tokens[at].column)
        }
        for call in source.calls where call.name == "SecItemAdd" && !call.arguments.isEmpty {
            guard let dictionary = ObjCKeychainDictionary.of(call.arguments[0], before: call.nameIndex, in: source),
                case let keys = Set(dictionary.keys.keys),
                keys.contains("kSecValueData") || keys.contains("kSecValueRef"),
                keys.isDisjoint(with: KeychainDefaultAccessibility.attributeKeys),
                dictionary.itemClass.map(KeychainDefaultAccessibility.secretClasses.contains) ?? true
            else { continue }
            report(
                file, source, at: call.nameIndex,
                "SecItemAdd sets no kSecAttrAccessible, so the item gets kSecAttrAccessibleWhenUnlocked and can move to another device in a backup; add kSecAttrAccessibleWhenUnlockedThisDeviceOnly",
                severity: .medium)
        }
    }

    /// UICKeyChainStore in Objective-C, as in Swift: its class methods (`+setString:forKey:service:`) always store with
    /// the default `.afterFirstUnlock`, and an instance made in a file that never sets its accessibility does too.
    static func checkUICKeyChainStore(_ source: ObjCSource, in file: ArtifactFile) {
        guard let library = KeychainDefaultAccessibility.libraryDefaults.first(where: { $0.type == "UICKeyChainStore" })
        else { return }
        let message =
            "UICKeyChainStore stores items as .\(library.defaultClass) unless told otherwise (\(library.source)), so they move to other devices in backups; set accessibility to UICKeyChainStoreAccessibilityAfterFirstUnlockThisDeviceOnly"
        let choosesClass =
            !source.occurrences(of: "accessibility").isEmpty
            || !source.occurrences(of: "setAccessibility").isEmpty
        for send in source.sends where source.text(send.receiver) == "UICKeyChainStore" {
            guard let first = send.parts.first?.name else { continue }
            let storesThroughClass =
                ["setString", "setData"].contains(first) && send.parts.contains { $0.name == "service" }
            let makesStore = first.hasPrefix("keyChainStore") && !choosesClass && storesSomething(source)
            guard storesThroughClass || makesStore else { continue }
            report(file, source, at: send.parts[0].nameIndex, message, severity: .medium)
        }
    }

    /// Whether the file stores into a UICKeyChainStore instance: `store[@"k"] = v`, `setString:forKey:`,
    /// `setData:forKey:`.
    private static func storesSomething(_ source: ObjCSource) -> Bool {
        source.sends.contains { send in
            guard let first = send.parts.first?.name, ["setString", "setData"].contains(first) else { return false }
            return send.parts.count == 2 && send.parts[1].name == "forKey"
        } || source.assignments().contains { source.isPunct($0.target.upperBound - 1, "]") }
    }

    /// As in Swift: a `switch`, `@{…}` or `@[…]` naming three or more classes translates a wrapper's options to the
    /// constants.
    static func isTranslationTable(around index: Int, in source: ObjCSource) -> Bool {
        var position = index
        while let group = KeychainQueryUse.enclosingGroup(of: position, in: source) {
            let isDictionary =
                (source.isPunct(group, "{") || source.isPunct(group, "[")) && source.isPunct(group - 1, "@")
            let isSwitch =
                source.isPunct(group, "{") && source.isPunct(group - 1, ")") && source.match[group - 1] >= 0
                && source.isIdentifier(source.match[group - 1] - 1, "switch")
            if isDictionary || isSwitch {
                let classes = Set(
                    source.identifiers(in: group..<source.match[group]).filter {
                        $0.hasPrefix("kSecAttrAccessible") && $0 != "kSecAttrAccessible"
                    })
                return classes.count >= 3
            }
            // A method or function body ends the search.
            if source.isPunct(group, "{"), source.body(containing: index)?.lowerBound == group { return false }
            position = group
        }
        return false
    }

    /// `x == kSecAttrAccessibleAlways`, `[value isEqual:(__bridge id)kSecAttrAccessibleAlways]`,
    /// `CFEqual(value, kSecAttrAccessibleAlways)`: the value is read, not stored.
    static func isComparison(_ index: Int, in source: ObjCSource) -> Bool {
        // Step back over a cast: `== (__bridge id)kSecAttrAccessibleAlways`.
        var before = index - 1
        while source.isPunct(before, ")"), source.match[before] >= 0, source.match[before] < before {
            before = source.match[before] - 1
        }
        if source.isPunct(before, "==") || source.isPunct(before, "!=") || source.isPunct(index + 1, "==")
            || source.isPunct(index + 1, "!=")
        {
            return true
        }
        guard let group = KeychainQueryUse.enclosingGroup(of: index, in: source) else { return false }
        if source.isPunct(group, "["), let send = source.send(openingAt: group) {
            return KeychainQueryUse.comparisonSelectors.contains(send.selector)
        }
        if source.isPunct(group, "("), source.isIdentifier(group - 1) {
            return ["CFEqual", "CFStringCompare"].contains(source.text(group - 1))
        }
        return false
    }
}

/// How a Keychain dictionary is used in Objective-C: searched with, written, or unknown.
enum KeychainQueryUse {
    static let searchCalls: Set<String> = ["SecItemCopyMatching", "SecItemDelete"]
    static let comparisonSelectors: Set<String> = ["isEqual:", "isEqualToString:", "isEqualToDictionary:", "isEqualTo:"]
    /// Sends on a dictionary that fill or read it without passing it on.
    static let neutralSelectors: Set<String> = [
        "setObject:forKey:", "setValue:forKey:", "setObject:forKeyedSubscript:", "removeObjectForKey:", "objectForKey:",
        "valueForKey:", "count", "removeAllObjects", "addEntriesFromDictionary:", "isEqual:", "isEqualToDictionary:"
    ]
    /// Sends that build a dictionary out of their literal argument or receiver.
    static let dictionaryMakers: Set<String> = [
        "mutableCopy", "copy", "dictionaryWithDictionary:", "initWithDictionary:", "dictionaryWithObjectsAndKeys:",
        "initWithObjectsAndKeys:"
    ]

    private enum Use { case search, write, neutral, unknown }

    /// Whether the accessibility value at `index` sits in a dictionary that is only ever used to search for items
    /// (or compared), so it stores nothing.
    static func isSearchOnly(valueAt index: Int, in source: ObjCSource) -> Bool {
        guard let body = source.body(containing: index) else { return false }
        var position = index
        // Up through the dictionary literal and the sends that make a dictionary of it.
        while let group = enclosingGroup(of: position, in: source), group > body.lowerBound {
            if source.isPunct(group, "{"), source.isPunct(group - 1, "@") {
                position = group - 1  // `@{ … }`: continue from the literal
                continue
            }
            if source.isPunct(group, "["), let send = source.send(openingAt: group) {
                if dictionaryMakers.contains(send.selector) {
                    position = group
                    continue
                }
                // `[query setObject:(__bridge id)kSecAttrAccessibleAlways forKey:(__bridge id)kSecAttrAccessible]`
                if ["setObject:forKey:", "setValue:forKey:"].contains(send.selector),
                    let value = send.parts.first?.argument, value.contains(position),
                    let local = localName(send.receiver, in: source, body: body)
                {
                    return isSearchOnly(local: local, in: source, body: body)
                }
                return false
            }
            if source.isPunct(group, "("), source.match[group] > group {
                if source.isIdentifier(group - 1), let call = source.calls.first(where: { $0.open == group }) {
                    return use(ofArgumentAt: position, in: call, source: source) == .search
                }
                // A parenthesised expression or a cast's operand.
                position = group
                continue
            }
            if source.isPunct(group, "{") { break }  // an `if`/`for`/block body: the statement starts here
            return false
        }
        // At statement level: `NSDictionary *query = @{ … };` or `query[(__bridge id)kSecAttrAccessible] = value;`.
        guard
            let assignment = source.assignments().first(where: {
                $0.value.contains(position) && body.contains($0.equals)
            })
        else { return false }
        let target = source.trimmedExpression(assignment.target)
        if let last = target.last, source.isPunct(last, "]"), source.match[last] > target.lowerBound {
            guard let local = localName(target.lowerBound..<source.match[last], in: source, body: body) else {
                return false
            }
            return isSearchOnly(local: local, in: source, body: body)
        }
        guard let local = declaredName(target, in: source) ?? localName(target, in: source, body: body) else {
            return false
        }
        return isSearchOnly(local: local, in: source, body: body)
    }

    /// A local dictionary: searched or compared at least once, never written, never passed anywhere else. Locals
    /// it is copied into (`NSMutableDictionary *add = [query mutableCopy]`) are followed.
    private static func isSearchOnly(local: String, in source: ObjCSource, body: ClosedRange<Int>) -> Bool {
        var pending = [local], seen: Set<String> = [local]
        var searched = false
        while let name = pending.popLast() {
            for index in source.occurrences(of: name) where body.contains(index) {
                switch use(
                    of: index, in: source, body: body,
                    alias: { alias in
                        if seen.insert(alias).inserted { pending.append(alias) }
                    })
                {
                case .search: searched = true
                case .neutral: continue
                case .write, .unknown: return false
                }
            }
        }
        return searched
    }

    /// What one occurrence of a local dictionary does with it.
    private static func use(of index: Int, in source: ObjCSource, body: ClosedRange<Int>, alias: (String) -> Void)
        -> Use
    {
        // Property or member of something else (`other.query`), or a member of it (`query.count`).
        if source.isPunct(index - 1, ".") || source.isPunct(index - 1, "->") { return .unknown }
        var position = index
        if source.isPunct(index + 1, ".") { position = index + 2 }  // `query.count`, `query.mutableCopy`
        while let group = enclosingGroup(of: position, in: source), group > body.lowerBound {
            if source.isPunct(group, "["), let send = source.send(openingAt: group) {
                if send.receiver.contains(position) || send.receiver.lowerBound == position {
                    if neutralSelectors.contains(send.selector) || comparisonSelectors.contains(send.selector) {
                        return .neutral
                    }
                    if dictionaryMakers.contains(send.selector) {
                        position = group
                        continue
                    }
                    return .unknown
                }
                if comparisonSelectors.contains(send.selector) { return .neutral }
                if dictionaryMakers.contains(send.selector) {
                    position = group
                    continue
                }
                // `[copy addEntriesFromDictionary:query]`: the receiver gets its entries.
                if send.selector == "addEntriesFromDictionary:",
                    let target = localName(send.receiver, in: source, body: body)
                {
                    alias(target)
                    return .neutral
                }
                return .unknown
            }
            if source.isPunct(group, "("), source.match[group] > group {
                if source.isIdentifier(group - 1), let call = source.calls.first(where: { $0.open == group }) {
                    if ["CFEqual", "CFBridgingRetain"].contains(call.name) {
                        return call.name == "CFEqual" ? .neutral : .unknown
                    }
                    return use(ofArgumentAt: position, in: call, source: source)
                }
                position = group
                continue
            }
            if source.isPunct(group, "{"), source.isPunct(group - 1, "@") { return .unknown }  // put in another literal
            break
        }
        // Statement level: a declaration or fill (`query[k] = v`, `NSMutableDictionary *query = …`), a copy into
        // another local, or something else (`return query;`, `self.query = query;`).
        if let assignment = source.assignments().first(where: {
            ($0.target.contains(index) || $0.value.contains(position)) && body.contains($0.equals)
        }) {
            if assignment.target.contains(index) { return .neutral }
            let target = source.trimmedExpression(assignment.target)
            if let local = declaredName(target, in: source) ?? localName(target, in: source, body: body) {
                alias(local)
                return .neutral
            }
            return .unknown
        }
        // `NSMutableDictionary *query;` with no value, or a method parameter `(NSDictionary *)query`.
        if source.isPunct(index + 1, ";") || source.isPunct(index + 1, ",") {
            if source.isPunct(index - 1, "*")
                || (source.isIdentifier(index - 1) && !["return", "case", "in"].contains(source.text(index - 1)))
            {
                return .neutral
            }
        }
        return .unknown
    }

    /// `SecItemCopyMatching(query, &result)`, `SecItemDelete(query)`, `SecItemUpdate(query, attributes)` search;
    /// `SecItemAdd` and `SecItemUpdate`'s attributes write; anything else is unknown.
    private static func use(ofArgumentAt position: Int, in call: ObjCCall, source: ObjCSource) -> Use {
        if searchCalls.contains(call.name) { return .search }
        if call.name == "SecItemUpdate" { return call.arguments.first?.contains(position) == true ? .search : .write }
        if call.name == "SecItemAdd" { return .write }
        return .unknown
    }

    /// The innermost `(`, `[` or `{` group that holds `index`, or nil.
    static func enclosingGroup(of index: Int, in source: ObjCSource) -> Int? {
        var j = index - 1
        while j >= 0 {
            let closer = source.match[j]
            if closer > j, closer > index { return j }
            if closer >= 0, closer < j {
                j = closer - 1
                continue
            }
            j -= 1
        }
        return nil
    }

    /// `NSMutableDictionary *query` or `CFMutableDictionaryRef query`: the name a declaration introduces.
    private static func declaredName(_ target: Range<Int>, in source: ObjCSource) -> String? {
        guard target.count >= 2, let last = target.last, source.isIdentifier(last) else { return nil }
        for index in target
        where
            !(source.isIdentifier(index) || source.isPunct(index, "*") || source.isPunct(index, "<")
            || source.isPunct(index, ">") || source.isPunct(index, ","))
        {
            return nil
        }
        return source.text(last)
    }

    /// A plain local name (one identifier) declared in this body or its signature; nil for ivars, properties and
    /// expressions, whose other uses this method cannot see.
    private static func localName(_ range: Range<Int>, in source: ObjCSource, body: ClosedRange<Int>) -> String? {
        let r = source.trimmedExpression(range)
        guard r.count == 1, let index = r.first, source.isIdentifier(index) else { return nil }
        let name = source.text(index)
        let signature = source.signature(of: body)
        let declared = source.occurrences(of: name).contains { occurrence in
            (body.contains(occurrence) || signature.contains(occurrence))
                && (source.isPunct(occurrence - 1, "*")
                    || (source.isIdentifier(occurrence - 1)
                        && !["return", "in", "case", "self", "super"].contains(source.text(occurrence - 1))))
        }
        return declared ? name : nil
    }
}
