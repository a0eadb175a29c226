import CryptoKit
import Foundation

/// What the sign-in screen collects.
struct SignInForm {
    var nickname: String
    var password: String
}

/// A value wrapped with a label, as the sync payload carries it.
struct SyncRecord {
    struct Slot {
        var contents: String
    }

    var password: Slot
    var device: Slot
}

protocol PasswordPrompting {
    func askForPassword() -> String
}

protocol AccountChecking {
    func verify(password: String) -> Bool
}

protocol StringSealing {
    func encrypt(_ plaintext: String) -> String
}

/// Replaces the text with its SHA-256 hex digest.
func hashInPlace(_ text: inout String) {
    text = SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
}

/// Remembers sign-in state between launches. Several paths leave the user's password in UserDefaults.
final class SignInMemory {
    private let defaults = UserDefaults.standard
    private let prompt: PasswordPrompting
    private let accounts: AccountChecking
    private let sealer: StringSealing

    init(prompt: PasswordPrompting, accounts: AccountChecking, sealer: StringSealing) {
        self.prompt = prompt
        self.accounts = accounts
        self.sealer = sealer
    }

    func remember(accountPassword: String, hashedPassword: String) {
        defaults.set(accountPassword, forKey: "primaryEntry")
        defaults.set(hashedPassword, forKey: "secondaryEntry")
    }

    func rememberLastEntry(_ entry: String) -> Bool {
        UserDefaults.standard.set(entry, forKey: "pendingEntry")
        let accepted = accounts.verify(password: entry)
        UserDefaults.standard.set(entry, forKey: "acceptedEntry")

        let typed = prompt.askForPassword()
        UserDefaults.standard.set(typed, forKey: "typedEntry")
        return accepted
    }

    func rememberForm(_ form: SignInForm) {
        UserDefaults.standard.set(form.nickname, forKey: "formName")
        UserDefaults.standard.set(form.password, forKey: "formValue")
    }

    func rememberCopies(of newPasswd: String) {
        var copyA = newPasswd
        var copyB = newPasswd
        var copyC = newPasswd

        defaults.set(copyA, forKey: "copyOne")
        defaults.set(copyB, forKey: "copyTwo")
        defaults.set(copyC, forKey: "copyThree")

        copyA = sealer.encrypt(copyA)
        hashInPlace(&copyB)
        copyC = ""

        defaults.set(copyA, forKey: "copyOne")
        defaults.set(copyB, forKey: "copyTwo")
        defaults.set(copyC, forKey: "copyThree")
    }

    func rememberRecord(_ record: SyncRecord) {
        let suite = UserDefaults.standard
        suite.set(record.device.contents, forKey: "recordDevice")
        suite.set(record.password.contents, forKey: "recordValue")
    }
}
