import IOSecCore

/// Input the app does not control, in Objective-C: a text control's text (`self.nameField.text`), the body of the
/// `WKScriptMessage` a method is handed, a URL's query or fragment; read directly, through `stringWithFormat:` or an
/// appending send, or through a local of the same body assigned from one of those. The rules that ask say what
/// cleans a value for their sink (`sanitized`): escaping for HTML, `lastPathComponent` for a path.
struct ObjCUntrustedInput: Sendable {
    /// Whether one of the value's identifiers makes it safe for the sink.
    let sanitized: @Sendable (String) -> Bool

    /// Sends whose result carries the receiver's text unchanged for a path or markup: `[url.query
    /// stringByRemovingPercentEncoding]` is the query.
    static let preservingMembers: Set<String> = [
        "stringByRemovingPercentEncoding", "stringByReplacingPercentEscapesUsingEncoding", "lowercaseString",
        "uppercaseString", "copy", "mutableCopy", "description", "absoluteString", "dataUsingEncoding",
        "NSUTF8StringEncoding"
    ]
    /// Sends whose arguments end up in their result.
    static let appendingSelectors: Set<String> = [
        "stringByAppendingString:", "stringByAppendingFormat:", "stringByAppendingPathComponent:",
        "URLByAppendingPathComponent:", "stringByAppendingPathExtension:"
    ]

    /// What input the string in `range` is built from (`'nameField' text`, `a URL's query`), or nil.
    func input(in range: Range<Int>, of source: ObjCSource, before use: Int, depth: Int = 0) -> String? {
        guard depth < 4, !range.isEmpty else { return nil }
        if let input = read(range, in: source, at: use) { return input }
        for send in source.sends where range.contains(send.open) {
            let values: [Range<Int>]
            if send.selector.hasPrefix("stringWithFormat:") || send.selector.hasPrefix("initWithFormat:") {
                values = Array(source.split(send.parts[0].argument ?? 0..<0).dropFirst())
            } else if Self.appendingSelectors.contains(send.selector) {
                values = send.parts.compactMap(\.argument).flatMap { source.split($0) }
            } else {
                continue
            }
            for value in values {
                if let input = read(value, in: source, at: use) { return input }
                // A local given as the argument: what it was assigned.
                if source.identifiers(in: value).count == 1,
                    let input = input(in: value, of: source, before: use, depth: depth + 1)
                {
                    return input
                }
            }
        }
        // A local built earlier in the same body: `NSString *html = [NSString stringWithFormat:…]`.
        let names = source.identifiers(in: range).filter { $0 != "self" }
        guard names.count == 1, let name = names.first, let body = source.body(containing: use) else { return nil }
        for assignment in source.assignments().reversed()
        where assignment.equals > body.lowerBound && assignment.equals < use
            && source.lastIdentifier(in: assignment.target) == name
        {
            return input(in: assignment.value, of: source, before: assignment.equals, depth: depth + 1)
        }
        return nil
    }

    /// What input the value reads, unless `sanitized` says it is cleaned on the way.
    private func read(_ range: Range<Int>, in source: ObjCSource, at use: Int) -> String? {
        var names = source.identifiers(in: range)
        // `[link.query dataUsingEncoding:NSUTF8StringEncoding]` is the query, not an encoded (escaped) form of it.
        while let last = names.last, Self.preservingMembers.contains(last) { names.removeLast() }
        guard !names.contains(where: sanitized) else { return nil }
        guard let last = names.last, names.count >= 2 else { return nil }
        let base = names[names.count - 2]
        if Sensitivity.inputTextMembers.contains(last), WebViewHTMLInjectionRule.isInputControl(base) {
            return "'\(base)' text"
        }
        if ["query", "fragment"].contains(last),
            base.lowercased().contains("url") || Self.declares(base, "NSURL", source, use)
        {
            return "a URL's \(last)"
        }
        if last == "body", Self.declares(base, "WKScriptMessage", source, use) { return "a web page's script message" }
        return nil
    }

    /// Whether the method around `use` takes `name` as a parameter of `type` (`(WKScriptMessage *)message`).
    private static func declares(_ name: String, _ type: String, _ source: ObjCSource, _ use: Int) -> Bool {
        guard let body = source.body(containing: use) else { return false }
        let tokens = Array(source.signature(of: body))
        return tokens.indices.contains { index in
            source.text(tokens[index]) == type && index + 3 < tokens.count
                && source.isPunct(tokens[index + 1], "*") && source.isPunct(tokens[index + 2], ")")
                && source.text(tokens[index + 3]) == name
        }
    }
}
