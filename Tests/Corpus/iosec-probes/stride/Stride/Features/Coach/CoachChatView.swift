import SwiftUI
import WebKit

struct CoachChatView: View {
    @StateObject var viewModel: CoachChatViewModel
    @State private var showGuide = false
    @FocusState private var composerFocused: Bool

    var body: some View {
        Group {
            if viewModel.isLocked {
                lockedState
            } else {
                conversation
            }
        }
        .navigationTitle("coach.title")
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                Button { showGuide = true } label: { Image(systemName: "book") }
                    .accessibilityLabel(Text("coach.guide"))
            }
        }
        .sheet(isPresented: $showGuide) {
            NavigationStack {
                BundledHTMLView(resource: "coach-guide")
                    .navigationTitle("coach.guide")
                    .navigationBarTitleDisplayMode(.inline)
            }
        }
        .onReceive(NotificationCenter.default.publisher(for: UIApplication.didEnterBackgroundNotification)) { _ in
            viewModel.lock()
        }
    }

    private var lockedState: some View {
        VStack(spacing: 16) {
            Image(systemName: "lock.shield").font(.system(size: 48)).foregroundStyle(.secondary)
            Text("coach.locked.title").font(.headline)
            Button("coach.locked.unlock") {
                Task { await viewModel.unlock() }
            }
            .buttonStyle(.borderedProminent)
        }
        .padding()
    }

    private var conversation: some View {
        VStack(spacing: 0) {
            ScrollView {
                LazyVStack(alignment: .leading, spacing: 10) {
                    Text(viewModel.greeting).font(.subheadline).foregroundStyle(.secondary)
                    ForEach(viewModel.messages) { MessageBubble(message: $0) }
                }
                .padding()
            }
            .defaultScrollAnchor(.bottom)
            Divider()
            HStack(alignment: .bottom) {
                TextField("coach.composer.placeholder", text: $viewModel.draft, axis: .vertical)
                    .lineLimit(1...5)
                    .focused($composerFocused)
                    .textFieldStyle(.roundedBorder)
                Button {
                    Task { await viewModel.send() }
                } label: {
                    Image(systemName: "arrow.up.circle.fill").font(.title2)
                }
                .disabled(viewModel.draft.trimmingCharacters(in: .whitespaces).isEmpty || viewModel.isSending)
            }
            .padding()
        }
        .refreshable { await viewModel.refresh() }
    }
}

private struct MessageBubble: View {
    let message: CoachMessage

    private var isMine: Bool { message.author == .athlete }

    var body: some View {
        HStack {
            if isMine { Spacer(minLength: 40) }
            // Coach replies may use basic markdown (bold, lists); links are not made tappable.
            Text(rendered)
                .padding(10)
                .background(isMine ? Color.accentColor.opacity(0.2) : Color(.secondarySystemBackground),
                            in: RoundedRectangle(cornerRadius: 14))
            if !isMine { Spacer(minLength: 40) }
        }
    }

    private var rendered: AttributedString {
        var options = AttributedString.MarkdownParsingOptions()
        options.interpretedSyntax = .inlineOnlyPreservingWhitespace
        var string = (try? AttributedString(markdown: message.body, options: options)) ?? AttributedString(message.body)
        for run in string.runs where run.link != nil {
            string[run.range].link = nil
        }
        return string
    }
}

/// Renders HTML shipped in the bundle (training guide authored by the coaching team, localized per lproj).
struct BundledHTMLView: UIViewRepresentable {
    let resource: String

    func makeCoordinator() -> Coordinator { Coordinator() }

    func makeUIView(context: Context) -> WKWebView {
        let configuration = WKWebViewConfiguration()
        configuration.websiteDataStore = .nonPersistent()
        configuration.defaultWebpagePreferences.allowsContentJavaScript = false
        configuration.dataDetectorTypes = []

        let webView = WKWebView(frame: .zero, configuration: configuration)
        webView.navigationDelegate = context.coordinator
        webView.isOpaque = false
        webView.backgroundColor = .systemBackground

        if let url = Bundle.main.url(forResource: resource, withExtension: "html") {
            webView.loadFileURL(url, allowingReadAccessTo: url.deletingLastPathComponent())
        }
        return webView
    }

    func updateUIView(_ webView: WKWebView, context: Context) {}

    final class Coordinator: NSObject, WKNavigationDelegate {
        /// Only the bundled file renders in-app; any outbound link is handed to Safari.
        func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
                     decisionHandler: @escaping (WKNavigationActionPolicy) -> Void) {
            guard let url = navigationAction.request.url else {
                decisionHandler(.cancel)
                return
            }
            if url.isFileURL {
                decisionHandler(.allow)
            } else {
                if url.scheme == "https" {
                    UIApplication.shared.open(url)
                }
                decisionHandler(.cancel)
            }
        }
    }
}
