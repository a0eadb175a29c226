import CryptoKit
import Foundation

/// Checks a downloaded offline map package before it is unpacked.
struct UpdateVerifier {
    struct Manifest: Decodable {
        let packageSHA1: String
        let signedBy: String
    }

    let manifest: Manifest

    private func hex<D: Sequence>(_ digest: D) -> String where D.Element == UInt8 {
        digest.map { String(format: "%02x", $0) }.joined()
    }

    func accepts(_ package: Data) -> Bool {
        let actual = Insecure.SHA1.hash(data: package)
        return hex(actual) == manifest.packageSHA1.lowercased()
    }
}

/// Turns the recovery phrase into the value the server compares on reset.
func recoveryPhraseProof(_ phrase: String, account: String) -> String {
    let material = Data((account + ":" + phrase).utf8)
    return Insecure.MD5.hash(data: material).map { String(format: "%02x", $0) }.joined()
}
