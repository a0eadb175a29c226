import Foundation
import os
import UIKit

final class EditorPreferences {
    private let defaults = UserDefaults.standard
    private let logger = Logger(subsystem: "org.example.editor", category: "prefs")

    func persist(tokenizer: String, isPinned: Bool, spinner: String, passwordRules: String, tokenCount: Int,
                 isPasswordValid: Bool, keyboardType: UIKeyboardType) {
        defaults.set(tokenizer, forKey: "tokenizer")
        defaults.set(isPinned, forKey: "isPinned")
        defaults.set(spinner, forKey: "spinner")
        defaults.set(passwordRules, forKey: "passwordRules")
        defaults.set(tokenCount, forKey: "tokenCount")
        defaults.set(isPasswordValid, forKey: "isPasswordValid")
        defaults.set(keyboardType.rawValue, forKey: "keyboardType")
        logger.info("tokenizer \(tokenizer, privacy: .public) pinned \(isPinned) tokens \(tokenCount)")
        logger.info("password rules \(passwordRules, privacy: .public) valid \(isPasswordValid)")
    }
}
