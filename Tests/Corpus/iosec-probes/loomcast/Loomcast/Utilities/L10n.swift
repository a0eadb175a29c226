import Foundation

enum L10n {
    static var done: String { String(localized: "common.done", defaultValue: "Done") }
    static var cancel: String { String(localized: "common.cancel", defaultValue: "Cancel") }
    static var signInHeadline: String { String(localized: "signin.headline", defaultValue: "Stories, woven for your commute.") }
    static var signInWithPasskey: String { String(localized: "signin.passkey", defaultValue: "Sign in with a passkey") }
    static var signInFailed: String { String(localized: "signin.failed", defaultValue: "We couldn’t sign you in. Please try again.") }
    static var libraryTitle: String { String(localized: "library.title", defaultValue: "Library") }
    static var settingsTitle: String { String(localized: "settings.title", defaultValue: "Settings") }
    static var manageSubscription: String { String(localized: "account.manage", defaultValue: "Manage Subscription") }
    static var linkCopied: String { String(localized: "player.linkCopied", defaultValue: "Link copied") }

    static func episodeCount(_ count: Int) -> String {
        String(format: NSLocalizedString("library.episodeCount", comment: "e.g. “42 episodes”"), locale: .current, count)
    }

    static func minutesRemaining(_ minutes: Int) -> String {
        String(format: NSLocalizedString("player.remaining", comment: "Minutes left in the episode"), locale: .current, minutes)
    }

    static func sleepTimer(_ minutes: Int) -> String {
        String(format: NSLocalizedString("player.sleepTimer", comment: "Sleep timer length"), locale: .current, minutes)
    }

    static func playbackSpeed(_ rate: Double) -> String {
        String(format: NSLocalizedString("player.speed", comment: "Playback rate such as 1.5×"), locale: .current, rate)
    }

    static func signedInAs(_ name: String) -> String {
        String(format: NSLocalizedString("account.signedInAs", comment: "%@ is the display name"), locale: .current, name)
    }
}
