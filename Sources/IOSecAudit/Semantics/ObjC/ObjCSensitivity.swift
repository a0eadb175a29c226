import IOSecCore

/// Whether an Objective-C expression carries sensitive data, read the way the Swift rules read Swift
/// (`Sensitivity.sensitiveName(in:)`): by what the expression *is*, not by every name written in it.
///
/// `self.session.accessToken`, `[keychain tokenForAccount:a]`, `[NSString stringWithFormat:@"%@", password]`,
/// `response[@"access_token"]` and `self.passwordField.text` are sensitive; `self.credentials.userId` (the user ID
/// of a credentials object), `password.length`, `[MXTools logForPushToken:token]` (what a helper makes of a token)
/// and `[password isEqualToString:other]` are not.
extension ObjCSource {
    /// Selectors and members that hand back (a form of) the same value, so sensitivity passes through them.
    static let passthroughSelectors: Set<String> = [
        "description", "debugDescription", "UTF8String", "copy", "mutableCopy", "lowercaseString", "uppercaseString",
        "base64EncodedStringWithOptions:", "base64EncodedDataWithOptions:", "dataUsingEncoding:",
        "dataUsingEncoding:allowLossyConversion:", "cStringUsingEncoding:", "stringByTrimmingCharactersInSet:",
        "stringByAddingPercentEncodingWithAllowedCharacters:", "stringByReplacingOccurrencesOfString:withString:",
        "absoluteString", "string", "bytes", "data", "value", "stringValue", "text", "attributedText", "JSONString",
        "rawValue", "mutableBytes", "dictionaryRepresentation", "phrase", "words"
    ]
    /// Sends whose result carries their receiver's or arguments' content.
    static let wrappingSelectors: Set<String> = [
        "stringWithFormat:", "initWithFormat:", "stringByAppendingString:", "stringByAppendingFormat:",
        "stringWithString:", "initWithString:", "stringWithUTF8String:", "initWithUTF8String:",
        "initWithData:encoding:",
        "initWithBytes:length:encoding:", "stringWithCString:encoding:", "dataWithJSONObject:options:error:",
        "archivedDataWithRootObject:", "archivedDataWithRootObject:requiringSecureCoding:error:",
        "dictionaryWithObjectsAndKeys:", "dictionaryWithObject:forKey:", "arrayWithObjects:", "arrayWithObject:",
        "componentsJoinedByString:", "dataWithData:", "stringWithContentsOfFile:encoding:error:"
    ]
    /// Look-ups by key: the key names what comes back.
    static let keyedSelectors: Set<String> = [
        "objectForKey:", "valueForKey:", "valueForKeyPath:", "objectForKeyedSubscript:", "stringForKey:", "dataForKey:"
    ]
    /// Words that end what a method's first selector part says it returns: `tokenForAccount:` returns a token,
    /// `logForPushToken:` returns a log line.
    private static let selectorPrepositions: Set<String> = [
        "for", "with", "from", "of", "in", "by", "at", "using", "to", "on", "and"
    ]

    /// The name that makes an expression sensitive, or nil when it is not.
    func sensitiveName(in range: Range<Int>) -> String? {
        sensitiveName(in: range, depth: 0)
    }

    private func sensitiveName(in range: Range<Int>, depth: Int) -> String? {
        guard depth < 8 else { return nil }
        let r = trimmedExpression(range)
        guard let first = r.first, r.upperBound <= tokens.count else { return nil }
        let last = r.upperBound - 1

        // `cond ? a : b`
        if let (question, colon) = topLevelTernary(r) {
            return sensitiveName(in: (question + 1)..<colon, depth: depth + 1)
                ?? sensitiveName(in: (colon + 1)..<r.upperBound, depth: depth + 1)
        }
        // Any other operator at the top level (`token.length > 0`, `a == b`, `x + 1`) yields no secret.
        if hasTopLevelOperator(r) { return nil }

        if r.count == 1 {
            guard tokens[first].kind == .identifier else { return nil }
            let name = text(first)
            if SensitiveName.isSensitive(name) { return name }
            if depth < 3 { return sensitiveLocal(name, usedAt: first, depth: depth) }
            // Past the locals' depth, a parameter's class still says what it is (no walk of the body).
            guard let body = body(containing: first) else { return nil }
            return hasSensitiveParameterType(name, in: body) ? name : nil
        }
        // `@{ @"password": pw }`, `@[ token ]`, `@(pin)`
        if isPunct(first, "@"), first + 1 < r.upperBound, match[first + 1] == last {
            let inner = (first + 2)..<last
            if isPunct(first + 1, "{") { return sensitiveNameInDictionaryLiteral(inner, depth: depth) }
            if isPunct(first + 1, "[") || isPunct(first + 1, "(") {
                for element in split(inner) {
                    if let found = sensitiveName(in: element, depth: depth + 1) { return found }
                }
            }
            return nil
        }
        if isPunct(last, "]"), match[last] >= first {
            let open = match[last]
            if open == first, let send = send(openingAt: first) { return sensitiveName(inSend: send, depth: depth) }
            // A subscript: `json[@"access_token"]`, `items[0]`.
            guard open > first else { return nil }
            let key = (open + 1)..<last
            if let literal = stringValue(of: key) {
                return SensitiveName.isSensitive(literal) || literal.lowercased() == "authorization" ? literal : nil
            }
            return sensitiveName(in: first..<open, depth: depth + 1)
        }
        if isPunct(last, ")"), match[last] == first + 1, isIdentifier(first) {
            // A C call: its name decides (`currentPassword()`), or it wraps its arguments (`CFBridgingRelease(x)`).
            let name = text(first)
            if SensitiveName.isSensitive(name) { return name }
            guard Self.wrappingFunctions.contains(name) else { return nil }
            for argument in split((first + 2)..<last) {
                if let found = sensitiveName(in: argument, depth: depth + 1) { return found }
            }
            return nil
        }
        // A member: `self.session.accessToken`, `credentials->password`, `[self field].text`.
        if tokens[last].kind == .identifier, last - 1 > first, isPunct(last - 1, ".") || isPunct(last - 1, "->") {
            return sensitiveName(ofMember: text(last), base: first..<(last - 1), depth: depth)
        }
        return nil
    }

    /// Sends that put a value into a mutable container under a key.
    private static let keyedFills: Set<String> = [
        "setObject:forKey:", "setValue:forKey:", "setObject:forKeyedSubscript:"
    ]
    /// Sends that add a value to a mutable container or string.
    private static let fills: Set<String> = ["addObject:", "appendString:", "appendData:", "appendFormat:"]

    /// A local's secret, from the same body before its use: what it was declared with (`NSString *line =
    /// [NSString stringWithFormat:@"%@", self.passwordField.text];`), or what was put into it (`[dict
    /// setObject:self.passwordField.text forKey:@"password"]`, `[dict setObject:x forKey:@"pin"]`).
    private func sensitiveLocal(_ name: String, usedAt use: Int, depth: Int) -> String? {
        guard let body = body(containing: use) else { return nil }
        var low = 0, high = sends.count
        while low < high {
            let mid = (low + high) / 2
            if sends[mid].open <= body.lowerBound { low = mid + 1 } else { high = mid }
        }
        for send in sends[low...] {
            guard send.open < use else { break }
            guard send.receiver.count == 1, isIdentifier(send.receiver.lowerBound),
                text(send.receiver.lowerBound) == name
            else { continue }
            if Self.keyedFills.contains(send.selector), let value = send.parts[0].argument,
                let key = send.parts[1].argument
            {
                if let literal = stringValue(of: key), SensitiveName.isSensitive(literal) { return literal }
                if let found = sensitiveName(in: value, depth: depth + 1) { return found }
            } else if Self.fills.contains(send.selector), let value = send.parts[0].argument {
                for argument in split(value) where stringValue(of: argument) == nil {
                    if let found = sensitiveName(in: argument, depth: depth + 1) { return found }
                }
            }
        }
        if let filled = subscriptFill(of: name, in: body, before: use, depth: depth) { return filled }
        if readsKeychainItem(into: name, in: body, before: use) { return name }
        if let value = declaredValue(of: name, before: use) { return sensitiveName(in: value, depth: depth + 1) }
        return hasSensitiveParameterType(name, in: body) ? name : nil
    }

    /// `- (NSURL *)exportRecord:(CPMedicalRecord *)record`: a parameter whose class names sensitive data, as a Swift
    /// parameter's declared type does.
    private func hasSensitiveParameterType(_ name: String, in body: ClosedRange<Int>) -> Bool {
        for index in signature(of: body) where isIdentifier(index) && text(index) == name && isPunct(index - 1, ")") {
            let close = index - 1
            guard match[close] >= 0, match[close] < close,
                let type = ((match[close] + 1)..<close).first(where: { isIdentifier($0) })
            else { continue }
            return Sensitivity.isSensitiveType(text(type))
        }
        return false
    }

    /// `SecItemCopyMatching(query, &result)` earlier in the body, for a query that asks for the item's data
    /// (`kSecReturnData`): the local holds a Keychain item, whatever it is called.
    private func readsKeychainItem(into name: String, in body: ClosedRange<Int>, before use: Int) -> Bool {
        guard mentions("SecItemCopyMatching"), mentions("kSecReturnData") else { return false }
        let read = calls.contains { call in
            call.name == "SecItemCopyMatching" && call.nameIndex > body.lowerBound && call.nameIndex < use
                && call.arguments.count == 2 && call.arguments[1].contains { isPunct($0, "&") }
                && identifiers(in: call.arguments[1]).last == name
        }
        return read && body.contains { isIdentifier($0) && text($0) == "kSecReturnData" }
    }

    /// `dict[@"pin"] = x;` or `dict[key] = self.passwordField.text;` in the body before `use`: the key's literal, or
    /// the value, when it names a secret.
    private func subscriptFill(of name: String, in body: ClosedRange<Int>, before use: Int, depth: Int) -> String? {
        for index in occurrences(of: name) where index > body.lowerBound && index < use {
            let open = index + 1
            guard open < use, isPunct(open, "["), !isPunct(index - 1, "."), !isPunct(index - 1, "->"),
                match[open] > open, match[open] + 1 < use, isPunct(match[open] + 1, "="),
                !isPunct(match[open] + 2, "=")
            else { continue }
            if let literal = stringValue(of: (open + 1)..<match[open]), SensitiveName.isSensitive(literal) {
                return literal
            }
            var end = match[open] + 2
            while end < use, !isPunct(end, ";") { end = match[end] > end ? match[end] + 1 : end + 1 }
            if let found = sensitiveName(in: (match[open] + 2)..<min(end, use), depth: depth + 1) { return found }
        }
        return nil
    }

    /// The value a local was declared with in the body before token `use`: `NSString *name = …;`, `id name = …;`.
    /// Only declarations: an instance variable or a reassigned local may hold something else by then
    /// (`_state = MXAuthStateTokenRequested;` in a callback).
    func declaredValue(of name: String, before use: Int) -> Range<Int>? {
        guard let body = body(containing: use) else { return nil }
        var index = use - 1
        while index > body.lowerBound {
            defer { index -= 1 }
            guard isPunct(index, "="), isIdentifier(index - 1), text(index - 1) == name,
                isPunct(index - 2, "*") || isIdentifier(index - 2)
            else { continue }
            var end = index + 1
            while end < use, !isPunct(end, ";") { end = match[end] > end ? match[end] + 1 : end + 1 }
            return (index + 1)..<min(end, use)
        }
        return nil
    }

    /// C functions whose result carries their arguments' content.
    private static let wrappingFunctions: Set<String> = [
        "CFBridgingRelease", "CFBridgingRetain", "NSStringFromClass", "CFStringCreateCopy", "CFDataCreate",
        "CFStringCreateWithCString"
    ]

    /// `base.member` or `[base member]`: the member decides; what the user typed is named by its field; a
    /// pass-through member defers to its base.
    private func sensitiveName(ofMember member: String, base: Range<Int>, depth: Int) -> String? {
        if Sensitivity.harmlessMembers.contains(member) { return nil }
        if SensitiveName.isSensitive(member) { return member }
        if Sensitivity.inputTextMembers.contains(member) || member == "stringValue", let field = lastName(of: base),
            Self.isSensitiveInputField(field)
        {
            return field
        }
        if Self.passthroughSelectors.contains(member) { return sensitiveName(in: base, depth: depth + 1) }
        return nil
    }

    private func sensitiveName(inSend send: ObjCMessageSend, depth: Int) -> String? {
        let selector = send.selector
        if send.parts.count == 1, send.parts[0].argument == nil {
            return sensitiveName(ofMember: selector, base: send.receiver, depth: depth)
        }
        if Self.keyedSelectors.contains(selector), let key = send.parts.first?.argument {
            if let literal = stringValue(of: key) { return SensitiveName.isSensitive(literal) ? literal : nil }
            return sensitiveName(in: send.receiver, depth: depth + 1)
        }
        if Self.wrappingSelectors.contains(selector) {
            if let found = sensitiveName(in: send.receiver, depth: depth + 1) { return found }
            for part in send.parts {
                for argument in split(part.argument ?? 0..<0) where stringValue(of: argument) == nil {
                    if let found = sensitiveName(in: argument, depth: depth + 1) { return found }
                }
            }
            return nil
        }
        if Self.passthroughSelectors.contains(selector) { return sensitiveName(in: send.receiver, depth: depth + 1) }
        // What the method says it returns: `[keychain passwordForService:s account:a]`, `[self tokenWithScope:s]`.
        let first = send.parts[0].name
        var words = SensitiveName.words(first)
        if let cut = words.indices.dropFirst().first(where: { Self.selectorPrepositions.contains(words[$0]) }) {
            words = Array(words[..<cut])
        }
        return SensitiveName.classify(words: words) != nil ? first : nil
    }

    private func sensitiveNameInDictionaryLiteral(_ inner: Range<Int>, depth: Int) -> String? {
        for entry in split(inner) {
            guard let colon = entry.first(where: { isPunct($0, ":") && !isInsideGroup($0, of: entry) }) else {
                continue
            }
            let value = (colon + 1)..<entry.upperBound
            if isTrivialValue(trimmedExpression(value)) { continue }
            if let key = stringValue(of: entry.lowerBound..<colon), SensitiveName.isSensitive(key) { return key }
            if let found = sensitiveName(in: value, depth: depth + 1) { return found }
        }
        return nil
    }

    /// The credential header a value reads from a request or response (`[request valueForHTTPHeaderField:@"Authorization"]`),
    /// directly or through a local declared with it.
    func credentialHeaderRead(in range: Range<Int>) -> String? {
        var r = trimmedExpression(range)
        if r.count == 1, isIdentifier(r.lowerBound),
            let value = declaredValue(of: text(r.lowerBound), before: r.lowerBound)
        {
            r = trimmedExpression(value)
        }
        guard let first = r.first, isPunct(first, "["), let send = send(openingAt: first),
            send.close == r.upperBound - 1, send.selector == "valueForHTTPHeaderField:",
            let header = send.parts[0].argument,
            let name = stringValue(of: header) ?? lastIdentifier(in: header)
        else { return nil }
        return Sensitivity.credentialHeader(named: name)
    }

    /// A credential key the method reads out of the value logged whole: `payload` where the same method reads
    /// `payload[@"refresh_token"]` or `[payload objectForKey:@"access_token"]`, as a token endpoint's JSON is read,
    /// or hands it to a method of this file that does (`[self storeTokenResponse:payload]`).
    func credentialKeyRead(in range: Range<Int>) -> String? {
        let r = trimmedExpression(range)
        guard r.count == 1, isIdentifier(r.lowerBound), let body = body(containing: r.lowerBound) else { return nil }
        return credentialKeyRead(of: text(r.lowerBound), in: body, handingOn: true)
    }

    /// The selector part under which the method hands the value on as a credential: `password` for `entered` in
    /// `[self.client signInWithUser:user password:entered]`. The API the value is given to says what it is, as in
    /// Swift (`SecretOrigin`).
    func credentialPart(in range: Range<Int>) -> String? {
        let r = trimmedExpression(range)
        guard r.count == 1, isIdentifier(r.lowerBound), let body = body(containing: r.lowerBound) else { return nil }
        let name = text(r.lowerBound)
        for index in body where index != r.lowerBound && isIdentifier(index) && text(index) == name {
            guard let open = enclosingBracket(of: index), let send = send(openingAt: open),
                let part = send.parts.first(where: { $0.argument == index..<(index + 1) }),
                SensitiveName.isSpecificCredential(part.name)
            else { continue }
            return part.name
        }
        return nil
    }

    private func credentialKeyRead(of name: String, in body: ClosedRange<Int>, handingOn: Bool) -> String? {
        var index = body.lowerBound
        while index + 1 < body.upperBound {
            defer { index += 1 }
            guard isIdentifier(index), text(index) == name else { continue }
            var keyRange: Range<Int>?
            if isPunct(index + 1, "["), match[index + 1] > index + 2, readsString(at: index) {
                keyRange = (index + 2)..<match[index + 1]
            } else if index > 0, isPunct(index - 1, "["), let send = send(openingAt: index - 1),
                ["objectForKey:", "valueForKey:", "valueForKeyPath:"].contains(send.selector),
                let argument = send.parts[0].argument, readsString(at: index - 1)
            {
                keyRange = argument
            } else if handingOn, let key = keyReadByCallee(of: index) {
                return key
            }
            if let keyRange, let key = stringValue(of: keyRange), SensitiveName.isSpecificCredential(key) {
                return key
            }
        }
        return nil
    }

    /// `NSString *token = <read at start>`: the value read is text. A key whose value becomes a model object
    /// (`passphrase` parameters of a key's JSON) names what the object is about, not a secret.
    private func readsString(at start: Int) -> Bool {
        start >= 4 && isPunct(start - 1, "=") && isIdentifier(start - 2) && isPunct(start - 3, "*")
            && text(start - 4) == "NSString"
    }

    /// `[self storeTokenResponse:payload]` with `payload` at `index`: the key the method of this file with that
    /// selector reads from its parameter.
    private func keyReadByCallee(of index: Int) -> String? {
        guard let open = enclosingBracket(of: index), let send = send(openingAt: open),
            let position = send.parts.firstIndex(where: { $0.argument == index..<(index + 1) })
        else { return nil }
        for body in bodies {
            guard let method = methodParameters(of: body), method.selector == send.selector,
                position < method.parameters.count
            else { continue }
            return credentialKeyRead(of: method.parameters[position].name, in: body, handingOn: false)
        }
        return nil
    }

    /// The `[` of the innermost message send around `index`, when `index` is one of its arguments.
    private func enclosingBracket(of index: Int) -> Int? {
        var i = index - 1
        var steps = 0
        while i >= 0, steps < 64 {
            defer {
                i -= 1
                steps += 1
            }
            if isPunct(i, "]") || isPunct(i, ")") {
                // Skip a closed group before the argument.
                if match[i] < i { i = match[i] }
                continue
            }
            if isPunct(i, ";") || isPunct(i, "{") || isPunct(i, "}") { return nil }
            if isPunct(i, "[") { return match[i] > index ? i : nil }
        }
        return nil
    }

    /// `passwordTextField`, `pinInput`, `cvvField`, `passwordTextView`: a control whose text is a secret.
    static func isSensitiveInputField(_ name: String) -> Bool {
        if SensitiveName.classifyInputField(name) != nil { return true }
        for suffix in ["TextField", "Field", "TextView", "Input"]
        where name.hasSuffix(suffix) && name.count > suffix.count {
            if SensitiveName.isSensitive(String(name.dropLast(suffix.count))) { return true }
        }
        return false
    }

    /// The last name of an operand: `self.passwordField` → `passwordField`, `[self pinInput]` → `pinInput`.
    private func lastName(of range: Range<Int>) -> String? {
        let r = trimmedExpression(range)
        guard let last = r.last else { return nil }
        if isPunct(last, "]"), match[last] == r.lowerBound, let send = send(openingAt: r.lowerBound),
            send.parts.count == 1, send.parts[0].argument == nil
        {
            return send.selector
        }
        return tokens[last].kind == .identifier ? text(last) : nil
    }

    /// The sends whose selector starts with one of `names` (`setObject` for `setObject:forKey:`), in the order of
    /// `sends`. Found from where the names stand, so a matcher does not go through every send of a file: copying
    /// each out of the list cost more than most matchers' tests.
    func sends(withFirstPart names: String...) -> [ObjCMessageSend] { sends(withFirstPart: names) }

    func sends(withFirstPart names: some Sequence<String>) -> [ObjCMessageSend] {
        var found: [(open: Int, send: ObjCMessageSend)] = []
        for name in names {
            for index in occurrences(of: name) {
                // A selector's first part stands right inside its send's brackets.
                guard let group = KeychainQueryUse.enclosingGroup(of: index, in: self), isPunct(group, "["),
                    let send = send(openingAt: group), send.parts.first?.nameIndex == index
                else { continue }
                found.append((group, send))
            }
        }
        return found.sorted { $0.open < $1.open }.map(\.send)
    }

    /// The C calls of the functions `names`, in the order of `calls`, found from where the names stand.
    func calls(named names: some Sequence<String>) -> [ObjCCall] {
        var found: [ObjCCall] = []
        for name in names {
            for index in occurrences(of: name) {
                if let call = call(namedAt: index) { found.append(call) }
            }
        }
        return found.sorted { $0.nameIndex < $1.nameIndex }
    }

    /// The call whose name is token `index`.
    func call(namedAt index: Int) -> ObjCCall? {
        calls.binarySearch { $0.nameIndex - index }
    }

    /// The send whose `[` is at `open`.
    func send(openingAt open: Int) -> ObjCMessageSend? {
        sends.binarySearch { $0.open - open }
    }

    /// An expression without the parentheses around it, casts (`(NSString *)x`, `(__bridge id)x`) and `&`/`*`.
    func trimmedExpression(_ range: Range<Int>) -> Range<Int> {
        var r = range.clamped(to: 0..<tokens.count)
        while let first = r.first {
            if isPunct(first, "("), match[first] == r.upperBound - 1, r.count >= 2 {
                r = (first + 1)..<(r.upperBound - 1)
            } else if isPunct(first, "("), match[first] > first, match[first] < r.upperBound - 1, isCast(first) {
                r = (match[first] + 1)..<r.upperBound
            } else if isPunct(first, "&") || isPunct(first, "*") {
                r = (first + 1)..<r.upperBound
            } else {
                break
            }
        }
        return r
    }

    /// `(NSString *)`, `(__bridge id)`, `(const char *)`: a group of type names and `*`.
    private func isCast(_ open: Int) -> Bool {
        let close = match[open]
        guard close > open + 1 else { return false }
        for index in (open + 1)..<close
        where !(tokens[index].kind == .identifier || isPunct(index, "*") || isPunct(index, "<") || isPunct(index, ">"))
        {
            return false
        }
        return true
    }

    /// `?` and its `:` at the top level of an expression.
    private func topLevelTernary(_ r: Range<Int>) -> (Int, Int)? {
        var index = r.lowerBound
        var question: Int?
        var pending = 0
        while index < r.upperBound {
            if match[index] > index {
                index = match[index] + 1
                continue
            }
            if isPunct(index, "?") {
                if question == nil { question = index }
                pending += 1
            }
            if isPunct(index, ":"), pending > 0 {
                pending -= 1
                if pending == 0, let question { return (question, index) }
            }
            index += 1
        }
        return nil
    }

    private static let operators: Set<String> = [
        "==", "!=", "<=", ">=", "&&", "||", "<", ">", "+", "-", "*", "/", "%", "!", "<<", ">>", "|", "^", "=", "+=",
        "-="
    ]

    /// An operator between operands at the top level: `a > 0`, `!token`, `a + b` (a leading `*`/`&` was trimmed).
    private func hasTopLevelOperator(_ r: Range<Int>) -> Bool {
        var index = r.lowerBound
        while index < r.upperBound {
            if match[index] > index {
                index = match[index] + 1
                continue
            }
            if tokens[index].kind == .punctuation, Self.operators.contains(text(index)) { return true }
            index += 1
        }
        return false
    }

    func isInsideGroup(_ index: Int, of range: Range<Int>) -> Bool {
        var i = range.lowerBound
        while i < index {
            if match[i] > i {
                if match[i] > index { return true }
                i = match[i] + 1
                continue
            }
            i += 1
        }
        return false
    }
}
