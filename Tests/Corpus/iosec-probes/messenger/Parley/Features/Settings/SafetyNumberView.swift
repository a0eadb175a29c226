import SwiftUI
import UIKit

struct SafetyNumberView: View {
    let conversation: Conversation

    @EnvironmentObject private var environment: AppEnvironment
    @Environment(\.dismiss) private var dismiss
    @State private var safetyNumber: SafetyNumber?
    @State private var loadFailed = false

    var body: some View {
        VStack(spacing: 20) {
            if let safetyNumber {
                Grid(horizontalSpacing: 16, verticalSpacing: 8) {
                    ForEach(safetyNumber.rows, id: \.self) { row in
                        GridRow { ForEach(row, id: \.self) { Text($0) } }
                    }
                }
                .font(.title3.monospaced())
                Text(String(format: Strings.tr("safety.instructions"), conversation.title))
                    .font(.footnote)
                    .multilineTextAlignment(.center)
                    .foregroundStyle(.secondary)
                HStack {
                    Button(Strings.tr("safety.copy")) {
                        UIPasteboard.general.string = safetyNumber.displayString
                    }
                    .buttonStyle(.bordered)
                    Button(conversation.isVerified ? Strings.tr("safety.unverify") : Strings.tr("safety.verify")) {
                        toggleVerified()
                    }
                    .buttonStyle(.borderedProminent)
                }
            } else if loadFailed {
                ContentUnavailableView(Strings.tr("safety.unavailable"), systemImage: "shield.slash")
            } else {
                ProgressView()
            }
        }
        .padding()
        .navigationTitle(Strings.tr("safety.title"))
        .navigationBarTitleDisplayMode(.inline)
        .toolbar { Button(Strings.tr("common.done")) { dismiss() } }
        .task { await load() }
    }

    private func load() async {
        do {
            guard let localUserId = environment.auth.userId,
                  let peerUserId = conversation.peerUserId,
                  let remoteIdentity = try await environment.sessions.peerIdentity(conversationId: conversation.id) else {
                loadFailed = true
                return
            }
            let localIdentity = try environment.identity.publicIdentity().agreementKey
            safetyNumber = SafetyNumber(localUserId: localUserId, localIdentity: localIdentity,
                                        remoteUserId: peerUserId, remoteIdentity: remoteIdentity)
        } catch {
            Log.error("safety.load.failed conversation=\(conversation.id) error=\(error.localizedDescription)", category: .crypto)
            loadFailed = true
        }
    }

    private func toggleVerified() {
        do {
            try environment.messages.setVerified(!conversation.isVerified, conversationId: conversation.id)
            Log.info("safety.verified.changed conversation=\(conversation.id) verified=\(!conversation.isVerified)", category: .crypto)
            dismiss()
        } catch {
            Log.error("safety.verify.failed error=\(error.localizedDescription)", category: .crypto)
        }
    }
}
