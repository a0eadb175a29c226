// Stand-ins for the few CryptoSwift key-derivation types ArchiveKeys.swift calls, written for this corpus so the
// case reads as self-contained Swift. Only the shape of each initialiser matters; the bodies do nothing.

enum DigestVariant {
    case md5, sha1, sha256, sha384, sha512
}

enum PKCS5 {
    struct PBKDF1 {
        init(password: [UInt8], salt: [UInt8], variant: DigestVariant = .sha1, iterations: Int = 4_096,
             keyLength: Int? = nil) throws {}
        func calculate() -> [UInt8] { [] }
    }

    struct PBKDF2 {
        init(password: [UInt8], salt: [UInt8], iterations: Int = 4_096, keyLength: Int? = nil,
             variant: DigestVariant = .sha256) throws {}
        func calculate() throws -> [UInt8] { [] }
    }
}

struct HKDF {
    init(password: [UInt8], salt: [UInt8]? = nil, info: [UInt8]? = nil, keyLength: Int? = nil,
         variant: DigestVariant = .sha256) throws {}
    func calculate() throws -> [UInt8] { [] }
}

struct Scrypt {
    init(password: [UInt8], salt: [UInt8], dkLen: Int, N: Int, r: Int, p: Int) throws {}
    func calculate() throws -> [UInt8] { [] }
}
