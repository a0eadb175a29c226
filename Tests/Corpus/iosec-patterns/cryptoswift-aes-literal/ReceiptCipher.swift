import Foundation
import CryptoSwift

struct ReceiptCipher {
    func encrypt(_ receipt: [UInt8]) throws -> [UInt8] {
        let aes = try AES(key: "r3ceipt-k3y-2024", iv: "0102030405060708")
        return try aes.encrypt(receipt)
    }
}
