import IOSecCore

/// `crypto.weak-key-size` in Objective-C: `(id)kSecAttrKeySizeInBits: @1024` in a dictionary literal, or
/// `[attributes setObject:@512 forKey:(id)kSecAttrKeySizeInBits]`, judged with the key type set nearby.
enum WeakKeySizeObjCMatcher: ObjCRule {
    static var description: RuleDescription { WeakKeySizeRule.description }

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for index in source.occurrences(of: "kSecAttrKeySizeInBits") {
            guard let value = valueRange(of: index, in: source), let bits = integer(in: value, of: source),
                let weakness = WeakKeySizeRule.weakness(bits: bits, type: keyType(near: index, in: source))
            else { continue }
            report(file, source, at: value.lowerBound, weakness.text, severity: weakness.severity)
        }
    }

    /// The tokens of the value set for the key at `index`: after its `:` in a dictionary literal, or the object of
    /// a `setObject:forKey:` / `setValue:forKey:` whose key it is.
    private static func valueRange(of index: Int, in source: ObjCSource) -> Range<Int>? {
        if let send = source.sends.first(where: { send in
            (send.selector == "setObject:forKey:" || send.selector == "setValue:forKey:")
                && send.argument("forKey")?.contains(index) == true
        }) {
            return send.parts.first?.argument
        }
        guard source.isPunct(index + 1, ":") else { return nil }
        var end = index + 2
        while end < source.tokens.count, end < index + 12, !source.isPunct(end, ","), !source.isPunct(end, "}"),
            !source.isPunct(end, ";")
        {
            end += 1
        }
        return end > index + 2 ? (index + 2)..<end : nil
    }

    /// The first number among `@1024`, `@(1024)`, `[NSNumber numberWithInt:1024]`.
    private static func integer(in range: Range<Int>, of source: ObjCSource) -> Int? {
        guard let number = range.first(where: { source.tokens[$0].kind == .number }) else { return nil }
        // Only a value that is just the number (boxed or wrapped), not arithmetic on it.
        let others = range.filter { i in
            source.tokens[i].kind == .identifier
                && !["NSNumber", "numberWithInt", "numberWithInteger", "numberWithUnsignedInt"].contains(source.text(i))
        }
        guard others.isEmpty else { return nil }
        return Int(source.text(number).trimmingSuffix { "uUlL".contains($0) })
    }

    /// The key type named closest to the size, in the same body.
    private static func keyType(near index: Int, in source: ObjCSource) -> WeakKeySizeRule.KeyType {
        let scope = source.body(containing: index) ?? max(0, index - 40)...min(source.tokens.count - 1, index + 40)
        var best: (distance: Int, type: WeakKeySizeRule.KeyType)?
        for i in scope where source.tokens[i].kind == .identifier {
            let type: WeakKeySizeRule.KeyType
            switch source.text(i) {
            case "kSecAttrKeyTypeRSA": type = .rsa
            case "kSecAttrKeyTypeECSECPrimeRandom", "kSecAttrKeyTypeEC": type = .ellipticCurve
            case "kSecAttrKeyTypeAES", "kSecAttrKeyType3DES", "kSecAttrKeyTypeDES", "kSecAttrKeyTypeRC4",
                "kSecAttrKeyTypeRC2", "kSecAttrKeyTypeCAST":
                type = .symmetric
            default: continue
            }
            let distance = abs(i - index)
            if best == nil || distance < best!.distance { best = (distance, type) }
        }
        return best?.type ?? .unknown
    }
}

extension String {
    fileprivate func trimmingSuffix(while drop: (Character) -> Bool) -> String {
        var s = Substring(self)
        while let last = s.last, drop(last) { s = s.dropLast() }
        return String(s)
    }
}
