import Crypto
import Foundation
import Testing
@testable import IOSecKitBase

/// The pins' own SHA-256 and DER reader, which keep IOSecKit free of CryptoKit, swift-crypto and SwiftASN1.
@Suite struct PinDigestTests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        )
    ])
    func fipsVectors(message: String, digest: String) {
        #expect(Self.hex(SHA256Digest.hash(Array(message.utf8))) == digest)
    }

    @Test func agreesWithSwiftCryptoAcrossBlockBoundaries() {
        var generator = SystemRandomNumberGenerator()
        for length in Array(0...200) + [511, 512, 513, 4096] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(SHA256Digest.hash(bytes) == Array(SHA256.hash(data: bytes)), "length \(length)")
        }
    }

    @Test func derReaderTakesOneWholeValueOnly() {
        // SEQUENCE { INTEGER 1, SEQUENCE { } }
        let good: [UInt8] = [0x30, 0x05, 0x02, 0x01, 0x01, 0x30, 0x00]
        let node = DERNode.parse(good)
        #expect(node?.children.map(\.tag) == [0x02, 0x30])
        #expect(DERNode.parse(good + [0x00]) == nil)  // trailing bytes
        #expect(DERNode.parse(Array(good.dropLast())) == nil)  // truncated
        #expect(DERNode.parse([0x30, 0x80, 0x00, 0x00]) == nil)  // BER indefinite length
        #expect(DERNode.parse([0x04, 0x81, 0x01, 0x00]) == nil)  // long form where the short one fits
    }

    static func sequence(_ content: [UInt8]) -> [UInt8] {
        let n = content.count
        let length: [UInt8] =
            n < 0x80 ? [UInt8(n)] : n < 0x100 ? [0x81, UInt8(n)] : [0x82, UInt8(n >> 8), UInt8(n & 0xFF)]
        return [0x30] + length + content
    }

    @Test func nestingBeyondTheLimitIsRefused() {
        func nested(_ depth: Int) -> [UInt8] {
            var value: [UInt8] = []
            for _ in 0..<depth { value = Self.sequence(value) }
            return value
        }
        #expect(DERNode.parse(nested(10)) != nil)
        #expect(DERNode.parse(nested(DERNode.maximumDepth)) != nil)
        #expect(DERNode.parse(nested(DERNode.maximumDepth + 1)) == nil)
        #expect(DERNode.parse(nested(1_000)) == nil)
    }
}
