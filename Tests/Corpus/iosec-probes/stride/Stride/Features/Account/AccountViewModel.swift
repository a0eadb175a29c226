import Foundation

@MainActor
final class AccountViewModel: ObservableObject {
    @Published private(set) var linked: [LinkProvider: LinkedAccount] = [:]
    @Published private(set) var busyProvider: LinkProvider?
    @Published var archiveURL: URL?
    @Published var errorMessage: String?

    private let linkService: AccountLinkService
    private let archive: WorkoutArchiveStore
    private let analytics: AnalyticsTracking
    private let coachHistory: CoachHistoryStore
    private let profile: () -> UserProfile?

    init(linkService: AccountLinkService,
         archive: WorkoutArchiveStore,
         analytics: AnalyticsTracking,
         coachHistory: CoachHistoryStore,
         profile: @escaping () -> UserProfile?) {
        self.linkService = linkService
        self.archive = archive
        self.analytics = analytics
        self.coachHistory = coachHistory
        self.profile = profile
    }

    func isLinked(_ provider: LinkProvider) -> Bool {
        linked[provider] != nil || (profile()?.linkedProviders.contains(provider.rawValue) ?? false)
    }

    func toggle(_ provider: LinkProvider) async {
        busyProvider = provider
        defer { busyProvider = nil }
        do {
            if isLinked(provider) {
                try await linkService.unlink(provider)
                linked[provider] = nil
            } else {
                linked[provider] = try await linkService.link(provider)
                analytics.track(.accountLinked(provider: provider.rawValue))
            }
        } catch AccountLinkError.cancelled {
            return
        } catch {
            errorMessage = error.localizedDescription
        }
    }

    func exportArchive() {
        do {
            let messages = (try? coachHistory.load()) ?? []
            archiveURL = try archive.makeArchive(profile: profile(), coachMessages: messages)
            analytics.track(.archiveExported)
        } catch {
            errorMessage = error.localizedDescription
        }
    }

    func restoreArchive(from url: URL) {
        do {
            let restored = try archive.restore(from: url)
            Log.storage.info("Restored \(restored.workouts.count, privacy: .public) workouts from archive")
        } catch {
            errorMessage = error.localizedDescription
        }
    }
}
