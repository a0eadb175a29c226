import Combine
import SwiftUI

@main
struct ParleyApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
    @StateObject private var environment = AppEnvironment.shared
    @StateObject private var appLock = AppLockController.shared
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            RootView()
                .environmentObject(environment)
                .environmentObject(environment.router)
                .environmentObject(appLock)
                .onOpenURL { url in
                    environment.router.handle(url)
                }
                .overlay {
                    if appLock.isLocked {
                        LockScreenView()
                            .environmentObject(appLock)
                            .transition(.opacity)
                    } else if scenePhase != .active {
                        // Keep conversations out of the app-switcher snapshot.
                        Rectangle().fill(.ultraThinMaterial).ignoresSafeArea()
                    }
                }
        }
        .onChange(of: scenePhase) { _, phase in
            switch phase {
            case .active:
                appLock.sceneDidBecomeActive()
                environment.sync.resume()
            case .background:
                appLock.sceneDidEnterBackground()
                environment.sync.suspend()
                environment.backup.scheduleBackgroundRefresh()
            default:
                break
            }
        }
    }
}

@MainActor
final class AppEnvironment: ObservableObject {
    static let shared = AppEnvironment()

    let database: Database
    let messages: MessageStore
    let attachments: AttachmentStore
    let identity: IdentityKeyStore
    let auth: AuthSessionStore
    let api: APIClient
    let sessions: SessionManager
    let sync: SyncEngine
    let backup: KeyBackupService
    let router = DeepLinkRouter()

    private init() {
        do {
            database = try Database.openShared()
            attachments = try AttachmentStore()
        } catch {
            fatalError("storage.open failed: \(error)")
        }
        messages = MessageStore(database: database)
        identity = IdentityKeyStore()
        auth = AuthSessionStore()
        api = APIClient(auth: auth)
        sessions = SessionManager(database: database, identity: identity, api: api)
        sync = SyncEngine(api: api, store: messages, sessions: sessions)
        backup = KeyBackupService(api: api, identity: identity, messages: messages)
    }
}

struct RootView: View {
    @EnvironmentObject private var environment: AppEnvironment
    @EnvironmentObject private var router: DeepLinkRouter
    @State private var path: [Conversation] = []
    @State private var joinFailed = false

    var body: some View {
        NavigationStack(path: $path) {
            ConversationListView(store: environment.messages, sync: environment.sync)
                .navigationDestination(for: Conversation.self) { conversation in
                    ChatView(conversation: conversation, environment: environment)
                }
        }
        .confirmationDialog(Strings.tr("invite.join.title"), isPresented: showingInvite, titleVisibility: .visible) {
            if let token = pendingInvite {
                Button(Strings.tr("invite.join.confirm")) { Task { await join(token) } }
            }
            Button(Strings.tr("common.cancel"), role: .cancel) {}
        }
        .alert(Strings.tr("invite.join.failed"), isPresented: $joinFailed) {
            Button(Strings.tr("common.ok"), role: .cancel) {}
        }
        .onReceive(router.$pending.compactMap { $0 }, perform: route)
    }

    private var pendingInvite: InviteToken? {
        if case .join(let token) = router.pending { return token }
        return nil
    }

    private var showingInvite: Binding<Bool> {
        Binding(get: { pendingInvite != nil }, set: { if !$0 { router.pending = nil } })
    }

    private func route(_ link: DeepLink) {
        guard case .conversation(let id) = link else { return } // invites go through the dialog
        router.pending = nil
        if let conversation = try? environment.messages.conversation(id: id) {
            path = [conversation]
        }
    }

    private func join(_ token: InviteToken) async {
        router.pending = nil
        do {
            let response = try await environment.api.redeemInvite(token)
            try environment.messages.upsertConversation(response.conversation)
            Log.info("invite.redeemed conversation=\(response.conversation.id)")
            if let conversation = try environment.messages.conversation(id: response.conversation.id) {
                path = [conversation]
            }
        } catch {
            Log.error("invite.redeem.failed error=\(error.localizedDescription)")
            joinFailed = true
        }
    }
}
