import Foundation

/// A password policy following NIST SP 800-63B: a minimum length (8, or 15 when the password is the only
/// factor), a generous maximum (at least 64), every character allowed (Unicode normalised with NFKC and counted
/// per code point), no composition rules and no periodic expiry, but a check against common, context-specific
/// and breached passwords.
///
/// ```swift
/// let policy = PasswordPolicy(breachedPasswordCheck: { password in try await hibp.isBreached(password) })
/// let issues = await policy.evaluate(password, context: [email, "ExampleApp"])
/// if issues.isEmpty { createAccount() } else { show(issues.map(\.description)) }
/// ```
public struct PasswordPolicy: Sendable {
    public let minimumLength: Int
    public let maximumLength: Int
    /// Answers whether a password is known from breaches (for example a k-anonymity range query). Errors are
    /// treated as "unknown" so an outage does not block sign-up.
    public let breachedPasswordCheck: (@Sendable (String) async throws -> Bool)?
    public let blocklist: Set<String>

    public init(
        minimumLength: Int = 8,
        maximumLength: Int = 128,
        blocklist: Set<String> = PasswordPolicy.commonPasswords,
        breachedPasswordCheck: (@Sendable (String) async throws -> Bool)? = nil
    ) {
        self.minimumLength = max(1, minimumLength)
        // 800-63B: verifiers SHOULD permit at least 64 characters.
        self.maximumLength = max(64, maximumLength, self.minimumLength)
        self.blocklist = Set(blocklist.map { $0.lowercased() })
        self.breachedPasswordCheck = breachedPasswordCheck
    }

    /// The NFKC form whose code points are counted and compared.
    public static func normalize(_ password: String) -> String {
        password.precomposedStringWithCompatibilityMapping
    }

    /// Every reason the password is not acceptable (empty when it is). `context` holds words the password must
    /// not contain: user name, email, app or service name.
    public func evaluate(_ password: String, context: [String] = []) async -> [InputIssue] {
        var issues = evaluateLocally(password, context: context)
        if issues.isEmpty, let check = breachedPasswordCheck, (try? await check(Self.normalize(password))) == true {
            issues.append(.breached)
        }
        return issues
    }

    /// The checks that need no network.
    public func evaluateLocally(_ password: String, context: [String] = []) -> [InputIssue] {
        let normalized = Self.normalize(password)
        let length = normalized.unicodeScalars.count
        guard length > 0 else { return [.empty] }
        var issues: [InputIssue] = []
        if length < minimumLength { issues.append(.tooShort(minimum: minimumLength)) }
        if length > maximumLength { issues.append(.tooLong(maximum: maximumLength)) }
        if normalized.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            issues.append(.controlCharacters)
        }
        let lowered = normalized.lowercased()
        if blocklist.contains(lowered) { issues.append(.commonPassword) }
        for word in context {
            // Context words: the whole value and, for emails, the part before @.
            var candidates = [word.lowercased()]
            if let at = word.firstIndex(of: "@") { candidates.append(word[..<at].lowercased()) }
            if let hit = candidates.first(where: { $0.count >= 3 && lowered.contains($0) }) {
                issues.append(.containsContext(hit))
                break
            }
        }
        if Self.isRepetitiveOrSequential(Array(lowered.unicodeScalars)) { issues.append(.repetitiveOrSequential) }
        return issues
    }

    static func isRepetitiveOrSequential(_ scalars: [Unicode.Scalar]) -> Bool {
        guard scalars.count >= 4 else { return false }
        if Set(scalars).count == 1 { return true }
        let steps = zip(scalars.dropFirst(), scalars).map { Int($0.value) - Int($1.value) }
        return Set(steps).count == 1 && abs(steps[0]) == 1
    }

    /// A small built-in list of the most common passwords; pass a larger one (or use the breach hook) in production.
    public static let commonPasswords: Set<String> = [
        "password", "password1", "password123", "12345678", "123456789", "1234567890", "qwerty123", "qwertyuiop",
        "iloveyou", "11111111", "00000000", "abc12345", "letmein1", "welcome1", "admin123", "sunshine",
        "princess", "football", "baseball", "dragon123", "monkey123", "passw0rd", "p@ssw0rd", "trustno1",
        "superman", "starwars", "whatever", "1q2w3e4r", "1qaz2wsx", "zaq12wsx", "qwerty12", "asdfghjk"
    ]
}
