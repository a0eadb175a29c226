/// Resolves the `$(NAME)` / `${NAME}` references of a build setting's value the way Xcode expands them, for the
/// settings that make an App ID (`PRODUCT_BUNDLE_IDENTIFIER = com.acme.$(PRODUCT_NAME:rfc1034identifier)`).
/// `$(inherited)` is dropped; a reference the lookup does not know stays as written, so a value that still holds
/// one is not known (`isResolved`) and no rule guesses it.
enum BuildSettingValue {
    /// How deep references may nest before the rest is left as written: a cycle (`A = $(B)`, `B = $(A)`) ends here.
    static let depthLimit = 6

    static func resolve(_ value: String, lookup: (String) -> String?) -> String {
        resolve(value, lookup: lookup, depth: 0)
    }

    static func isResolved(_ value: String) -> Bool {
        !value.contains("$(") && !value.contains("${")
    }

    private static func resolve(_ value: String, lookup: (String) -> String?, depth: Int) -> String {
        guard depth < depthLimit, !isResolved(value) else { return value }
        let chars = Array(value)
        var out = ""
        var i = 0
        while i < chars.count {
            guard chars[i] == "$", i + 1 < chars.count, chars[i + 1] == "(" || chars[i + 1] == "{" else {
                out.append(chars[i])
                i += 1
                continue
            }
            let close: Character = chars[i + 1] == "(" ? ")" : "}"
            guard let end = chars[(i + 2)...].firstIndex(of: close) else {
                out += String(chars[i...])
                break
            }
            let reference = String(chars[(i + 2)..<end])
            let parts = reference.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            let name = parts[0]
            if name == "inherited" {
                // Nothing more is known here than what the levels below already gave.
            } else if let known = lookup(name) {
                var expanded = resolve(known, lookup: lookup, depth: depth + 1)
                for modifier in parts.dropFirst() { expanded = apply(modifier, to: expanded) }
                out += expanded
            } else {
                out += String(chars[i...end])
            }
            i = end + 1
        }
        return out.trimmingWhitespace()
    }

    /// The modifiers Xcode documents for identifiers: `rfc1034identifier` (bundle identifiers: anything but letters,
    /// digits, `-` and `.` becomes `-`), `c99extidentifier` (`_`), `lower`, `upper`. Others leave the value as is.
    static func apply(_ modifier: String, to value: String) -> String {
        switch modifier {
        case "rfc1034identifier":
            return String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "-" })
        case "c99extidentifier":
            return String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        case "lower": return value.lowercased()
        case "upper": return value.uppercased()
        default: return value
        }
    }
}
