import Foundation

/// Keccak-256 as used by Ethereum (original Keccak padding, not FIPS-202 SHA3-256).
enum Keccak256 {
    private static let rateInBytes = 136

    private static let roundConstants: [UInt64] = [
        0x0000_0000_0000_0001, 0x0000_0000_0000_8082, 0x8000_0000_0000_808A, 0x8000_0000_8000_8000,
        0x0000_0000_0000_808B, 0x0000_0000_8000_0001, 0x8000_0000_8000_8081, 0x8000_0000_0000_8009,
        0x0000_0000_0000_008A, 0x0000_0000_0000_0088, 0x0000_0000_8000_8009, 0x0000_0000_8000_000A,
        0x0000_0000_8000_808B, 0x8000_0000_0000_008B, 0x8000_0000_0000_8089, 0x8000_0000_0000_8003,
        0x8000_0000_0000_8002, 0x8000_0000_0000_0080, 0x0000_0000_0000_800A, 0x8000_0000_8000_000A,
        0x8000_0000_8000_8081, 0x8000_0000_0000_8080, 0x0000_0000_8000_0001, 0x8000_0000_8000_8008,
    ]

    private static let rotationOffsets: [UInt64] = [
        1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 2, 14, 27, 41, 56, 8, 25, 43, 62, 18, 39, 61, 20, 44,
    ]

    private static let piLane: [Int] = [
        10, 7, 11, 17, 18, 3, 5, 16, 8, 21, 24, 4, 15, 23, 19, 13, 12, 2, 20, 14, 22, 9, 6, 1,
    ]

    static func hash(_ input: Data) -> Data {
        var message = [UInt8](input)
        message.append(0x01)
        while message.count % rateInBytes != 0 {
            message.append(0x00)
        }
        message[message.count - 1] |= 0x80

        var state = [UInt64](repeating: 0, count: 25)
        for blockStart in stride(from: 0, to: message.count, by: rateInBytes) {
            for lane in 0..<(rateInBytes / 8) {
                var word: UInt64 = 0
                for byte in 0..<8 {
                    word |= UInt64(message[blockStart + lane * 8 + byte]) << UInt64(8 * byte)
                }
                state[lane] ^= word
            }
            permute(&state)
        }

        var output = [UInt8]()
        output.reserveCapacity(32)
        for lane in 0..<4 {
            for byte in 0..<8 {
                output.append(UInt8(truncatingIfNeeded: state[lane] >> UInt64(8 * byte)))
            }
        }
        return Data(output)
    }

    private static func permute(_ a: inout [UInt64]) {
        var column = [UInt64](repeating: 0, count: 5)
        var row = [UInt64](repeating: 0, count: 5)

        for round in 0..<24 {
            for x in 0..<5 {
                column[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20]
            }
            for x in 0..<5 {
                let d = column[(x + 4) % 5] ^ rotateLeft(column[(x + 1) % 5], by: 1)
                for y in stride(from: 0, to: 25, by: 5) {
                    a[y + x] ^= d
                }
            }

            var carry = a[1]
            for i in 0..<24 {
                let target = piLane[i]
                let saved = a[target]
                a[target] = rotateLeft(carry, by: rotationOffsets[i])
                carry = saved
            }

            for y in stride(from: 0, to: 25, by: 5) {
                for x in 0..<5 { row[x] = a[y + x] }
                for x in 0..<5 {
                    a[y + x] = row[x] ^ (~row[(x + 1) % 5] & row[(x + 2) % 5])
                }
            }

            a[0] ^= roundConstants[round]
        }
    }

    @inline(__always)
    private static func rotateLeft(_ value: UInt64, by amount: UInt64) -> UInt64 {
        (value << amount) | (value >> (64 - amount))
    }
}
