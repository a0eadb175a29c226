import IOSecCore
import SwiftSyntax

/// `crypto.hardcoded-key`: a key, IV, nonce or salt whose bytes are written in the source.
struct HardcodedKeyRule: SwiftRule {
    static let description = RuleDescription(
        id: "crypto.hardcoded-key",
        title: "Hard-coded cryptographic key, IV or salt",
        severity: .critical,
        confidence: .high,
        masvs: "MASVS-CRYPTO-2",
        cwe: 321,
        owasp: OWASPReference("MASWE-0003", beta: "MASWE-0014", mastg: ["MASTG-TEST-0213", "MASTG-TEST-0214"], .exact),
        rationale: """
            Anything compiled into the app can be read from the binary with `strings` or a disassembler, so a key \
            written in the source is known to every attacker and protects nothing; it is also the same on every \
            device and cannot be rotated. A constant IV or nonce makes equal plaintexts encrypt equally (and breaks \
            AES-GCM outright); a constant password salt lets one precomputed table crack every user.
            """,
        fix:
            "Generate keys with SymmetricKey(size: .bits256) or SecKeyCreateRandomKey, store them in the Keychain or Secure Enclave, and use a fresh random IV/nonce per message.",
        fixExample: """
            let key = SymmetricKey(size: .bits256)   // once; then keep it in the Keychain
            let sealed = try AES.GCM.seal(plaintext, using: key)   // random nonce chosen for you
            """,
        triggeringExamples: [
            // A SQLCipher key given to SQLite.swift's `Connection` in a file that does not import it, and RNCryptor's
            // key-derivation salts and IV by their labels.
            RuleExample(
                """
                func open(at path: String) throws -> Connection {
                    let db = try Connection(path)
                    try db.key(↓"s3cr3t-passphrase")
                    try db.sqlcipher_export(.uri(exportPath), key: ↓"backup-passphrase")
                    return db
                }
                func seal(_ data: Data, password: String) throws -> Data {
                    try RNEncryptor.encryptData(
                        data, with: kRNCryptorAES256Settings, password: password, iv: randomIV(),
                        encryptionSalt: ↓Data("salt1234".utf8), hmacSalt: ↓Data(count: 8))
                }
                """),
            // Key bytes from a helper that encodes a helper's constant text.
            RuleExample(
                """
                import CryptoSwift

                enum Preset {
                    static func text() -> String { "mariner-orchard-5573" }
                    static func bytes() -> [UInt8] { [UInt8](text().utf8) }
                }
                func sealer(iv: [UInt8]) throws -> AES {
                    try AES(key: ↓Preset.bytes(), blockMode: CBC(iv: iv), padding: .pkcs7)
                }
                """),
            RuleExample(
                """
                import GRDB

                func openStore(at path: String) throws -> DatabaseQueue {
                    var config = Configuration()
                    config.prepareDatabase { db in try db.usePassphrase(↓"ledger-2024-passphrase") }
                    let realm = Realm.Configuration(encryptionKey: ↓Data(repeating: 7, count: 64))
                    _ = realm
                    return try DatabaseQueue(path: path, configuration: config)
                }
                """),
            RuleExample(
                """
                #define kCardKey @"0123456789abcdef0123456789abcdef"
                - (NSData *)encrypt:(NSData *)data {
                    CCCrypt(kCCEncrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, ↓kCardKey.UTF8String, kCCKeySizeAES256,
                            ↓"0000111122223333", data.bytes, data.length, out, outLength, &moved);
                }
                """, path: "App/Vault.m"),
            // Objective-C: a salt kept in a local, a key buffer filled from a constant, an HMAC key.
            RuleExample(
                """
                #define kVaultKey @"0123456789abcdef0123456789abcdef"
                - (NSData *)derive:(NSString *)password {
                    NSData *salt = [↓@"vault-salt" dataUsingEncoding:NSUTF8StringEncoding];
                    CCKeyDerivationPBKDF(kCCPBKDF2, password.UTF8String, strlen(password.UTF8String), salt.bytes, salt.length,
                                         kCCPRFHmacAlgSHA256, 600000, derived, 32);
                    char keyPtr[kCCKeySizeAES256 + 1];
                    [kVaultKey getCString:keyPtr maxLength:sizeof(keyPtr) encoding:NSUTF8StringEncoding];
                    CCCrypt(kCCEncrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, ↓keyPtr, kCCKeySizeAES256, ↓NULL,
                            data.bytes, data.length, out, outLength, &moved);
                    CCHmac(kCCHmacAlgSHA256, ↓"signing-key", 11, data.bytes, data.length, mac);
                }
                """, path: "App/VaultCrypto.m",
                findings: [
                    FindingSpec(message: "salt is a string literal"), FindingSpec(message: "key comes from"),
                    FindingSpec(message: "iv is NULL"), FindingSpec(message: "key comes from")
                ]),
            RuleExample(
                """
                func signingKey() throws -> P256.Signing.PrivateKey {
                    let privateKeyBytes: [UInt8] = ↓[0x7c, 0x02, 0x2a, 0x7e, 0x53, 0x7e, 0x1a, 0x2d, 0x44, 0x77, 0xd4, 0xf6]
                    let privateKeyData = Data(privateKeyBytes)
                    return try P256.Signing.PrivateKey(rawRepresentation: privateKeyData)
                }
                """),
            RuleExample(
                """
                func encrypt(_ input: [UInt8]) {
                    let key = ↓"0123456789abcdef01234567"
                    key.withCString { keyBytes in
                        _ = CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithm3DES), CCOptions(kCCOptionPKCS7Padding),
                                    keyBytes, kCCKeySize3DES, ↓nil, input, input.count, &output, output.count, &moved)
                    }
                }
                """),
            RuleExample(#"let key = SymmetricKey(data: ↓"0123456789abcdef0123456789abcdef".data(using: .utf8)!)"#),
            RuleExample(#"let key = SymmetricKey(data: ↓SHA256.hash(data: Data("acme-vault-2024".utf8)))"#),
            // The app's own helper: the key its caller writes down is the key.
            RuleExample(
                """
                func seal(_ data: Data, with secret: String) throws -> [UInt8] {
                    try AES(key: Array(secret.utf8), blockMode: GCM(iv: AES.randomIV(12))).encrypt(Array(data))
                }
                func archive(_ data: Data) throws -> [UInt8] {
                    try seal(data, with: ↓"k7Qp2vXz9LmN4rTw")
                }
                """,
                findings: [FindingSpec(severity: .critical, message: "is passed to `seal`, which uses it as the key")]),
            RuleExample(
                """
                // Reported where the key is written down: the line to fix.
                let keyBytes: [UInt8] = ↓[0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6, 0xab, 0xf7, 0x15, 0x88]
                let status = CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding),
                                     keyBytes, kCCKeySizeAES128, ↓[UInt8](repeating: 0, count: 16),
                                     input, input.count, &output, output.count, &moved)
                """),
            RuleExample(
                """
                final class NoteSealer {
                    let passphrase = ↓"7d1e5c0b9a3f4e28"
                    func seal(_ plain: Data, into out: UnsafeMutableRawPointer, moved: inout Int) -> Int32 {
                        let keyBytes = Array(passphrase.utf8)
                        return plain.withUnsafeBytes { input in
                            CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding),
                                    keyBytes, keyBytes.count, ↓nil, input.baseAddress, plain.count, out, 64, &moved)
                        }
                    }
                }
                """),
            // The buffer a closure gets from a literal's bytes, by its base address; no IV, so CBC starts from zeros.
            RuleExample(
                """
                func wrap(_ data: Data, out: UnsafeMutableRawPointer, moved: inout Int) {
                    let key = ↓"4f1c9e7a2b6d8035".data(using: .utf8)!
                    key.withUnsafeBytes { keyBytes in
                        data.withUnsafeBytes { input in
                            _ = CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding),
                                        keyBytes.baseAddress, kCCKeySizeAES128, ↓nil, input.baseAddress, data.count, out, 64, &moved)
                        }
                    }
                }
                """),
            RuleExample(#"let aes = try AES(key: ↓"s3cr3tK3y!s3cr3tK3y!s3cr3tK3y!12", iv: ↓"a1b2c3d4e5f6g7h8")"#),
            RuleExample(
                """
                fileprivate let aesKey = ↓"gQ7c8qTe1FvR3oJV"
                final class Vault { private static let cipher = AESCrypto(key: aesKey, iv: ivData) }
                """),
            RuleExample("let nonce = try AES.GCM.Nonce(data: ↓Data([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]))"),
            // A constant and the bundle identifier: the same key in every copy of the app.
            RuleExample(
                """
                enum ArchiveFormat { static let magic = "STRDARCH" }
                func archiveKey(bundle: Bundle = .main) -> SymmetricKey {
                    let identifier = bundle.bundleIdentifier ?? "com.example.app"
                    let material = SymmetricKey(data: ↓Data(ArchiveFormat.magic.utf8) + Data(identifier.utf8))
                    return HKDF<SHA256>.deriveKey(inputKeyMaterial: material, outputByteCount: 32)
                }
                """),
            // The vault's id is the same for every backup the vault key seals.
            RuleExample(
                """
                func backup(_ payload: Data, header: Header, key: SymmetricKey) throws -> Data {
                    let nonce = try AES.GCM.Nonce(data: ↓header.vaultID.data.prefix(12))
                    return try AES.GCM.seal(payload, using: key, nonce: nonce).ciphertext
                }
                """, findings: [FindingSpec(severity: .high, message: "made from `header.vaultID`")]),
            RuleExample(
                """
                final class Vault {
                    private let masterKey = ↓"k9#Lq2!vX8@pZ4$w"
                    func seal(_ data: Data) throws -> Data? {
                        try AES.GCM.seal(data, using: SymmetricKey(data: Data(masterKey.utf8))).combined
                    }
                }
                """),
            RuleExample(
                #"let derived = try PKCS5.PBKDF2(password: Array(password.utf8), salt: ↓Array("NaCl-acme".utf8), iterations: 4096, variant: .sha2(.sha256)).calculate()"#
            ),
            RuleExample(
                """
                // RNCryptor: the password is the key.
                let sealed = RNCryptor.encrypt(data: notes, withPassword: ↓"Vault#Key-2020")
                let legacy = try RNEncryptor.encryptData(notes, with: kRNCryptorAES256Settings, password: ↓"pa55w0rd!")
                """),
            RuleExample(
                """
                // A function or computed property that only returns a literal is that literal.
                func cipherKey() -> String { return "Zq4!cVb9@Lm2#Xr7" }
                var macKey: String { "f00dfeedf00dfeed" }
                let aes = try AES(key: ↓cipherKey(), iv: iv)
                let keyString = cipherKey()
                let blowfish = try Blowfish(key: ↓keyString, iv: iv)
                let mac = HMAC(key: ↓macKey, variant: .sha2(.sha256))
                """),
            // The same constant key, but the HMAC authenticates a request: the key is the secret.
            RuleExample(
                """
                struct RequestSigner {
                    private static let signingKey = SymmetricKey(data: ↓Data("Bitcoin seed".utf8))
                    func sign(_ body: Data) -> Data {
                        Data(HMAC<SHA256>.authenticationCode(for: body, using: Self.signingKey))
                    }
                }
                """),
            RuleExample(
                """
                // A constant password into a key derivation gives every install the same key.
                let masterPassword: [UInt8] = ↓[0x2a, 0x3a, 0x80, 0x05, 0xaf, 0x46, 0x58, 0x2d]
                let key = try PKCS5.PBKDF2(password: masterPassword, salt: salt, iterations: 600_000, keyLength: 32).calculate()
                let other = try Scrypt(password: ↓Array("vault-pass".utf8), salt: salt, dkLen: 64, N: 16384, r: 8, p: 1)
                """),
            RuleExample(
                """
                func encrypt(_ plain: Data, key: Data, iv: Data = ↓"0000111122223333".data(using: .utf8)!) throws -> Data {
                    try AES(key: key.bytes, blockMode: CBC(iv: iv.bytes)).encrypt(plain.bytes).data
                }
                """),
            RuleExample(files: [
                (
                    "App/Constants.swift",
                    "enum CryptoConstants { static let salt: [UInt8] = [0x4a, 0x17, 0x9c, 0x02, 0x5e, 0x61, 0x33, 0x80] }"
                ),
                (
                    "App/KeyMaker.swift",
                    "func key(for password: String) -> Data { pbkdf2SHA256(password: password, salt: ↓CryptoConstants.salt, rounds: 10_000) }"
                )
            ])
        ],
        nonTriggeringExamples: [
            // The user's passphrase joined with a constant label: the secret is the user's.
            RuleExample(
                """
                func vaultKey(passphrase: String) -> SymmetricKey {
                    let identifier = Bundle.main.bundleIdentifier ?? "com.example.app"
                    let material = SymmetricKey(data: Data(passphrase.utf8) + Data(identifier.utf8))
                    return HKDF<SHA256>.deriveKey(inputKeyMaterial: material, outputByteCount: 32)
                }
                """),
            // Opening takes the nonce the sealer chose; a counter's bytes change with every message.
            RuleExample(
                """
                func restore(_ box: Data, header: Header, key: SymmetricKey) throws -> Data {
                    let nonce = try AES.GCM.Nonce(data: header.vaultID.data.prefix(12))
                    return try AES.GCM.open(AES.GCM.SealedBox(nonce: nonce, ciphertext: box.dropLast(16), tag: box.suffix(16)), using: key)
                }
                func send(_ frame: Data, key: SymmetricKey) throws -> Data {
                    let nonce = try ChaChaPoly.Nonce(data: Data(counterBytes(sequenceNumber)))
                    return try ChaChaPoly.seal(frame, using: key, nonce: nonce).combined
                }
                """),
            // ECB has no IV (`crypto.weak-cipher` reports the mode) and RC4 is a stream cipher: nil is all they take.
            RuleExample(
                """
                func legacyDecrypt(_ data: Data, key: Data, out: UnsafeMutableRawPointer, moved: inout Int) {
                    key.withUnsafeBytes { keyBytes in
                        data.withUnsafeBytes { input in
                            _ = CCCrypt(CCOperation(kCCDecrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionECBMode),
                                        keyBytes.baseAddress, key.count, nil, input.baseAddress, data.count, out, 64, &moved)
                            _ = CCCrypt(CCOperation(kCCDecrypt), CCAlgorithm(kCCAlgorithmRC4), 0,
                                        keyBytes.baseAddress, key.count, nil, input.baseAddress, data.count, out, 64, &moved)
                        }
                    }
                }
                """),
            RuleExample("let key = SymmetricKey(data: SHA256.hash(data: Data(sharedSecretField.text!.utf8)))"),
            RuleExample(
                """
                func seal(_ data: Data, with secret: String) throws -> [UInt8] {
                    try AES(key: Array(secret.utf8), blockMode: GCM(iv: AES.randomIV(12))).encrypt(Array(data))
                }
                func archive(_ data: Data, keychain: Keychain) throws -> [UInt8] {
                    try seal(data, with: keychain.get("archiveKey") ?? "")
                }
                """),
            // A salt started from a literal and then extended with random bytes is not the literal.
            RuleExample(
                """
                func vaultKey(_ encryptor: RNEncryptor, password: String) -> Data {
                    var salt = "vault-"
                    salt += UUID().uuidString
                    return encryptor.key(forPassword: password, salt: Data(salt.utf8), settings: settings)
                }
                """),
            RuleExample(
                """
                func seal(_ data: Data, password: String) throws -> Data {
                    try RNEncryptor.encryptData(
                        data, with: kRNCryptorAES256Settings, password: password, IV: RNCryptor.randomData(ofLength: 16),
                        encryptionSalt: RNCryptor.randomData(ofLength: 8), HMACSalt: RNCryptor.randomData(ofLength: 8))
                }
                func open(_ db: Connection) throws { try db.key(try keychainPassphrase()) }
                """),
            // A helper that returns fresh random bytes.
            RuleExample(
                """
                import CryptoSwift

                enum Fresh {
                    static func bytes() -> [UInt8] { AES.randomIV(32) }
                }
                func sealer(iv: [UInt8]) throws -> AES {
                    try AES(key: Fresh.bytes(), blockMode: CBC(iv: iv), padding: .pkcs7)
                }
                """),
            RuleExample(
                """
                import GRDB

                func openStore(at path: String, passphrase: String) throws {
                    var config = Configuration()
                    config.prepareDatabase { db in try db.usePassphrase(passphrase) }
                    let realmKey = try KeychainKeys.realmKey()
                    _ = Realm.Configuration(encryptionKey: realmKey)
                    _ = Vault(encryptionKey: "display-name")  // the app's own type: a label, not an API
                    _ = db.key("title")  // no SQLite.swift here
                }
                """),
            RuleExample(
                """
                // A parameter named key whose default never reaches a cipher: a settings prefix.
                extension Source {
                    static func kavita(key: String = "kavita", name: String, server: String) -> Source {
                        Source(key: key, name: name, url: server)
                    }
                    func setting(key: String = "theme") -> String? { UserDefaults.standard.string(forKey: key) }
                }
                """),
            RuleExample(
                """
                // The app's own model and a hash's context label: not a cipher's nonce, not a password salt.
                let entry = Ledger(nonce: "0", amount: 10, memo: "opening balance")
                let digest = Blake2b.hash(data, outputLength: 32, salt: "app-chain-v1")
                """),
            RuleExample(
                """
                - (NSData *)encrypt:(NSData *)data key:(NSData *)key iv:(NSData *)iv {
                    CCCrypt(kCCEncrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, key.bytes, kCCKeySizeAES256,
                            iv.bytes, data.bytes, data.length, out, outLength, &moved);
                }
                - (NSData *)derive:(NSString *)password salt:(NSData *)salt key:(NSString *)key {
                    CCKeyDerivationPBKDF(kCCPBKDF2, password.UTF8String, strlen(password.UTF8String), salt.bytes, salt.length,
                                         kCCPRFHmacAlgSHA256, 600000, derived, 32);
                    char keyPtr[kCCKeySizeAES256 + 1];
                    [key getCString:keyPtr maxLength:sizeof(keyPtr) encoding:NSUTF8StringEncoding];
                    CCHmac(kCCHmacAlgSHA256, keyPtr, strlen(keyPtr), data.bytes, data.length, mac);
                }
                """, path: "App/Vault.m"),
            RuleExample("let key = SymmetricKey(size: .bits256)"),
            RuleExample(
                """
                func encrypt(_ data: Data) throws -> Data? {
                    let key = SymmetricKey(data: try keychain.readKey(account: "backup"))
                    return try AES.GCM.seal(data, using: key, nonce: AES.GCM.Nonce()).combined
                }
                """),
            RuleExample(
                """
                var iv = [UInt8](repeating: 0, count: kCCBlockSizeAES128)
                guard SecRandomCopyBytes(kSecRandomDefault, iv.count, &iv) == errSecSuccess else { throw CryptoError.random }
                let status = CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding),
                                     keyBytes, keyBytes.count, &iv, input, input.count, &output, output.count, &moved)
                """),
            // BIP-32: HMAC keyed by the standard's label over the seed derives the master key.
            RuleExample(
                """
                struct HDMasterKey {
                    private static let masterHMACKey = SymmetricKey(data: Data("Bitcoin seed".utf8))
                    init(seed: Data) {
                        let digest = Data(HMAC<SHA512>.authenticationCode(for: seed, using: Self.masterHMACKey))
                        privateKey = digest.prefix(32)
                        chainCode = digest.suffix(32)
                    }
                }
                """),
            RuleExample(
                """
                // A fixed HKDF salt is a domain-separation label, not a secret.
                let wrapKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: sharedSecret, salt: Data("com.acme.backup.v1".utf8),
                                                     info: Data("wrap".utf8), outputByteCount: 32)
                """),
            RuleExample(#"keychain.set(token, key: "accessToken")"#),
            RuleExample(
                """
                // The protocol fixes an all-zero HKDF salt; HKDF's salt is not a password salt.
                let salt = Data(repeating: 0, count: 8)
                let key = secret.hkdfDerivedSymmetricKey(using: SHA256.self, salt: salt, sharedInfo: info, outputByteCount: 32)
                """),
            RuleExample(
                """
                func encrypt(_ plain: Data, key: SymmetricKey, nonce: AES.GCM.Nonce = AES.GCM.Nonce()) throws -> Data? {
                    try AES.GCM.seal(plain, using: key, nonce: nonce).combined
                }
                let sealed = RNCryptor.encrypt(data: notes, withPassword: userPassword)
                """),
            RuleExample(
                """
                // Functions that compute or look up their key are not constants.
                func cipherKey() -> String { keychain.string(forKey: "cipher") ?? "" }
                func keyLabel() -> String { "" }
                let aes = try AES(key: cipherKey(), iv: iv)
                let named = try AES(key: keyLabel(), iv: iv)
                let derived = try PKCS5.PBKDF2(password: Array(passwordField.text!.utf8), salt: salt, iterations: 600_000, keyLength: 32)
                """)
        ]
    )

    /// Constructors whose `key:` argument is key material (CryptoSwift, RNCryptor, common wrappers).
    private static let keyedConstructors: Set<String> = [
        "AES", "ChaCha20", "Blowfish", "Rabbit", "HMAC", "CMAC", "CBCMAC", "Poly1305", "AEADChaCha20Poly1305",
        "Cryptor", "StreamCryptor", "Encryptor", "Decryptor"
    ]

    /// Members that are the bytes of their base: `"…".utf8`, `data.bytes`, a buffer's `baseAddress`
    /// (`key.withUnsafeBytes { keyBytes in CCCrypt(…, keyBytes.baseAddress, …) }`).
    private static let bytesMembers: Set<String> = ["utf8", "bytes", "baseAddress"]

    private enum Role: String {
        case key, iv = "IV", nonce, salt, password
    }

    /// Definition sites already reported in this file.
    private var reported: Set<SyntaxIdentifier> = []

    /// The literal a name in `argument` was initialised with (a local or stored property in this file), seen
    /// through `Data(…)`, `Array(…)`, `.utf8`, `.data(using:)` and `&`.
    private static func definitionSite(of argument: ExprSyntax) -> ExprSyntax? {
        let e = material(of: argument)
        if let ref = e.as(DeclReferenceExprSyntax.self), let base = bufferClosureBase(of: ref) {
            return definitionSite(of: base)  // `key.withCString { keyBytes in … keyBytes … }`
        }
        guard
            e.is(DeclReferenceExprSyntax.self)
                || e.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind
                    == .keyword(.self),
            let origin = LocalValue.origin(of: e), literalSource(origin, depth: 0) != nil
        else { return nil }
        // `let data = Data(bytes)` where `let bytes = […]`: the bytes are the definition.
        if !origin.is(StringLiteralExprSyntax.self), !origin.is(ArrayExprSyntax.self),
            let deeper = definitionSite(of: origin)
        {
            return deeper
        }
        return origin
    }

    /// For a closure parameter of `x.withCString { p in … }` (or `withUnsafeBytes`, `withUnsafeBufferPointer`): `x`.
    static func bufferClosureBase(of ref: DeclReferenceExprSyntax) -> ExprSyntax? {
        var current = Syntax(ref).parent
        while let n = current {
            if let closure = n.as(ClosureExprSyntax.self) {
                guard
                    let call = closure.parent?.as(FunctionCallExprSyntax.self)
                        ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
                    ["withCString", "withUnsafeBytes", "withUnsafeBufferPointer", "withContiguousStorageIfAvailable"]
                        .contains(call.calledName ?? ""),
                    let parameter = closure.signature?.parameterClause,
                    parameter.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == ref.baseName.text }),
                    let base = call.calledBase
                else {
                    current = n.parent
                    continue
                }
                return base
            }
            if n.is(FunctionDeclSyntax.self) { return nil }
            current = n.parent
        }
        return nil
    }

    /// Callees whose key material is not labelled: CryptoKit initialisers, and the C APIs whose key, IV and salt are
    /// positional arguments.
    private static let unlabelledMaterialCallees = Set([
        "SymmetricKey", "Nonce", "PrivateKey", "init", "SecKeyCreateWithData", "CCCrypt", "CCCryptorCreate",
        "CCCryptorCreateWithMode", "CCKeyDerivationPBKDF", "sqlcipher_export", "keyForPassword"
    ]).union(databaseKeySinks.keys).union(keyLabelledAPIs)
    /// Argument labels that pass key material: any call with one is looked at.
    private static let materialLabels: Set<String> = [
        "key", "iv", "nonce", "salt", "password", "withPassword", "encryptionKey", "withEncryptionKey", "hmacKey",
        "HMACKey"
    ]
    static let subscription = Subscription(
        calls: .named(unlabelledMaterialCallees, orLabelled: materialLabels),
        parameters: Set(materialParameters.keys))

    /// Where a database's encryption key goes: SQLCipher's C API, SQLite.swift's `Connection` (SQLCipher build),
    /// GRDB's passphrase. The argument position, or nil for the first unlabelled one; the module an app imports when
    /// the name alone is too common (`key(_:)`).
    private static let databaseKeySinks: [String: (position: Int?, module: String?)] = [
        "sqlite3_key": (1, nil), "sqlite3_rekey": (1, nil), "sqlite3_key_v2": (2, nil), "sqlite3_rekey_v2": (2, nil),
        "usePassphrase": (nil, nil), "changePassphrase": (nil, nil),
        "key": (nil, "SQLite"), "rekey": (nil, "SQLite"), "keyAndMigrate": (nil, "SQLite")
    ]
    /// SQLite.swift's `Connection`, the type whose `key(_:)` is a database key in a file that does not import it.
    private static let databaseKeyType = "Connection"
    /// Third-party APIs whose `encryptionKey:` / `hmacKey:` is key material: RNCryptor, Realm's configuration.
    private static let keyLabelledAPIs: Set<String> = [
        "RNEncryptor", "RNDecryptor", "encryptData", "decryptData", "Configuration"
    ]

    /// Parameter names whose default value is key material.
    private static let materialParameters: [String: Role] = ["key": .key, "iv": .iv, "nonce": .nonce, "salt": .salt]
    /// Labels of third-party APIs (RNCryptor, IDZSwiftCommonCrypto) whose password is the encryption key.
    private static let passwordLabels: Set<String> = ["password", "withPassword"]
    private static let passwordKeyedAPIs: Set<String> = [
        "encrypt", "decrypt", "encryptData", "decryptData", "Encryptor", "Decryptor", "RNCryptor", "RNEncryptor",
        "RNDecryptor", "keyForPassword",
        // CryptoSwift's key derivations: a fixed password gives every install the same key.
        "PBKDF1", "PBKDF2", "Scrypt", "HKDF"
    ]

    /// `iv: Data = "0000…".data(using: .utf8)!`: every call that leaves it out uses the same IV.
    /// A literal default for a parameter named `key`, `iv`, `nonce` or `salt` counts only when the function hands
    /// that parameter to a crypto API: `func kavita(key: String = "kavita")` names a settings prefix.
    mutating func visit(_ parameter: FunctionParameterSyntax, in file: SwiftFile) {
        guard let value = parameter.defaultValue?.value,
            let role = Self.materialParameters[(parameter.secondName ?? parameter.firstName).text.lowercased()],
            Self.reachesMaterialSink(parameter)
        else { return }
        check(value, as: role, in: file)
    }

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        for (argument, role) in Self.materialArguments(of: call, imports: file.imports) {
            if role == .iv, argument.unwrapped.is(NilLiteralExprSyntax.self) {
                if Self.chainsBlocks(call) {
                    report(
                        file, at: argument,
                        "IV is nil, so CommonCrypto chains from an all-zero IV, the same for every message; use a fresh random IV each time"
                    )
                }
                continue
            }
            if role == .key, call.calledName == "SymmetricKey", Self.keysOnlyDerivations(call, in: file) { continue }
            if role == .nonce, let identifier = Self.identifierNonce(argument, sealedAt: call) {
                report(
                    file, at: argument,
                    "nonce is made from `\(identifier)`, an identifier that stays the same, so every message sealed under the key reuses it (AES-GCM then leaks the plaintexts' XOR and the authentication key); use a fresh random nonce each time",
                    severity: .high)
                continue
            }
            check(argument, as: role, in: file)
        }
    }

    /// The identifier a nonce's bytes are cut from (`AES.GCM.Nonce(data: header.vaultID.data.prefix(12))`), when
    /// the function seals with it: an id stays the same while the key seals again. A nonce read back to open a box
    /// is the sealer's choice, and one built from a counter or random bytes changes.
    private static func identifierNonce(_ argument: ExprSyntax, sealedAt call: FunctionCallExprSyntax) -> String? {
        guard let body = call.enclosingFunction?.body,
            body.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .identifier("seal") })
        else { return nil }
        var e = argument.unwrapped
        for _ in 0..<8 {
            if let ref = e.as(DeclReferenceExprSyntax.self) {
                if let value = LocalValue.initializer(of: ref.baseName.text, before: ref),
                    value.as(DeclReferenceExprSyntax.self)?.baseName.text != ref.baseName.text
                {
                    e = value.unwrapped
                    continue
                }
                return isIdentifierName(ref.baseName.text) ? ref.baseName.text : nil
            }
            if let member = e.as(MemberAccessExprSyntax.self), let base = member.base {
                let name = member.declName.baseName.text
                if isIdentifierName(name) { return member.trimmedDescription }
                guard identifierBytesMembers.contains(name) else { return nil }
                e = base.unwrapped
                continue
            }
            if let call = e.as(FunctionCallExprSyntax.self), let name = call.calledName {
                // `id.data(using: .utf8)`, `Data(id.utf8)`, `bytes.prefix(12)`: the same bytes, cut or converted.
                if identifierBytesCalls.contains(name), let base = call.calledBase,
                    call.arguments.allSatisfy({ $0.expression.is(IntegerLiteralExprSyntax.self) || $0.label != nil })
                {
                    e = base.unwrapped
                    continue
                }
                if ["Data", "Array"].contains(name), call.arguments.count == 1, let first = call.arguments.first {
                    e = first.expression.unwrapped
                    continue
                }
            }
            return nil
        }
        return nil
    }

    private static let identifierBytesMembers: Set<String> = ["utf8", "data", "uuidString", "rawValue", "bytes"]
    private static let identifierBytesCalls: Set<String> = ["prefix", "suffix", "data", "dropFirst", "dropLast"]

    private static func isIdentifierName(_ name: String) -> Bool {
        guard let last = SensitiveName.words(name).last else { return false }
        return ["id", "identifier", "uuid", "guid"].contains(last)
    }

    /// `static let masterKey = SymmetricKey(data: Data("Bitcoin seed".utf8))` used only as the key of
    /// `HMAC<SHA512>.authenticationCode(for: seed, using: masterKey)`, over key material: HMAC keyed by a constant
    /// label and fed a secret is a derivation step (BIP-32's master key, HKDF's extract with a fixed salt), whose
    /// label is public by design; the secret is what it hashes. An HMAC over anything else authenticates with the key.
    private static func keysOnlyDerivations(_ call: FunctionCallExprSyntax, in file: SwiftFile) -> Bool {
        var node = Syntax(call)
        while let parent = node.parent, !parent.is(PatternBindingSyntax.self), !parent.is(CodeBlockItemSyntax.self) {
            node = parent
        }
        guard let binding = node.parent?.as(PatternBindingSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { return false }
        let uses = SyntaxSearch.all(DeclReferenceExprSyntax.self, in: file.tree) { $0.baseName.text == name }
        guard !uses.isEmpty else { return false }
        return uses.allSatisfy { use in
            var keyed = ExprSyntax(use)
            if let member = use.parent?.as(MemberAccessExprSyntax.self), member.declName.id == use.id {
                keyed = ExprSyntax(member)
            }
            guard let argument = keyed.parent?.as(LabeledExprSyntax.self), argument.label?.text == "using",
                let mac = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                mac.calledName == "authenticationCode", mac.calledBase?.trimmedDescription.hasPrefix("HMAC") == true,
                let message = mac.argument("for")?.lastName
            else { return false }
            return SensitiveName.words(message).contains(where: derivationInputWords.contains)
        }
    }

    /// What a derivation hashes: a seed, a key, a secret, the entropy it was made from.
    private static let derivationInputWords: Set<String> = [
        "seed", "key", "secret", "entropy", "ikm", "master", "material", "shared"
    ]

    /// CommonCrypto's options, modes and algorithms that use no IV: one table for Swift and Objective-C.
    static let unchainedModes: Set<String> = ["kCCOptionECBMode", "kCCModeECB", "kCCAlgorithmRC4", "kCCModeRC4"]

    /// Whether a CommonCrypto call chains blocks from its IV: not ECB (which has none; `crypto.weak-cipher`
    /// reports it) and not RC4, a stream cipher without one.
    private static func chainsBlocks(_ call: FunctionCallExprSyntax) -> Bool {
        // The algorithm and the options (CCCrypt, CCCryptorCreate) or the mode and the algorithm (…WithMode).
        for position in [1, 2] {
            guard var argument = argument(at: position, of: call) else { return false }
            if argument.unwrapped.is(DeclReferenceExprSyntax.self), let origin = LocalValue.origin(of: argument) {
                argument = origin
            }
            if argument.mentions(anyOf: unchainedModes) {
                return false
            }
        }
        return true
    }

    /// The arguments of `call` that a crypto API takes as key material, with their role.
    private static func materialArguments(
        of call: FunctionCallExprSyntax, imports: Set<String>? = nil
    ) -> [(ExprSyntax, Role)] {
        // The dispatcher hands over only calls with a material label or one of `unlabelledMaterialCallees`.
        guard !call.arguments.isEmpty, let name = call.calledName else { return [] }
        var found: [(ExprSyntax, Role)] = []
        func add(_ argument: ExprSyntax?, _ role: Role) { if let argument { found.append((argument, role)) } }
        if let sink = databaseKeySinks[name],
            sink.module.map({
                imports?.contains($0) == true
                    || call.calledBase.flatMap(Sensitivity.declaredType(of:)) == Self.databaseKeyType
            }) ?? true
        {
            add(
                sink.position.flatMap { Self.argument(at: $0, of: call) }
                    ?? call.arguments.first { $0.label == nil }?.expression, .key)
            return found
        }
        // SQLite.swift's `sqlcipher_export(_:key:)`: the key of the encrypted copy.
        if name == "sqlcipher_export" {
            add(call.argument("key"), .key)
            return found
        }
        if keyLabelledAPIs.contains(name),
            name != "Configuration" || call.calledBase?.lastName == "Realm"
        {
            for label in ["encryptionKey", "withEncryptionKey", "hmacKey", "HMACKey"] {
                add(call.argument(label), .key)
            }
        }
        switch name {
        case "SymmetricKey":
            add(call.argument("data"), .key)
        case "Nonce":
            add(call.argument("data"), .nonce)
        case "CCCrypt", "CCCryptorCreate":
            add(Self.argument(at: 3, of: call), .key)
            add(Self.argument(at: 5, of: call), .iv)
        case "CCCryptorCreateWithMode":
            add(Self.argument(at: 4, of: call), .iv)
            add(Self.argument(at: 5, of: call), .key)
        case "SecKeyCreateWithData":
            add(call.arguments.first?.expression, .key)
        case "PrivateKey",
            "init" where name == "PrivateKey" || call.calledBase?.lastName == "PrivateKey":
            // CryptoKit: `P256.Signing.PrivateKey(rawRepresentation: bytes)`, `Curve25519….PrivateKey(rawRepresentation:)`
            for label in ["rawRepresentation", "x963Representation", "derRepresentation", "pemRepresentation"] {
                add(call.argument(label), .key)
            }
        case "CCKeyDerivationPBKDF":
            add(Self.argument(at: 3, of: call), .salt)
        default:
            for argument in call.arguments {
                switch argument.label?.text {
                case "key" where Self.keyedConstructors.contains(name) || Self.isCryptoName(name):
                    add(argument.expression, .key)
                // A label alone is not the API: `Ledger(nonce: "0")` is the app's transaction counter and
                // `Blake2b.hash(data, salt: "app-v1")` a context label. The callee must be a cipher or a KDF.
                case "iv", "IV",
                    "nonce" where Self.isCryptoCall(call):
                    add(argument.expression, .iv)
                case "salt"
                where !Self.isHKDF(call)
                    && (Self.isKDFCall(call) || Self.isCryptoCall(call) || Self.isPasswordKeyedAPI(call)):
                    add(argument.expression, .salt)
                // RNCryptor's password-keyed forms take the two key-derivation salts by these labels.
                case "encryptionSalt", "hmacSalt",
                    "HMACSalt" where Self.isPasswordKeyedAPI(call):
                    add(argument.expression, .salt)
                case let label? where Self.passwordLabels.contains(label) && Self.isPasswordKeyedAPI(call):
                    add(argument.expression, .password)
                default:
                    break
                }
            }
        }
        return found
    }

    /// Whether the function or initializer that declares `parameter` passes it (or a value made from it) to an
    /// argument a crypto API takes as key material.
    private static func reachesMaterialSink(_ parameter: FunctionParameterSyntax) -> Bool {
        let name = (parameter.secondName ?? parameter.firstName).text
        var node = Syntax(parameter).parent
        var body: CodeBlockSyntax?
        while let current = node {
            if let function = current.as(FunctionDeclSyntax.self) {
                body = function.body
                break
            }
            if let initializer = current.as(InitializerDeclSyntax.self) {
                body = initializer.body
                break
            }
            if current.is(ClosureExprSyntax.self) || current.is(MemberBlockSyntax.self) { return false }
            node = current.parent
        }
        guard let body else { return false }
        let collected = BodyCollector(viewMode: .sourceAccurate)
        collected.walk(body)
        // The names that carry the parameter's bytes: itself, locals made from it (`let ivBytes = Array(iv)`) and
        // the buffer a closure gets from it (`iv.withUnsafeBytes { ivBytes in … }`).
        var names: Set<String> = [name]
        func mentions(_ node: some SyntaxProtocol) -> Bool {
            node.tokens(viewMode: .sourceAccurate).contains {
                if case .identifier(let text) = $0.tokenKind { return names.contains(text) }
                return false
            }
        }
        for _ in 0..<3 {
            let before = names.count
            for binding in collected.bindings {
                if let value = binding.initializer?.value, mentions(value),
                    let local = binding.pattern.as(IdentifierPatternSyntax.self)
                {
                    names.insert(local.identifier.text)
                }
            }
            for call in collected.calls where bufferCalls.contains(call.calledName ?? "") {
                guard let base = call.calledBase, mentions(base),
                    let parameters = call.trailingClosure?.signature?.parameterClause
                else { continue }
                for token in parameters.tokens(viewMode: .sourceAccurate) {
                    if case .identifier(let text) = token.tokenKind { names.insert(text) }
                }
            }
            if names.count == before { break }
        }
        return collected.calls.contains { call in
            materialArguments(of: call).contains { argument, _ in mentions(argument) }
        }
    }

    private static let bufferCalls: Set<String> = [
        "withCString", "withUnsafeBytes", "withUnsafeBufferPointer", "withContiguousStorageIfAvailable"
    ]

    private final class BodyCollector: SyntaxVisitor {
        var calls: [FunctionCallExprSyntax] = []
        var bindings: [PatternBindingSyntax] = []
        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            calls.append(node)
            return .visitChildren
        }
        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            bindings.append(node)
            return .visitChildren
        }
    }

    private mutating func check(_ argument: ExprSyntax?, as role: Role, in file: SwiftFile) {
        guard let argument else { return }
        guard
            let source = Self.literalSource(argument, depth: 0) ?? Self.constantSource(argument, in: file)
                ?? Self.joinedConstantSource(argument, in: file)
        else {
            // `func seal(_ data: Data, with key: String) { AES(key: Array(key.utf8), …) }`: the app's own helper;
            // what its callers pass, in any file, is the key (`CallerArgumentsStage`).
            if var sink = ParameterSink.of(Self.material(of: argument), ruleId: Self.description.id) {
                sink.note = role.rawValue
                file.record(kind: FactKind.wrapperSink, value: sink.factValue, at: argument)
            }
            return
        }
        let message =
            switch role {
            case .key:
                "key comes from \(source) in the source, readable by anyone with the app; generate it and keep it in the Keychain"
            case .iv, .nonce:
                "\(role.rawValue) is \(source), the same for every message; use a fresh random \(role.rawValue) each time"
            case .salt: "salt is \(source), the same for every user; use a random salt per user"
            case .password:
                "encryption password comes from \(source) in the source, so every install uses the same key; derive it from the user's secret or keep a random key in the Keychain"
            }
        // Report where the bytes are written down (`let salt: [UInt8] = […]`), once, when that is in this file:
        // that is the line to fix, and a constant used twice is one mistake.
        if let definition = Self.definitionSite(of: argument) {
            guard reported.insert(definition.id).inserted else { return }
            report(file, at: definition, message)
        } else {
            report(file, at: argument, message)
        }
    }

    /// `Data(Format.magic.utf8) + Data(identifier.utf8)`: bytes joined from constants and what every copy of the app
    /// knows about itself (its bundle identifier, its version), at least one of them a constant: as fixed as one.
    private static func joinedConstantSource(_ expr: ExprSyntax, in file: SwiftFile) -> String? {
        guard let sequence = expr.unwrapped.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count >= 3, elements.count % 2 == 1 else { return nil }
        var constants = 0
        var appInfo = false
        for (index, element) in elements.enumerated() {
            if index % 2 == 1 {
                guard element.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" else { return nil }
                continue
            }
            if literalSource(element, depth: 0) ?? constantSource(element, in: file) != nil {
                constants += 1
            } else if isAppInfo(material(of: element)) {
                appInfo = true
            } else {
                return nil
            }
        }
        guard constants > 0 else { return nil }
        return appInfo ? "constants and the app's bundle identifier or version" : "constants joined together"
    }

    /// `bundle.bundleIdentifier ?? "com.example.app"`, `Bundle.main.object(forInfoDictionaryKey: "CFBundleVersion")`,
    /// directly or through a local: the same in every copy of the app.
    private static func isAppInfo(_ expr: ExprSyntax, depth: Int = 0) -> Bool {
        guard depth < 3 else { return false }
        var e = expr.unwrapped
        if let sequence = e.as(SequenceExprSyntax.self),
            sequence.elements.dropFirst().first?.as(BinaryOperatorExprSyntax.self)?.operator.text == "??",
            let first = sequence.elements.first
        {
            e = first.unwrapped
        }
        if let ref = e.as(DeclReferenceExprSyntax.self) {
            guard let value = LocalValue.initializer(of: ref.baseName.text, before: ref) else { return false }
            return isAppInfo(value, depth: depth + 1)
        }
        if let member = e.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "bundleIdentifier" {
            return true
        }
        if let call = e.as(FunctionCallExprSyntax.self), call.calledName == "object",
            call.argument("forInfoDictionaryKey") != nil
        {
            return true
        }
        return false
    }

    /// The value a key argument is made of: `key` in `Array(key.utf8)`, `Data(key.utf8)`, `key.data(using: .utf8)!`,
    /// `&key`.
    private static func material(of argument: ExprSyntax) -> ExprSyntax {
        var e = argument.unwrapped
        for _ in 0..<4 {
            if let inOut = e.as(InOutExprSyntax.self) {
                e = inOut.expression.unwrapped
                continue
            }
            if let member = e.as(MemberAccessExprSyntax.self),
                bytesMembers.contains(member.declName.baseName.text),
                let base = member.base
            {
                e = base.unwrapped
                continue
            }
            if let call = e.as(FunctionCallExprSyntax.self) {
                if call.calledName == "data", let base = call.calledBase {
                    e = base.unwrapped
                    continue
                }
                if ["Data", "Array"].contains(call.calledName ?? "") || call.calledExpression.is(ArrayExprSyntax.self),
                    call.arguments.count == 1, let first = call.arguments.first
                {
                    e = first.expression.unwrapped
                    continue
                }
            }
            break
        }
        return e
    }

    /// A finding at a call of the app's own crypto helper that passes a key, IV, salt or password written in the
    /// source: `seal(data, with: "0123456789abcdef")` when `seal` uses `with` as an AES key.
    static func wrapperFinding(
        _ argument: ExprSyntax, key: ExprSyntax?, call: FunctionCallExprSyntax, in file: SwiftFile,
        sink: ParameterSink, at sinkStep: FlowStep
    ) {
        guard let source = literalSource(argument, depth: 0) ?? constantSource(argument, in: file) else { return }
        let role = sink.note.isEmpty ? "key" : sink.note
        let used = FlowStep(
            file: sinkStep.file, line: sinkStep.line, column: sinkStep.column, note: "used as the \(role)")
        let advice =
            role == "key" || role == "password"
            ? "generate it and keep it in the Keychain" : "use a fresh random \(role) each time"
        // Where the bytes are written down, as for a direct use: one mistake, one line to fix.
        file.report(
            description, at: definitionSite(of: argument) ?? argument,
            message:
                "\(source) in the source is passed to `\(sink.function)`, which uses it as the \(role) (\(sinkStep.file):\(sinkStep.line)); \(advice)",
            flow: [file.step(at: argument, "passed to `\(sink.function)`"), used])
    }

    private static func argument(at index: Int, of call: FunctionCallExprSyntax) -> ExprSyntax? {
        guard index < call.arguments.count else { return nil }
        return call.arguments[call.arguments.index(call.arguments.startIndex, offsetBy: index)].expression
    }

    /// Words that make a callee's `key:` the key of a cipher or MAC: `AESCrypto(key:iv:)`, `encrypt(_:key:)`.
    private static let cryptoWords: Set<String> = [
        "aes", "crypt", "crypto", "cryptor", "cipher", "encrypt", "encryptor", "decrypt", "decryptor", "hmac",
        "blowfish",
        "chacha", "rabbit", "des", "rc4", "seal", "open", "sign", "signer", "mac", "gcm", "cbc"
    ]

    private static func isCryptoName(_ name: String) -> Bool {
        SensitiveName.words(name).contains(where: cryptoWords.contains)
    }

    /// Words of key-derivation functions, whose salt must be random per user.
    private static let kdfWords: Set<String> = ["pbkdf", "kdf", "scrypt", "argon", "bcrypt", "derive", "derivation"]

    /// A cipher by its name or its type's (`AES(…)`, `CBC(iv:)`, `AES.GCM.seal(…)`, `AESCrypto(key:iv:)`).
    private static func isCryptoCall(_ call: FunctionCallExprSyntax) -> Bool {
        guard let name = call.calledName else { return false }
        if keyedConstructors.contains(name) || isCryptoName(name) { return true }
        return call.calledBase.map { isCryptoName($0.sourceText) } ?? false
    }

    private static func isKDFCall(_ call: FunctionCallExprSyntax) -> Bool {
        let text = (call.calledBase.map { $0.sourceText + "." } ?? "") + (call.calledName ?? "")
        return SensitiveName.words(text).contains(where: kdfWords.contains)
    }

    /// HKDF (CryptoKit's `HKDF.deriveKey`, `SharedSecret.hkdfDerivedSymmetricKey`): its salt is a public,
    /// often fixed, domain-separation value.
    private static func isHKDF(_ call: FunctionCallExprSyntax) -> Bool {
        call.calledBase?.sourceText.contains("HKDF") == true
            || call.calledName?.lowercased().contains("hkdf") == true
            || call.arguments.contains { $0.label?.text == "inputKeyMaterial" }
    }

    /// RNCryptor / RNEncryptor and wrappers whose `password:` is the key.
    private static func isPasswordKeyedAPI(_ call: FunctionCallExprSyntax) -> Bool {
        guard let name = call.calledName else { return false }
        if passwordKeyedAPIs.contains(name) { return true }
        return call.calledBase.map { $0.sourceText.contains("Cryptor") } ?? false
    }

    /// What literal the bytes come from ("a string literal", "a literal byte array", "a constant buffer"), or
    /// nil when they come from anywhere else. Six steps: `keyBytes` ← `Array(key.utf8)` ← `key` ← the property's
    /// literal takes five.
    private static func literalSource(_ expr: ExprSyntax, depth: Int) -> String? {
        guard depth < 6 else { return nil }
        let e = expr.unwrapped
        if let reference = e.as(InOutExprSyntax.self) {
            return literalSource(reference.expression, depth: depth + 1)
        }
        if e.is(StringLiteralExprSyntax.self) {
            guard let value = e.stringLiteralValue, !value.isEmpty else { return nil }
            return "a string literal"
        }
        if let array = e.as(ArrayExprSyntax.self) {
            guard array.elements.count >= 4,
                array.elements.allSatisfy({ $0.expression.is(IntegerLiteralExprSyntax.self) })
            else { return nil }
            return "a literal byte array"
        }
        if let member = e.as(MemberAccessExprSyntax.self), let base = member.base {
            // `"…".utf8`, `secret.bytes`
            if bytesMembers.contains(member.declName.baseName.text) || member.declName.baseName.text == "utf8CString" {
                return literalSource(base, depth: depth + 1)
            }
            if member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                return origin(of: e, depth: depth)
            }
            return nil
        }
        if let call = e.as(FunctionCallExprSyntax.self) {
            let name = call.calledName
            if name == "data", let base = call.calledBase {  // `"…".data(using: .utf8)`
                return literalSource(base, depth: depth + 1)
            }
            // `SHA256.hash(data: Data("app-secret".utf8))`: the digest of a constant is as constant, and as public.
            if name == "hash", let data = call.argument("data") {
                return literalSource(data, depth: depth + 1)
            }
            guard
                name == "Data" || name == "Array" || name == "ContiguousArray"
                    || call.calledExpression.is(ArrayExprSyntax.self)
            else { return nil }
            if let fill = call.argument("repeating") {
                return fill.is(IntegerLiteralExprSyntax.self) && depth == 0 ? "a constant buffer" : nil
            }
            if call.argumentLabels == ["count"], depth == 0 { return "a constant (all-zero) buffer" }
            // `Data(0)`: bytes from a number written in the code.
            if call.arguments.count == 1, call.arguments.first?.label == nil,
                call.arguments.first?.expression.is(IntegerLiteralExprSyntax.self) == true
            {
                return "a constant buffer"
            }
            for label in ["base64Encoded", "hex", "hexString"] {
                if let text = call.argument(label) { return text.stringLiteralValue.map { _ in "an encoded literal" } }
            }
            guard let first = call.arguments.first, first.label == nil || first.label?.text == "bytes" else {
                return nil
            }
            return literalSource(first.expression, depth: depth + 1)
        }
        if let ref = e.as(DeclReferenceExprSyntax.self) {
            if let base = bufferClosureBase(of: ref) { return literalSource(base, depth: depth + 1) }
            return origin(of: e, depth: depth)
        }
        return nil
    }

    /// A project constant the argument names (`CryptoConstants.salt`, `kEncryptionKey`): found by the constant index.
    private static func constantSource(_ expr: ExprSyntax, in file: SwiftFile, depth: Int = 0) -> String? {
        guard depth < 4 else { return nil }
        let e = expr.unwrapped
        var target = e
        if let member = e.as(MemberAccessExprSyntax.self), bytesMembers.contains(member.declName.baseName.text),
            let base = member.base
        {
            target = base.unwrapped
        } else if let call = e.as(FunctionCallExprSyntax.self),
            ["Data", "Array"].contains(call.calledName ?? "") || call.calledExpression.is(ArrayExprSyntax.self),
            let first = call.arguments.first?.expression
        {
            return constantSource(first, in: file, depth: depth + 1)
        } else if let call = e.as(FunctionCallExprSyntax.self), call.calledName == "data", let base = call.calledBase {
            target = base.unwrapped
        }
        let value: ConstantValue?
        if let call = target.as(FunctionCallExprSyntax.self) {
            value = file.constantValue(ofCall: call)  // `AES(key: secretKey(), …)`
            // `Preset.bytes()` returning `[UInt8](text().utf8)`: what a function of this file without parameters
            // returns, followed the same way.
            if value == nil, call.arguments.isEmpty, let name = call.calledName {
                for returned in ValuePath.returnedValues(ofFunctionNamed: name, in: file).prefix(4) {
                    if let found = literalSource(returned, depth: 1)
                        ?? constantSource(returned, in: file, depth: depth + 1)
                    {
                        return found
                    }
                }
            }
        } else if let ref = target.as(DeclReferenceExprSyntax.self) {
            // A local or a `guard let` binding is not the constant of the same name; a local set from a function
            // that only returns a literal (`let keyString = getKey()`) holds that literal.
            if let origin = LocalValue.origin(of: target) {
                guard let call = origin.unwrapped.as(FunctionCallExprSyntax.self) else { return nil }
                return constantSource(ExprSyntax(call), in: file, depth: depth + 1)
            }
            guard !Sensitivity.isParameter(ref.baseName.text, near: ref) else { return nil }
            value = file.constants.resolve(ref.baseName.text, type: SwiftFile.typeName(around: ref), file: file.path)
        } else if let member = target.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self),
            base.baseName.tokenKind != .keyword(.self)
        {
            value = file.constants.resolve(member.declName.baseName.text, qualifier: base.baseName.text)
        } else {
            value = nil
        }
        switch value {
        case .string(let text)? where !text.isEmpty: return "a constant string"
        case .bytes(let count)? where count >= 4: return "a constant byte array"
        default: return nil
        }
    }

    /// Follows a name to its initializer. A `var` buffer filled with zeros is usually filled with random
    /// bytes next (`SecRandomCopyBytes(…, &iv)`), so only `let` buffers count as constant.
    private static func origin(of expr: ExprSyntax, depth: Int) -> String? {
        guard let value = LocalValue.origin(of: expr) else { return nil }
        let isLet =
            value.parent?.parent?.parent?.parent?.as(VariableDeclSyntax.self)?
            .bindingSpecifier.tokenKind == .keyword(.let)
        if let call = value.unwrapped.as(FunctionCallExprSyntax.self),
            call.argument("repeating") != nil || call.argumentLabels == ["count"]
        {
            return isLet ? "a constant buffer" : nil
        }
        // `var salt = "123"` then `salt += random()`: what reaches the call is not the literal.
        if !isLet, let ref = expr.unwrapped.as(DeclReferenceExprSyntax.self),
            LocalMutation.values(addedTo: ref.baseName.text, before: ref)?.isEmpty != true
        {
            return nil
        }
        return literalSource(value, depth: depth + 1)
    }
}
