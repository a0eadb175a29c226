import CommonCrypto
import Foundation

/// Encrypts gift-voucher codes before they are put in a QR code.
final class VoucherCodec {
    enum CodecError: Error { case status(CCCryptorStatus) }

    private let keyText = "voucher-codec-key-2019!!"

    func seal(voucher: String) throws -> String {
        try run(Data(voucher.utf8)).base64EncodedString()
    }

    private func run(_ input: Data) throws -> Data {
        var output = Data(count: input.count + kCCBlockSize3DES)
        let capacity = output.count
        var written = 0
        let status: CCCryptorStatus = keyText.withCString { keyPointer in
            input.withUnsafeBytes { inBuffer in
                output.withUnsafeMutableBytes { outBuffer in
                    CCCrypt(CCOperation(kCCEncrypt),
                            CCAlgorithm(kCCAlgorithm3DES),
                            CCOptions(kCCOptionPKCS7Padding),
                            keyPointer, kCCKeySize3DES,
                            nil,
                            inBuffer.baseAddress, input.count,
                            outBuffer.baseAddress, capacity,
                            &written)
                }
            }
        }
        guard status == kCCSuccess else { throw CodecError.status(status) }
        return output.prefix(written)
    }
}
