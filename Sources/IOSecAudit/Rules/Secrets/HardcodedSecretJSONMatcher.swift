import IOSecCore

/// `secrets.hardcoded` in JSON files shipped inside a built app (`config.json`, `credentials.json`): known token
/// formats anywhere, and passwords, PINs, tokens and keys under their own names, judged as in property lists.
/// Only a built app's JSON is read (see `FileKind.bundledJSON`).
///
/// Bundled JSON is mostly animation (Lottie, megabytes of numbers and base64 images) and localisation: the file is
/// read in one streaming pass that keeps only the key each string sits under, not a tree of the document.
struct HardcodedSecretJSONMatcher: ArtifactRule {
    static var description: RuleDescription { HardcodedSecretRule.description }
    static let fileKinds: Set<FileKind> = [.bundledJSON]
    static let maxFindings = 20

    static func check(_ file: ArtifactFile) {
        // Localisation tables hold the word "Password" in every language under the key "password".
        let lowerPath = file.path.lowercased()
        let isLocalisation = ["lproj/", "locali", "i18n", "translation"].contains { lowerPath.contains($0) }
        var reported = 0
        for string in JSONStrings(file.bytes) where reported < maxFindings {
            let text = string.value
            if text.utf8.count >= 16, let match = SecretDetector.knownFormat(in: text) {
                reported += 1
                if match.isPublic {
                    file.report(
                        description, line: string.line, column: string.column,
                        message: "\(match.description) is bundled; fine if it really is the publishable key",
                        severity: .info)
                } else {
                    file.report(
                        description, line: string.line, column: string.column,
                        message:
                            "\(match.description) is bundled in a JSON file anyone with the app can read; revoke it and keep it server-side"
                    )
                }
                continue
            }
            guard !isLocalisation, let key = string.key, isCredentialKey(key), looksLikeCredential(text, key: key)
            else { continue }
            reported += 1
            file.report(
                description, line: string.line, column: string.column,
                message:
                    "'\(key)' is bundled in a JSON file anyone with the app can read; do not ship credentials in the app",
                severity: .high, confidence: .medium)
        }
    }
}

extension HardcodedSecretJSONMatcher {
    /// Configuration JSON names its switches and lists after what they govern ("trackerCookie": "enabled",
    /// "thirdPartyCookieNames": [...], "js-tokens": "^4.0.0"), so a key counts only when its last word names the
    /// credential itself: `password`, `adminPassword`, `api_key`, `client_secret`, `refreshToken`, `pin`.
    static func isCredentialKey(_ key: String) -> Bool {
        let words = Self.words(key)
        guard let last = words.last else { return false }
        if ["password", "passwd", "pwd", "passcode", "passphrase", "pin", "secret", "token"].contains(last) {
            return true
        }
        guard words.count >= 2 else { return false }
        let pair = words[words.count - 2] + " " + last
        return ["api key", "access key", "secret key", "private key", "signing key", "encryption key", "app secret"]
            .contains(pair)
    }

    /// A value that could be the credential: not a state word or a label (letters only: "Contrasenya", "Passwort",
    /// "enabled"), not text for people, not a version or a placeholder.
    static func looksLikeCredential(_ value: String, key: String) -> Bool {
        guard HardcodedSecretRule.looksLikeCredentialValue(value) else { return false }
        let isPIN = words(key).last == "pin" || words(key).last == "passcode"
        if isPIN { return value.count >= 4 && value.allSatisfy(\.isNumber) }
        guard value.count >= 6, !value.hasPrefix("^"), !value.hasPrefix("~") else { return false }
        // Labels and switches are letters only; a password or key has a digit or a symbol.
        return value.contains { !$0.isLetter }
    }

    /// `adminPassword` → [admin, password]; `client_secret`, `api-key` → [client, secret], [api, key].
    static func words(_ key: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        for character in key {
            if !character.isLetter && !character.isNumber {
                if !current.isEmpty { words.append(current.lowercased()) }
                current = ""
                previousWasLower = false
                continue
            }
            if character.isUppercase, previousWasLower {
                words.append(current.lowercased())
                current = ""
            }
            current.append(character)
            previousWasLower = character.isLowercase || character.isNumber
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }
}

/// The string values of a JSON text, each with the member name it sits under (for an array element, the array's),
/// its 1-based line and column. Lenient: text that is not JSON gives whatever strings it holds, never an error.
/// Strings longer than 4 KB (embedded images) are skipped, and so is nesting deeper than 512 levels.
struct JSONStrings: Sequence, IteratorProtocol {
    struct Value {
        let value: String
        let key: String?
        let line: Int
        let column: Int
    }

    private let bytes: [UInt8]
    private var i = 0
    private var line = 1
    private var lineStart = 0
    /// For each open container: the key it was opened under; arrays pass theirs to their elements.
    private var containers: [(isArray: Bool, key: String?)] = []
    /// The member name read last in the innermost object.
    private var lastKey: String?

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> Value? {
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\n"):
                i += 1
                line += 1
                lineStart = i
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let key = containers.last?.isArray == true ? containers.last?.key : lastKey
                if containers.count < 512 { containers.append((b == UInt8(ascii: "["), key)) }
                lastKey = nil
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !containers.isEmpty { containers.removeLast() }
                lastKey = nil
                i += 1
            case UInt8(ascii: "\""):
                let column = i - lineStart + 1, startLine = line
                guard let text = readString() else { continue }
                if nextNonBlank() == UInt8(ascii: ":") {
                    lastKey = text
                    continue
                }
                let key = containers.last?.isArray == true ? containers.last?.key : lastKey
                return Value(value: text, key: key, line: startLine, column: column)
            default:
                i += 1
            }
        }
        return nil
    }

    /// Reads the string opening at `i` and moves past it; nil (after skipping it) when it is over 4 KB.
    private mutating func readString() -> String? {
        i += 1
        let start = i
        var escaped = false
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\n") {
                // Not valid JSON; keep the line count right and end the string here.
                break
            }
            if escaped {
                escaped = false
            } else if b == UInt8(ascii: "\\") {
                escaped = true
            } else if b == UInt8(ascii: "\"") {
                break
            }
            i += 1
        }
        let end = i
        if i < bytes.count, bytes[i] == UInt8(ascii: "\"") { i += 1 }
        guard end - start <= 4096 else { return nil }
        return Self.unescaped(bytes[start..<end])
    }

    private func nextNonBlank() -> UInt8? {
        var j = i
        while j < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[j]) { j += 1 }
        return j < bytes.count ? bytes[j] : nil
    }

    /// The common escapes; `\u` sequences are kept as written (secrets and key names do not need them).
    static func unescaped(_ raw: ArraySlice<UInt8>) -> String {
        guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var escaped = false
        for b in raw {
            if escaped {
                switch b {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "u"): out += [UInt8(ascii: "\\"), b]
                default: out.append(b)
                }
                escaped = false
            } else if b == UInt8(ascii: "\\") {
                escaped = true
            } else {
                out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
