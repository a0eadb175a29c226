import PassKit
import PDFKit
import SwiftUI
import UniformTypeIdentifiers

struct BoardingPassView: View {
    let reference: BoardingPassReference
    let store: BoardingPassStore

    @State private var stored: StoredBoardingPass?
    @State private var errorMessage: String?
    @State private var isLoading = false
    @State private var walletPass: PKPass?
    @State private var copied = false
    @State private var isAddingToWallet = false

    var body: some View {
        NavigationStack {
            Group {
                if let stored {
                    content(for: stored)
                } else if isLoading {
                    ProgressView("boardingPass.loading")
                } else if let errorMessage {
                    VStack(spacing: 12) {
                        Text(errorMessage).multilineTextAlignment(.center)
                        Button("common.retry") { Task { await load(forceRefresh: true) } }
                    }
                    .padding()
                }
            }
            .navigationTitle(reference.bookingReference)
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .primaryAction) {
                    Button { copyBookingReference() } label: {
                        Label(copied ? "common.copied" : "boardingPass.copyReference",
                              systemImage: copied ? "checkmark" : "doc.on.doc")
                    }
                }
            }
        }
        .task { await load(forceRefresh: false) }
    }

    @ViewBuilder
    private func content(for stored: StoredBoardingPass) -> some View {
        switch stored.format {
        case .pdf:
            PDFDocumentView(url: stored.fileURL)
        case .pkpass:
            VStack(spacing: 24) {
                Image(systemName: "wallet.pass").font(.system(size: 64)).foregroundStyle(.tint)
                if let walletPass, !store.isInWallet(walletPass) {
                    Button("boardingPass.addToWallet") { isAddingToWallet = true }
                        .buttonStyle(.borderedProminent)
                        .sheet(isPresented: $isAddingToWallet) { AddPassesSheet(pass: walletPass) }
                } else {
                    Text("boardingPass.inWallet").foregroundStyle(.secondary)
                }
            }
        }
    }

    private func load(forceRefresh: Bool) async {
        if !forceRefresh, let existing = store.storedPass(for: reference) {
            apply(existing)
            return
        }
        isLoading = true
        defer { isLoading = false }
        do {
            apply(try await store.download(reference))
        } catch {
            errorMessage = error.localizedDescription
        }
    }

    private func apply(_ stored: StoredBoardingPass) {
        self.stored = stored
        walletPass = try? store.walletPass(for: stored)
    }

    /// Booking references are needed for airline check-in desks and kiosks; keep the copy
    /// on this device only and let it expire.
    private func copyBookingReference() {
        UIPasteboard.general.setItems(
            [[UTType.plainText.identifier: reference.bookingReference]],
            options: [.localOnly: true, .expirationDate: Date().addingTimeInterval(120)]
        )
        copied = true
    }
}

private struct PDFDocumentView: UIViewRepresentable {
    let url: URL

    func makeUIView(context: Context) -> PDFView {
        let view = PDFView()
        view.autoScales = true
        view.displayMode = .singlePageContinuous
        view.document = PDFDocument(url: url)
        return view
    }

    func updateUIView(_ uiView: PDFView, context: Context) {}
}

private struct AddPassesSheet: UIViewControllerRepresentable {
    let pass: PKPass

    func makeUIViewController(context: Context) -> UIViewController {
        PKAddPassesViewController(pass: pass) ?? UIViewController()
    }

    func updateUIViewController(_ uiViewController: UIViewController, context: Context) {}
}
