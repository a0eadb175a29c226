/// What an Objective-C Keychain dictionary holds, when every key is in view: an `@{…}` literal (passed directly, or
/// the value a local was declared with, `[@{…} mutableCopy]` included), or a new mutable dictionary, each then filled
/// by `setObject:forKey:` / `setValue:forKey:` or subscripts before the use. The Objective-C counterpart of
/// `KeychainDictionary`.
struct ObjCKeychainDictionary {
    /// Attribute constants used as keys (`kSecAttrService`, `kSecValueData`…), with the key's token.
    var keys: [String: Int] = [:]
    /// `kSecClass`'s value (`kSecClassGenericPassword`…), when set.
    var itemClass: String?
    /// The local the dictionary lives in, if any.
    var variable: String?

    /// The dictionary an argument (`(__bridge CFDictionaryRef)query`, `(__bridge CFDictionaryRef)@{…}`) holds at
    /// `use`; nil when it is built in ways this file does not show (a helper, a merge, a property).
    static func of(_ argument: Range<Int>, before use: Int, in source: ObjCSource) -> ObjCKeychainDictionary? {
        let r = source.trimmedExpression(argument)
        if let literal = literal(in: r, source) {
            var result = ObjCKeychainDictionary()
            result.add(literal: literal, source)
            return result
        }
        guard r.count == 1, let index = r.first, source.isIdentifier(index) else { return nil }
        return of(local: source.text(index), before: use, in: source)
    }

    /// The dictionary a local holds at `use`, from its declaration and the fills after it.
    static func of(local name: String, before use: Int, in source: ObjCSource) -> ObjCKeychainDictionary? {
        guard let body = source.body(containing: use),
            let declared =
                (lastAssignedValue(of: name, before: use, in: body, source)
                ?? source.declaredValue(of: name, before: use)).map(source.trimmedExpression)
        else { return nil }
        var result = ObjCKeychainDictionary()
        result.variable = name
        if let literal = literal(in: declared, source) ?? copiedLiteral(in: declared, source) {
            result.add(literal: literal, source)
        } else {
            // Otherwise only a new, empty mutable dictionary.
            let made = source.identifiers(in: declared)
            guard made.contains("NSMutableDictionary"),
                made.allSatisfy(["NSMutableDictionary", "dictionary", "alloc", "init", "new"].contains)
            else { return nil }
        }
        let start = declared.upperBound
        for send in source.sends where send.open > start && send.open < use && body.contains(send.open) {
            guard send.receiver.count == 1, source.text(send.receiver.lowerBound) == name else { continue }
            switch send.selector {
            case "setObject:forKey:", "setValue:forKey:":
                guard let value = send.parts[0].argument, let key = send.parts[1].argument else { continue }
                result.add(key: key, value: value, source)
            case "addEntriesFromDictionary:", "setDictionary:":
                return nil
            default:
                continue
            }
        }
        // `query[(__bridge id)kSecAttrAccessible] = …`
        for index in source.occurrences(of: name) where index > start && index < use && body.contains(index) {
            guard source.isPunct(index + 1, "["), source.match[index + 1] > index + 1,
                source.isPunct(source.match[index + 1] + 1, "=")
            else { continue }
            let close = source.match[index + 1]
            var end = close + 2
            while end < use, !source.isPunct(end, ";") { end += 1 }
            result.add(key: (index + 2)..<close, value: (close + 2)..<end, source)
        }
        return result
    }

    /// The dictionary whose `kSecClass` key is the token at `index`: the literal it sits in, or the local it is set
    /// on (`[query setObject:… forKey:(__bridge id)kSecClass]`, `query[(__bridge id)kSecClass] = …`), with every fill
    /// in its body.
    static func of(classKeyAt index: Int, in source: ObjCSource) -> ObjCKeychainDictionary? {
        guard let body = source.body(containing: index),
            let group = KeychainQueryUse.enclosingGroup(of: index, in: source)
        else { return nil }
        if source.isPunct(group, "{"), source.isPunct(group - 1, "@") {
            // A literal: the declaration it is the value of, if any, brings the later fills.
            if let assignment = source.assignments().first(where: { $0.value.contains(group) }),
                case let value = source.trimmedExpression(assignment.value),
                (literal(in: value, source) ?? copiedLiteral(in: value, source))?.contains(group) == true,
                let target = source.trimmedExpression(assignment.target).last, source.isIdentifier(target)
            {
                return of(local: source.text(target), before: body.upperBound, in: source)
            }
            var result = ObjCKeychainDictionary()
            result.add(literal: (group - 1)..<(source.match[group] + 1), source)
            return result
        }
        if source.isPunct(group, "["), let send = source.send(openingAt: group),
            ["setObject:forKey:", "setValue:forKey:"].contains(send.selector), send.receiver.count == 1
        {
            return of(local: source.text(send.receiver.lowerBound), before: body.upperBound, in: source)
        }
        if source.isPunct(group, "["), source.isIdentifier(group - 1) {
            return of(local: source.text(group - 1), before: body.upperBound, in: source)
        }
        return nil
    }

    /// The value of the last plain assignment `name = value;` before `use` in the body (`query = [[NSMutableDictionary
    /// alloc] init];` after `NSMutableDictionary *query = nil;`), or nil when there is none.
    private static func lastAssignedValue(
        of name: String, before use: Int, in body: ClosedRange<Int>, _ source: ObjCSource
    ) -> Range<Int>? {
        for index in source.occurrences(of: name).reversed() where index < use && body.contains(index) {
            guard source.isPunct(index + 1, "="),
                source.isPunct(index - 1, ";") || source.isPunct(index - 1, "{") || source.isPunct(index - 1, "}")
            else { continue }
            var end = index + 2
            while end < use, !source.isPunct(end, ";") {
                end = source.match[end] > end ? source.match[end] + 1 : end + 1
            }
            return (index + 2)..<min(end, use)
        }
        return nil
    }

    /// `@{ … }` filling the whole range.
    private static func literal(in r: Range<Int>, _ source: ObjCSource) -> Range<Int>? {
        guard let first = r.first, source.isPunct(first, "@"), source.isPunct(first + 1, "{"),
            source.match[first + 1] == r.upperBound - 1
        else { return nil }
        return r
    }

    /// `[@{ … } mutableCopy]`, `[NSMutableDictionary dictionaryWithDictionary:@{ … }]`.
    private static func copiedLiteral(in r: Range<Int>, _ source: ObjCSource) -> Range<Int>? {
        guard let first = r.first, source.isPunct(first, "["), let send = source.send(openingAt: first) else {
            return nil
        }
        switch send.selector {
        case "mutableCopy", "copy": return literal(in: source.trimmedExpression(send.receiver), source)
        case "dictionaryWithDictionary:", "initWithDictionary:":
            return send.parts[0].argument.flatMap { literal(in: source.trimmedExpression($0), source) }
        default: return nil
        }
    }

    private mutating func add(literal: Range<Int>, _ source: ObjCSource) {
        let open = literal.lowerBound + 1
        for entry in source.split((open + 1)..<source.match[open]) {
            guard let colon = entry.first(where: { source.isPunct($0, ":") && !source.isInsideGroup($0, of: entry) })
            else { continue }
            add(key: entry.lowerBound..<colon, value: (colon + 1)..<entry.upperBound, source)
        }
    }

    private mutating func add(key: Range<Int>, value: Range<Int>, _ source: ObjCSource) {
        guard let at = key.reversed().first(where: { source.isIdentifier($0) }) else { return }
        let name = source.text(at)
        keys[name] = at
        if name == "kSecClass" { itemClass = source.identifiers(in: value).last { $0.hasPrefix("kSecClass") } }
    }
}
