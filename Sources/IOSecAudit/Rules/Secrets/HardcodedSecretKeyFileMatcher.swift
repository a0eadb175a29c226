import IOSecCore

/// `secrets.hardcoded` for key files shipped with the app or kept in the project: a PKCS#12 bundle (`.p12`, `.pfx`:
/// a certificate with its private key) or a PEM private key. Certificates alone (a pinning `.pem`) are public and
/// not reported.
struct HardcodedSecretKeyFileMatcher: ArtifactRule {
    static var description: RuleDescription { HardcodedSecretRule.description }
    static let fileKinds: Set<FileKind> = [.keyFile]

    static func check(_ file: ArtifactFile) {
        let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
        if name.hasSuffix(".p12") || name.hasSuffix(".pfx") {
            file.report(
                description, line: 1, snippet: name,
                message:
                    "\(name) is a PKCS#12 bundle (a certificate with its private key); shipped in the app, its password is in the app too: keep client identities in the Keychain, issued per device",
                severity: .high, confidence: .medium)
            return
        }
        // PEM: a private key block, wherever it is in the file.
        let marker = Array("PRIVATE KEY-----".utf8)
        guard let offset = file.bytes.firstRange(of: marker)?.lowerBound else { return }
        let line = file.line(atOffset: offset)
        file.report(
            description, atLineStart: line,
            message:
                "\(name) holds a private key; anyone with the app or the repository can use it: keep private keys out of the bundle and the repository"
        )
    }
}
