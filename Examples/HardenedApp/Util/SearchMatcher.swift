import Foundation
import NaturalLanguage

/// Matches the home-screen search text against account and card names word by word, so
/// "joint sav" finds "Joint Savings" and "cafe" finds "Café Rewards".
struct SearchMatcher {
    private let terms: [String]

    init(query: String) {
        let tokenizer = NLTokenizer(unit: .word)
        tokenizer.string = query
        terms = tokenizer.tokens(for: query.startIndex..<query.endIndex).map { Self.normalize(String(query[$0])) }
    }

    func matches(_ text: String) -> Bool {
        guard !terms.isEmpty else { return true }
        let words = Self.normalize(text).split { !$0.isLetter && !$0.isNumber }
        return terms.allSatisfy { term in
            words.contains { $0.hasPrefix(term) }
        }
    }

    private static func normalize(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
