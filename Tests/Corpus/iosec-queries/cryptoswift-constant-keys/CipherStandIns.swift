// Stand-ins for the CryptoSwift ciphers and MACs MessageSealing.swift builds, written for this corpus so the case
// reads as self-contained Swift. Only the initialisers' shapes matter; nothing here encrypts.

protocol BlockMode {}

struct CBC: BlockMode {
    let iv: [UInt8]
}

enum Padding {
    case noPadding, zeroPadding, pkcs5, pkcs7
}

struct AES {
    static let blockSize = 16
    init(key: [UInt8], blockMode: BlockMode, padding: Padding = .pkcs7) throws {}
    init(key: String, iv: String, padding: Padding = .pkcs7) throws {}
}

struct Blowfish {
    init(key: [UInt8], blockMode: BlockMode, padding: Padding = .pkcs7) throws {}
    init(key: String, iv: String, padding: Padding = .pkcs7) throws {}
}

struct HMAC {
    enum Variant { case md5, sha1, sha256, sha384, sha512 }
    init(key: [UInt8], variant: Variant = .md5) {}
    init(key: String, variant: Variant = .md5) throws {}
}

struct ChaCha20 {
    init(key: [UInt8], iv nonce: [UInt8]) throws {}
    init(key: String, iv nonce: String) throws {}
}

struct Rabbit {
    init(key: [UInt8], iv: [UInt8]? = nil) throws {}
    init(key: String, iv: String? = nil) throws {}
}

struct CBCMAC {
    init(key: [UInt8]) throws {}
}

struct CMAC {
    init(key: [UInt8]) throws {}
}

struct Poly1305 {
    init(key: [UInt8]) {}
}
