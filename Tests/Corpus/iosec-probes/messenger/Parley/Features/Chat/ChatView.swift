import SwiftUI
import UIKit

struct ChatView: View {
    @StateObject private var model: ChatViewModel
    @AppStorage("linkPreviewsEnabled") private var linkPreviewsEnabled = true
    @State private var showingSafetyNumber = false

    init(conversation: Conversation, environment: AppEnvironment) {
        _model = StateObject(wrappedValue: ChatViewModel(conversation: conversation, environment: environment))
    }

    var body: some View {
        VStack(spacing: 0) {
            ScrollViewReader { proxy in
                ScrollView {
                    LazyVStack(spacing: 6) {
                        if model.canLoadOlder {
                            ProgressView().onAppear { model.loadOlder() }
                        }
                        ForEach(model.messages) { message in
                            MessageRow(message: message, showsLinkPreview: linkPreviewsEnabled)
                                .contextMenu {
                                    Button(Strings.tr("chat.action.copy")) { copy(message) }
                                    if message.status == .failed {
                                        Button(Strings.tr("chat.action.retry")) { Task { await model.retry(message) } }
                                    }
                                }
                                .id(message.id)
                        }
                    }
                    .padding(.horizontal, 12)
                }
                .onChange(of: model.messages.last?.id) { _, lastId in
                    if let lastId { withAnimation { proxy.scrollTo(lastId, anchor: .bottom) } }
                }
            }
            HStack(alignment: .bottom, spacing: 8) {
                TextField(Strings.tr("chat.composer.placeholder"), text: $model.draft, axis: .vertical)
                    .lineLimit(1...6)
                    .textFieldStyle(.roundedBorder)
                    .onChange(of: model.draft) { _, _ in model.draftChanged() }
                Button { Task { await model.send() } } label: {
                    Image(systemName: "arrow.up.circle.fill").font(.title2)
                }
                .disabled(model.draft.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
            }
            .padding(10)
            .background(.bar)
        }
        .navigationTitle(model.conversation.title)
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            Button { showingSafetyNumber = true } label: {
                Image(systemName: model.conversation.isVerified ? "checkmark.shield.fill" : "shield")
            }
        }
        .sheet(isPresented: $showingSafetyNumber) {
            NavigationStack { SafetyNumberView(conversation: model.conversation) }
        }
        .alert(model.errorMessage ?? "", isPresented: Binding(
            get: { model.errorMessage != nil },
            set: { if !$0 { model.errorMessage = nil } }
        )) {}
        .onAppear { model.onAppear() }
        .onDisappear { model.onDisappear() }
    }

    /// The user picked "Copy" on this message.
    private func copy(_ message: Message) {
        UIPasteboard.general.string = message.body
        UIAccessibility.post(notification: .announcement, argument: Strings.tr("chat.copied"))
    }
}

struct MessageRow: View {
    let message: Message
    let showsLinkPreview: Bool

    private var isOutgoing: Bool { message.direction == .outgoing }

    var body: some View {
        VStack(alignment: isOutgoing ? .trailing : .leading, spacing: 4) {
            Text(message.body)
                .padding(.horizontal, 12).padding(.vertical, 8)
                .background(isOutgoing ? Color.accentColor : Color(.secondarySystemBackground),
                            in: RoundedRectangle(cornerRadius: 16))
                .foregroundStyle(isOutgoing ? .white : .primary)
            if showsLinkPreview, let url = message.firstLink {
                LinkPreviewView(url: url)
                    .frame(width: 240, height: 140)
                    .clipShape(RoundedRectangle(cornerRadius: 12))
            }
            HStack(spacing: 4) {
                Text(message.sentAt, style: .time)
                if isOutgoing { Image(systemName: message.status == .failed ? "exclamationmark.circle" : "checkmark") }
            }
            .font(.caption2)
            .foregroundStyle(message.status == .failed ? .red : .secondary)
        }
        .frame(maxWidth: .infinity, alignment: isOutgoing ? .trailing : .leading)
    }
}

private let linkDetector = try? NSDataDetector(types: NSTextCheckingResult.CheckingType.link.rawValue)

extension Message {
    /// First https link in the body. Plain http links never get a preview.
    var firstLink: URL? {
        let range = NSRange(body.startIndex..., in: body)
        guard let url = linkDetector?.firstMatch(in: body, options: [], range: range)?.url,
              url.scheme?.lowercased() == "https" else { return nil }
        return url
    }
}
