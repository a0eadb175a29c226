import SwiftUI
import UniformTypeIdentifiers

struct AccountView: View {
    @StateObject var viewModel: AccountViewModel
    @EnvironmentObject private var environment: AppEnvironment
    @EnvironmentObject private var store: SubscriptionStore
    @State private var showImporter = false
    @State private var showPaywall = false
    @State private var confirmSignOut = false
    @AppStorage("analytics.optOut") private var analyticsOptOut = false

    var body: some View {
        Form {
            Section("account.subscription") {
                HStack {
                    Text("account.plan")
                    Spacer()
                    Text(LocalizedStringKey("plan.\(store.activeTier.rawValue)")).foregroundStyle(.secondary)
                }
                if store.activeTier == .free {
                    Button("account.upgrade") { showPaywall = true }
                }
            }

            Section {
                ForEach(LinkProvider.allCases) { provider in
                    HStack {
                        Text(provider.displayName)
                        Spacer()
                        if viewModel.busyProvider == provider {
                            ProgressView()
                        } else {
                            Button(viewModel.isLinked(provider) ? "account.unlink" : "account.link") {
                                Task { await viewModel.toggle(provider) }
                            }
                        }
                    }
                }
            } header: {
                Text("account.connections")
            } footer: {
                Text("account.connections.footer")
            }

            Section("account.data") {
                NavigationLink("zones.nav_title") { HeartRateZonesView() }
                Button("account.export") { viewModel.exportArchive() }
                Button("account.import") { showImporter = true }
                Toggle("account.analytics_opt_out", isOn: $analyticsOptOut)
                    .onChange(of: analyticsOptOut) { environment.analytics.setOptedOut($0) }
            }

            Section {
                Button("account.sign_out", role: .destructive) { confirmSignOut = true }
            }
        }
        .navigationTitle("account.title")
        .sheet(item: $viewModel.archiveURL) { url in ActivityView(items: [url]) }
        .sheet(isPresented: $showPaywall) { PaywallView(placement: "account") }
        .fileImporter(isPresented: $showImporter, allowedContentTypes: [UTType(filenameExtension: ArchiveFormat.fileExtension) ?? .data]) { result in
            if case .success(let url) = result {
                viewModel.restoreArchive(from: url)
            }
        }
        .confirmationDialog("account.sign_out.confirm", isPresented: $confirmSignOut) {
            Button("account.sign_out", role: .destructive) { environment.signOut() }
        }
        .alert("error.title", isPresented: .constant(viewModel.errorMessage != nil)) {
            Button("ok") { viewModel.errorMessage = nil }
        } message: { Text(viewModel.errorMessage ?? "") }
    }
}
