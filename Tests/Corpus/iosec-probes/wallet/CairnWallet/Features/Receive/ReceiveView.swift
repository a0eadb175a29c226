import SwiftUI
import UIKit
import CoreImage.CIFilterBuiltins

struct ReceiveView: View {
    @EnvironmentObject private var environment: AppEnvironment
    @EnvironmentObject private var wallet: WalletManager
    @State private var copied = false

    var body: some View {
        ScrollView {
            if let address = wallet.primaryAddress {
                VStack(spacing: 20) {
                    Text(String(format: NSLocalizedString("receive.instructions", comment: "%@ = network"), environment.selectedChain.name))
                        .multilineTextAlignment(.center)
                        .foregroundStyle(.secondary)

                    if let qr = QRCode.image(for: "ethereum:\(address.checksummed)@\(environment.selectedChain.id)") {
                        Image(uiImage: qr)
                            .interpolation(.none)
                            .resizable()
                            .scaledToFit()
                            .frame(width: 220, height: 220)
                            .padding()
                            .background(.white, in: RoundedRectangle(cornerRadius: 16))
                    }

                    Text(address.checksummed)
                        .font(.system(.callout, design: .monospaced))
                        .multilineTextAlignment(.center)
                        .textSelection(.enabled)

                    HStack(spacing: 12) {
                        Button {
                            copy(address)
                        } label: {
                            Label(copied ? "receive.copied" : "receive.copy", systemImage: copied ? "checkmark" : "doc.on.doc")
                        }
                        .buttonStyle(.borderedProminent)

                        ShareLink(item: address.checksummed) {
                            Label("receive.share", systemImage: "square.and.arrow.up")
                        }
                        .buttonStyle(.bordered)
                    }
                }
                .padding(24)
            }
        }
        .navigationTitle("receive.title")
    }

    private func copy(_ address: EthereumAddress) {
        UIPasteboard.general.string = address.checksummed
        Log.app.debug("Copied receive address \(address.checksummed, privacy: .public)")
        copied = true
        Task {
            try? await Task.sleep(for: .seconds(2))
            copied = false
        }
    }
}

/// EIP-681 payment URIs rendered as QR so other wallets pick the right network.
enum QRCode {
    private static let context = CIContext()

    static func image(for string: String, scale: CGFloat = 10) -> UIImage? {
        let filter = CIFilter.qrCodeGenerator()
        filter.message = Data(string.utf8)
        filter.correctionLevel = "M"
        guard let output = filter.outputImage?.transformed(by: CGAffineTransform(scaleX: scale, y: scale)),
              let cgImage = context.createCGImage(output, from: output.extent) else {
            return nil
        }
        return UIImage(cgImage: cgImage)
    }
}
