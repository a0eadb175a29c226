import Foundation

/// Why an input was refused. Each case says what to show the user.
///
/// ```swift
/// if case .failure(let issue) = InputPolicy.validateEmail(text) { errorLabel.text = issue.description }
/// ```
public enum InputIssue: Error, Sendable, Equatable, CustomStringConvertible {
    case empty
    case tooShort(minimum: Int)
    case tooLong(maximum: Int)
    case invalidEmail(String)
    case controlCharacters
    /// The password is in the built-in list of common passwords.
    case commonPassword
    /// The password contains the user name, email or service name.
    case containsContext(String)
    /// The password is one character repeated, or a run like "12345678".
    case repetitiveOrSequential
    /// The breached-password service knows this password.
    case breached

    public var description: String {
        switch self {
        case .empty: return "required"
        case .tooShort(let minimum): return "use at least \(minimum) characters"
        case .tooLong(let maximum): return "use at most \(maximum) characters"
        case .invalidEmail(let reason): return "not a valid email address: \(reason)"
        case .controlCharacters: return "contains control characters"
        case .commonPassword: return "this password is too common"
        case .containsContext(let word): return "do not use '\(word)' in your password"
        case .repetitiveOrSequential: return "avoid repeated or sequential characters"
        case .breached: return "this password appeared in a data breach; choose another"
        }
    }
}

/// Email and length checks for user input.
///
/// ```swift
/// InputPolicy.validateEmail(" Alice@Example.COM ")  // .success("Alice@example.com")
/// InputPolicy.checkLength("bio", of: text, maximum: 500)
/// ```
public enum InputPolicy {
    /// Validates an address (RFC 5321 limits: 254 in total, 64 for the local part, 63 per domain label) and returns
    /// it trimmed with the domain lower-cased. Quoted local parts and IP-literal domains are refused: real sign-up
    /// forms do not need them and they complicate every later use.
    public static func validateEmail(_ input: String) -> Result<String, InputIssue> {
        let email = input.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !email.isEmpty else { return .failure(.empty) }
        guard email.utf8.count <= 254 else { return .failure(.tooLong(maximum: 254)) }
        guard !email.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return .failure(.controlCharacters)
        }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return .failure(.invalidEmail("exactly one @ is needed")) }
        let local = parts[0], domain = parts[1].lowercased()
        guard !local.isEmpty, local.utf8.count <= 64 else {
            return .failure(.invalidEmail("the part before @ is empty or too long"))
        }
        let atext = Set(
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+/=?^_`{|}~-.".unicodeScalars)
        guard local.unicodeScalars.allSatisfy(atext.contains) else {
            return .failure(.invalidEmail("unsupported character before @"))
        }
        guard !local.hasPrefix("."), !local.hasSuffix("."), !local.contains("..") else {
            return .failure(.invalidEmail("misplaced dot before @"))
        }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return .failure(.invalidEmail("the domain needs a dot")) }
        for label in labels {
            guard !label.isEmpty, label.utf8.count <= 63, !label.hasPrefix("-"), !label.hasSuffix("-"),
                label.unicodeScalars.allSatisfy({
                    ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil)) || $0 == "-"
                })
            else {
                return .failure(.invalidEmail("invalid domain"))
            }
        }
        guard let tld = labels.last, tld.count >= 2, tld.unicodeScalars.contains(where: { $0.properties.isAlphabetic })
        else {
            return .failure(.invalidEmail("invalid top-level domain"))
        }
        return .success("\(local)@\(domain)")
    }

    /// Checks a free-text field's length in characters (grapheme clusters, as the user counts them).
    public static func checkLength(_ text: String, minimum: Int = 0, maximum: Int) -> InputIssue? {
        let count = text.count
        if minimum > 0 && text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return .empty }
        if count < minimum { return .tooShort(minimum: minimum) }
        if count > maximum { return .tooLong(maximum: maximum) }
        return nil
    }
}
