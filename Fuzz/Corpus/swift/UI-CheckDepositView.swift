import AVFoundation
import SwiftUI
import UIKit

/// Mobile cheque deposit: photograph the cheque and send it for clearing.
struct CheckDepositView: View {
    let accounts: [Account]

    @State private var accountID: String?
    @State private var cameraStatus = AVCaptureDevice.authorizationStatus(for: .video)
    @State private var showsCamera = false
    @State private var chequeImage: UIImage?
    @State private var isSubmitting = false
    @State private var message: String?

    var body: some View {
        Form {
            Picker("Deposit to", selection: $accountID) {
                Text("Choose an account").tag(String?.none)
                ForEach(accounts) { account in
                    Text(account.name).tag(Optional(account.id))
                }
            }

            Section {
                if let chequeImage {
                    Image(uiImage: chequeImage)
                        .resizable()
                        .scaledToFit()
                        .clipShape(RoundedRectangle(cornerRadius: 8))
                }
                Button(chequeImage == nil ? "Photograph the front of the cheque" : "Retake photo") {
                    Task { await openCamera() }
                }
            }

            Section {
                Button("Deposit") {
                    Task { await submit() }
                }
                .disabled(chequeImage == nil || accountID == nil || isSubmitting)
            } footer: {
                if let message {
                    Text(message)
                }
            }
        }
        .navigationTitle("Deposit a cheque")
        .fullScreenCover(isPresented: $showsCamera) {
            CameraPicker(image: $chequeImage)
                .ignoresSafeArea()
        }
    }

    private func openCamera() async {
        if cameraStatus == .notDetermined {
            cameraStatus = await AVCaptureDevice.requestAccess(for: .video) ? .authorized : .denied
        }
        if cameraStatus == .authorized {
            showsCamera = true
        } else {
            message = String(localized: "Allow camera access in Settings to deposit a cheque.")
        }
    }

    private func submit() async {
        guard let accountID, let jpeg = chequeImage?.jpegData(compressionQuality: 0.7) else { return }
        isSubmitting = true
        defer { isSubmitting = false }
        do {
            let _: StatusResponse = try await APIClient.shared.send(.deposit(image: jpeg, accountID: accountID))
            chequeImage = nil
            message = String(localized: "Deposit received. Funds are usually available the next business day.")
        } catch {
            message = String(localized: "We couldn't submit the deposit. Try again.")
        }
    }
}

/// UIKit camera wrapped for SwiftUI.
struct CameraPicker: UIViewControllerRepresentable {
    @Binding var image: UIImage?
    @Environment(\.dismiss) private var dismiss

    func makeUIViewController(context: Context) -> UIImagePickerController {
        let picker = UIImagePickerController()
        picker.sourceType = .camera
        picker.cameraCaptureMode = .photo
        picker.delegate = context.coordinator
        return picker
    }

    func updateUIViewController(_ picker: UIImagePickerController, context: Context) {}

    func makeCoordinator() -> Coordinator {
        Coordinator(parent: self)
    }

    final class Coordinator: NSObject, UIImagePickerControllerDelegate, UINavigationControllerDelegate {
        let parent: CameraPicker

        init(parent: CameraPicker) {
            self.parent = parent
        }

        func imagePickerController(_ picker: UIImagePickerController, didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]) {
            parent.image = info[.originalImage] as? UIImage
            parent.dismiss()
        }

        func imagePickerControllerDidCancel(_ picker: UIImagePickerController) {
            parent.dismiss()
        }
    }
}
