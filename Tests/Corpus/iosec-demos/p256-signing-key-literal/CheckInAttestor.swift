import CryptoKit
import Foundation

/// Signs check-in events so the venue server can tell they came from this app.
class CheckInAttestor {
    private let signingKey: P256.Signing.PrivateKey

    init() throws {
        signingKey = try CheckInAttestor.bundledKey()
    }

    private static func bundledKey() throws -> P256.Signing.PrivateKey {
        let scalar: [UInt8] = [
        0x49, 0x87, 0x9d, 0x19,
        0x8e, 0xde, 0x8e, 0xa3,
        0x0b, 0xa1, 0xc4, 0x06,
        0xb4, 0xc1, 0xa4, 0x0c,
        0xe9, 0x9a, 0x55, 0xbf,
        0x53, 0xee, 0x05, 0xff,
        0xf7, 0x0a, 0x1c, 0xaf,
        0x54, 0x81, 0x32, 0x50
        ]
        return try P256.Signing.PrivateKey(rawRepresentation: scalar)
    }

    func attest(venueID: String, at date: Date = Date()) throws -> Data {
        let event = "\(venueID)|\(Int(date.timeIntervalSince1970))"
        let signature = try signingKey.signature(for: Data(event.utf8))
        return signature.derRepresentation
    }

    var publicKeyPEM: String {
        signingKey.publicKey.pemRepresentation
    }
}
