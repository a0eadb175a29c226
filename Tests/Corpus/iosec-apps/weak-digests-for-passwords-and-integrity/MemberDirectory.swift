import CryptoKit
import Foundation

struct Member: Codable, Equatable {
    let id: UUID
    let login: String
    let email: String
    let passwordDigest: String
    var lastSeen: Date?
}

/// Local accounts of the document vault; the vault works offline, so members are checked on the device.
final class MemberDirectory {
    private(set) var active: Member?

    private let defaults = UserDefaults.standard
    private let rosterKey = "vault.members"
    private let activeKey = "vault.activeMember"

    func enroll(login: String, email: String, password: String) -> Member? {
        var roster = loadRoster()
        guard !roster.contains(where: { $0.login == login || $0.email == email }) else { return nil }
        let member = Member(id: UUID(), login: login, email: email, passwordDigest: digest(of: password), lastSeen: nil)
        roster.append(member)
        persist(roster)
        makeActive(member)
        return member
    }

    func signIn(login: String, password: String) -> Bool {
        let candidate = digest(of: password)
        guard var member = loadRoster().first(where: { $0.login == login && $0.passwordDigest == candidate }) else {
            return false
        }
        member.lastSeen = Date()
        makeActive(member)
        return true
    }

    func signOut() {
        active = nil
        defaults.removeObject(forKey: activeKey)
    }

    private func digest(of password: String) -> String {
        let raw = Insecure.MD5.hash(data: Data(password.utf8))
        return raw.map { String(format: "%02x", $0) }.joined()
    }

    private func loadRoster() -> [Member] {
        guard let blob = defaults.data(forKey: rosterKey) else { return [] }
        return (try? JSONDecoder().decode([Member].self, from: blob)) ?? []
    }

    private func persist(_ roster: [Member]) {
        guard let blob = try? JSONEncoder().encode(roster) else { return }
        defaults.set(blob, forKey: rosterKey)
    }

    private func makeActive(_ member: Member) {
        active = member
        if let blob = try? JSONEncoder().encode(member) {
            defaults.set(blob, forKey: activeKey)
        }
    }
}
