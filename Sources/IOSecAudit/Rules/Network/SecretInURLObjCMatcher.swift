import IOSecCore

/// `network.secret-in-url` in Objective-C: `[NSString stringWithFormat:@"…/login?user=%@&password=%@", user,
/// password]`, a credential parameter of a URL's query filled from a value, unless the string becomes a request's body.
enum SecretInURLObjCMatcher: ObjCRule {
    static var description: RuleDescription { SecretInURLRule.description }

    static let requiredNames: Set<String>? = ["stringWithFormat", "initWithFormat"]

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for send in source.sends(withFirstPart: "stringWithFormat", "initWithFormat")
        where send.selector.hasPrefix("stringWithFormat:") || send.selector.hasPrefix("initWithFormat:") {
            guard let argument = send.parts.first?.argument else { continue }
            let parts = source.split(argument)
            guard parts.count > 1, let format = source.stringValue(of: parts[0]), !becomesBody(send, in: source)
            else { continue }
            if let parameter = credentialParameter(in: format, values: Array(parts.dropFirst()), of: source) {
                let (message, confidence) = SecretInURLRule.parameterFinding(parameter)
                report(file, source, at: parts[0].lowerBound, message, confidence: confidence)
            } else if let scheme = ["http://", "ftp://"].first(where: format.hasPrefix),
                let name = parts.dropFirst().lazy.compactMap({ source.lastIdentifier(in: $0) })
                    .first(where: PersonalData.isPersonal)
            {
                // As in Swift: personal data in a URL every network on the way reads, known by its name.
                report(
                    file, source, at: parts[0].lowerBound,
                    "'\(name)' (personal data) is sent in a cleartext \(scheme) URL, which anyone on the network can read; use https",
                    severity: .low, confidence: .low, evidence: .name)
            }
        }
    }

    /// The first credential parameter of the format's query whose value is a format argument that is not a
    /// literal: `password` in `…?user=%@&password=%@`.
    static func credentialParameter(in format: String, values: [Range<Int>], of source: ObjCSource) -> String? {
        let bytes = Array(format.utf8)
        var index = 0, argument = 0, segmentStart = 0
        var sawQuery = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "?") { sawQuery = true }
            guard byte == UInt8(ascii: "%"), index + 1 < bytes.count else {
                index += 1
                continue
            }
            if bytes[index + 1] == UInt8(ascii: "%") {
                index += 2
                continue
            }
            // Flags, width, precision and length, then the conversion (`%@`, `%d`, `%ld`, `%.2f`, `%s`).
            var end = index + 1
            while end < bytes.count, "-+ #0123456789.*hlqLzjt".utf8.contains(bytes[end]) { end += 1 }
            defer { argument += 1 }
            let before = String(decoding: bytes[segmentStart..<index], as: UTF8.self)
            segmentStart = min(end + 1, bytes.count)
            index = segmentStart
            guard sawQuery, before.hasSuffix("="), argument < values.count else { continue }
            let name = before.dropLast().split(whereSeparator: { $0 == "?" || $0 == "&" }).last.map(String.init) ?? ""
            guard !name.isEmpty, !name.contains("/"), SecretInURLRule.isCredentialParameter(name),
                mayHoldSecret(values[argument], in: source)
            else { continue }
            return name
        }
        return nil
    }

    /// A value that is not a literal, `nil` or a count.
    private static func mayHoldSecret(_ range: Range<Int>, in source: ObjCSource) -> Bool {
        guard let first = range.first else { return false }
        if range.count == 1 {
            switch source.tokens[first].kind {
            case .objcString, .string, .number, .character: return false
            case .identifier: return !["nil", "NULL", "YES", "NO"].contains(source.text(first))
            default: return true
            }
        }
        let last = source.text(range.upperBound - 1)
        return !["length", "count", "hash", "boolValue", "integerValue"].contains(last)
    }

    /// `NSString *body = [NSString stringWithFormat:…]; request.HTTPBody = [body dataUsingEncoding:…]`: a form
    /// body, not a URL (the same body sets the request's HTTPBody).
    private static func becomesBody(_ send: ObjCMessageSend, in source: ObjCSource) -> Bool {
        guard let body = source.body(containing: send.open) else { return false }
        for index in body where source.tokens[index].kind == .identifier {
            let name = source.text(index)
            if name == "HTTPBody" || name == "setHTTPBody" { return true }
        }
        return false
    }
}
