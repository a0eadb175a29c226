import Foundation
import CryptoKit
import CommonCrypto

struct BIP39Wordlist {
    /// SHA-256 of the canonical english.txt from the BIP-39 repository.
    private static let englishDigest = "2f5eed53a4727b4bf8880d8f3f199efc90e58503646d9ff8eff3a2ed3b24dbda"

    let words: [String]
    private let lookup: [String: Int]

    static let english: BIP39Wordlist = {
        guard let url = Bundle.main.url(forResource: "bip39-english", withExtension: "txt"),
              let raw = try? Data(contentsOf: url, options: .mappedIfSafe),
              Data(SHA256.hash(data: raw)).hexString == englishDigest else {
            fatalError("Bundled BIP-39 wordlist is missing or modified")
        }
        let words = String(decoding: raw, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
        return BIP39Wordlist(words: words)
    }()

    init(words: [String]) {
        precondition(words.count == 2048, "BIP-39 wordlists have exactly 2048 entries")
        self.words = words
        self.lookup = Dictionary(uniqueKeysWithValues: words.enumerated().map { ($1, $0) })
    }

    func index(of word: String) -> Int? { lookup[word] }
}

struct Mnemonic: Hashable {
    enum Error: Swift.Error, Equatable {
        case invalidEntropyLength(Int)
        case invalidWordCount(Int)
        case unknownWord(position: Int)
        case checksumMismatch
        case keyDerivationFailed(Int32)
    }

    static let validWordCounts: Set<Int> = [12, 15, 18, 21, 24]

    /// BIP-39 seed derivation: PBKDF2-HMAC-SHA512, 2048 rounds, salt = "mnemonic" + passphrase.
    private static let seedRounds: UInt32 = 2048
    private static let saltPrefix = "mnemonic"

    let words: [String]

    var phrase: String { words.joined(separator: " ") }

    init(wordCount: Int = 12, wordlist: BIP39Wordlist = .english) throws {
        try self.init(entropy: Data(SecureRandom.bytes(count: wordCount * 4 / 3)), wordlist: wordlist)
    }

    init(entropy: Data, wordlist: BIP39Wordlist = .english) throws {
        guard [16, 20, 24, 28, 32].contains(entropy.count) else {
            throw Error.invalidEntropyLength(entropy.count)
        }
        var bits = Self.bits(of: entropy)
        bits += Self.bits(of: Data(SHA256.hash(data: entropy))).prefix(entropy.count / 4)
        words = stride(from: 0, to: bits.count, by: 11).map { start in
            wordlist.words[bits[start..<start + 11].reduce(0) { ($0 << 1) | ($1 ? 1 : 0) }]
        }
    }

    init(phrase: String, wordlist: BIP39Wordlist = .english) throws {
        let candidate = phrase.decomposedStringWithCompatibilityMapping
            .lowercased()
            .split(whereSeparator: \.isWhitespace)
            .map(String.init)
        guard Self.validWordCounts.contains(candidate.count) else {
            throw Error.invalidWordCount(candidate.count)
        }
        _ = try Self.entropy(from: candidate, wordlist: wordlist)
        words = candidate
    }

    func entropy(wordlist: BIP39Wordlist = .english) throws -> Data {
        try Self.entropy(from: words, wordlist: wordlist)
    }

    func seed(passphrase: String = "") throws -> Data {
        let password = Array(phrase.decomposedStringWithCompatibilityMapping.utf8)
        let salt = Array((Self.saltPrefix + passphrase).decomposedStringWithCompatibilityMapping.utf8)
        var derived = [UInt8](repeating: 0, count: 64)

        let status = password.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                CCKeyDerivationPBKDF(
                    CCPBKDFAlgorithm(kCCPBKDF2),
                    chars.baseAddress, chars.count,
                    salt, salt.count,
                    CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA512),
                    Self.seedRounds,
                    &derived, derived.count
                )
            }
        }
        guard status == Int32(kCCSuccess) else { throw Error.keyDerivationFailed(status) }
        return Data(derived)
    }

    private static func entropy(from words: [String], wordlist: BIP39Wordlist) throws -> Data {
        var bits: [Bool] = []
        for (position, word) in words.enumerated() {
            guard let index = wordlist.index(of: word) else { throw Error.unknownWord(position: position) }
            bits += (0..<11).reversed().map { (index >> $0) & 1 == 1 }
        }
        let entropyLength = bits.count - bits.count / 33
        let entropy = Data(stride(from: 0, to: entropyLength, by: 8).map { start in
            bits[start..<start + 8].reduce(UInt8(0)) { ($0 << 1) | ($1 ? 1 : 0) }
        })
        let expected = Self.bits(of: Data(SHA256.hash(data: entropy))).prefix(bits.count / 33)
        guard Array(bits[entropyLength...]) == Array(expected) else { throw Error.checksumMismatch }
        return entropy
    }

    private static func bits(of data: Data) -> [Bool] {
        data.flatMap { byte in (0..<8).reversed().map { (byte >> $0) & 1 == 1 } }
    }
}

extension Mnemonic: CustomStringConvertible, CustomDebugStringConvertible {
    var description: String { "Mnemonic(\(words.count) words)" }
    var debugDescription: String { description }
}
