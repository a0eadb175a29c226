import Foundation

extension AssociationFile {
    /// Whether a universal link with this path, query and fragment opens `appID`, following
    /// Apple's documented rules: details entries that list the app are read in order; within
    /// `components`, the first component whose `/`, `?` and `#` all match decides, and `exclude`
    /// makes that decision "do not open". Legacy `paths` are read in order with `NOT ` excluding.
    /// `*` matches any run of characters (including none), `?` exactly one.
    ///
    /// `path`, `query` (without `?`) and `fragment` (without `#`) are given as they appear in the
    /// URL, i.e. percent-encoded. With `percentEncoded: false` the URL value is percent-decoded
    /// before matching, so a pattern can hold literal characters [verify: Apple does not spell out
    /// the comparison; this is the reading used by public validators].
    ///
    /// ```swift
    /// file.opensApp(path: "/help/website", query: nil, fragment: nil, appID: app)  // false when excluded
    /// ```
    public func opensApp(path: String, query: String?, fragment: String?, appID: AppID) -> Bool {
        guard let applinks else { return false }
        for detail in applinks.details where detail.appIDs.contains(appID) {
            if let components = detail.components {
                for component in components {
                    let caseSensitive =
                        component.options.caseSensitive ?? detail.defaults.caseSensitive
                        ?? applinks.defaults.caseSensitive ?? true
                    let percentEncoded =
                        component.options.percentEncoded ?? detail.defaults.percentEncoded
                        ?? applinks.defaults.percentEncoded ?? true
                    let m = ComponentMatch(caseSensitive: caseSensitive, percentEncoded: percentEncoded)
                    if m.matches(component, path: path, query: query, fragment: fragment) {
                        return !component.exclude
                    }
                }
            } else if let paths = detail.paths {
                let m = ComponentMatch(caseSensitive: true, percentEncoded: true)
                for raw in paths {
                    if raw.hasPrefix("NOT ") {
                        if m.match(String(raw.dropFirst(4)), path) { return false }
                    } else if m.match(raw, path) {
                        return true
                    }
                }
            }
        }
        return false
    }
}

private struct ComponentMatch {
    let caseSensitive: Bool
    let percentEncoded: Bool

    func matches(_ c: AssociationFile.Component, path: String, query: String?, fragment: String?) -> Bool {
        if let p = c.path, !match(p, path) { return false }
        if let f = c.fragment, !match(f, fragment ?? "") { return false }
        switch c.query {
        case nil:
            return true
        case .whole(let pattern)?:
            return match(pattern, query ?? "")
        case .items(let items)?:
            // Every named item must be present and match; items not named are ignored. [verify: Apple
            // does not say whether a missing item is treated as an empty value; here it never matches.]
            let present = Self.queryItems(query ?? "")
            for (name, pattern) in items {
                let values = present.filter { key($0.name) == key(name) }.map(\.value)
                if !values.contains(where: { match(pattern, $0) }) { return false }
            }
            return true
        }
    }

    private func key(_ s: String) -> String {
        let d = percentEncoded ? s : Self.percentDecoded(s)
        return caseSensitive ? d : d.lowercased()
    }

    func match(_ pattern: String, _ value: String) -> Bool {
        var v = percentEncoded ? value : Self.percentDecoded(value)
        var p = pattern
        if !caseSensitive {
            v = v.lowercased()
            p = p.lowercased()
        }
        return PatternMatcher.matches(
            pattern: Array(p.unicodeScalars), text: Array(v.unicodeScalars), singleWildcard: true)
    }

    static func queryItems(_ query: String) -> [(name: String, value: String)] {
        query.split(separator: "&", omittingEmptySubsequences: true).map { part in
            if let eq = part.firstIndex(of: "=") {
                return (String(part[..<eq]), String(part[part.index(after: eq)...]))
            }
            return (String(part), "")
        }
    }

    static func percentDecoded(_ s: String) -> String {
        s.removingPercentEncoding ?? s
    }
}
