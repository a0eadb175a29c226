import Foundation

struct CoachMessage: Identifiable, Codable, Equatable {
    enum Author: String, Codable {
        case athlete
        case coach
        case system
    }

    let id: UUID
    let author: Author
    let body: String
    let sentAt: Date
    var attachedWorkoutID: UUID?

    init(id: UUID = UUID(), author: Author, body: String, sentAt: Date = Date(), attachedWorkoutID: UUID? = nil) {
        self.id = id
        self.author = author
        self.body = body
        self.sentAt = sentAt
        self.attachedWorkoutID = attachedWorkoutID
    }
}

struct CoachThreadPage: Decodable {
    let messages: [CoachMessage]
    let nextCursor: String?
}

@MainActor
final class CoachChatViewModel: ObservableObject {
    @Published private(set) var messages: [CoachMessage] = []
    @Published var draft = ""
    @Published private(set) var isSending = false
    @Published private(set) var isLocked = true
    @Published var errorMessage: String?

    private let api: APIClientProtocol
    private let history: CoachHistoryStore
    private let analytics: AnalyticsTracking
    private let preferences: Preferences
    private let profileName: String?

    init(api: APIClientProtocol, history: CoachHistoryStore, analytics: AnalyticsTracking, preferences: Preferences, profileName: String?) {
        self.api = api
        self.history = history
        self.analytics = analytics
        self.preferences = preferences
        self.profileName = profileName
    }

    var greeting: String {
        guard let profileName, !profileName.isEmpty else {
            return NSLocalizedString("coach.greeting.anonymous", comment: "")
        }
        return String(format: NSLocalizedString("coach.greeting %@", comment: "Hi NAME, how did today's run feel?"), profileName)
    }

    func unlock() async {
        do {
            try await history.unlock()
            messages = try history.load()
            isLocked = false
            await refresh()
        } catch BiometricGateError.cancelled {
            isLocked = true
        } catch {
            errorMessage = error.localizedDescription
        }
    }

    func lock() {
        history.lock()
        messages = []
        isLocked = true
    }

    func refresh() async {
        do {
            let page = try await api.send(API.coachThread(cursor: preferences.coachThreadCursor))
            merge(page.messages)
            preferences.coachThreadCursor = page.nextCursor
            try history.save(messages)
        } catch {
            Log.coach.error("Thread refresh failed: \(error.localizedDescription, privacy: .public)")
        }
    }

    func send(attaching workoutID: UUID? = nil) async {
        let body = draft.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !body.isEmpty, !isSending else { return }

        let outgoing = CoachMessage(author: .athlete, body: body, attachedWorkoutID: workoutID)
        messages.append(outgoing)
        draft = ""
        isSending = true
        defer { isSending = false }

        do {
            let reply = try await api.send(try API.sendCoachMessage(outgoing))
            merge([reply])
            try history.save(messages)
            analytics.track(.coachMessageSent(length: body.count))
        } catch {
            messages.removeAll { $0.id == outgoing.id }
            draft = body
            errorMessage = error.localizedDescription
        }
    }

    private func merge(_ incoming: [CoachMessage]) {
        var byID = Dictionary(uniqueKeysWithValues: messages.map { ($0.id, $0) })
        for message in incoming {
            byID[message.id] = message
        }
        messages = byID.values.sorted { $0.sentAt < $1.sentAt }
    }
}
