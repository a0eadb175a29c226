import Foundation

/// Random passwords from `SecRandomCopyBytes`: at least one character from each selected
/// class, uniform choice without modulo bias, then a Fisher–Yates shuffle.
struct PasswordGenerator {
    struct Options: Codable, Equatable {
        static let lengthRange = 8...64

        var length = 20
        var useUppercase = true
        var useLowercase = true
        var useDigits = true
        var useSymbols = true
        var avoidAmbiguous = false
    }

    struct NoCharacterClasses: Error {}

    private static let ambiguous = Set("0Oo1lI|5S")

    func generate(with options: Options) throws -> String {
        var classes: [[Character]] = []
        if options.useUppercase { classes.append(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")) }
        if options.useLowercase { classes.append(Array("abcdefghijklmnopqrstuvwxyz")) }
        if options.useDigits { classes.append(Array("0123456789")) }
        if options.useSymbols { classes.append(Array("!#$%&()*+,-./:;<=>?@[]^_{|}~")) }
        if options.avoidAmbiguous {
            classes = classes.map { $0.filter { !Self.ambiguous.contains($0) } }
        }
        guard !classes.isEmpty else { throw NoCharacterClasses() }

        let length = min(max(options.length, classes.count), Options.lengthRange.upperBound)
        var characters = try classes.map { $0[try SecureRandom.uniform(below: $0.count)] }
        let pool = classes.flatMap { $0 }
        while characters.count < length {
            characters.append(pool[try SecureRandom.uniform(below: pool.count)])
        }
        for index in stride(from: characters.count - 1, to: 0, by: -1) {
            characters.swapAt(index, try SecureRandom.uniform(below: index + 1))
        }
        return String(characters)
    }
}

/// Rough strength estimate for the meter: character pool × length, scaled down when
/// characters repeat. Not zxcvbn, but enough to steer people away from the obvious.
enum PasswordStrength: Int, CaseIterable {
    case veryWeak, weak, fair, strong, veryStrong

    static func evaluate(_ password: String) -> PasswordStrength {
        guard !password.isEmpty else { return .veryWeak }
        var pool = 0
        if password.contains(where: \.isLowercase) { pool += 26 }
        if password.contains(where: \.isUppercase) { pool += 26 }
        if password.contains(where: \.isNumber) { pool += 10 }
        if password.contains(where: { !$0.isLetter && !$0.isNumber }) { pool += 33 }

        let uniqueRatio = Double(Set(password).count) / Double(password.count)
        let bits = Double(password.count) * log2(Double(max(pool, 2))) * min(1, 0.5 + uniqueRatio / 2)
        switch bits {
        case ..<28: return .veryWeak
        case ..<36: return .weak
        case ..<60: return .fair
        case ..<100: return .strong
        default: return .veryStrong
        }
    }

    var localizedTitle: String {
        L10n.tr("strength.\(rawValue)")
    }
}
