import Testing

@testable import IOSecCore

@Suite struct ByteSearchTests {
    @Test(arguments: [
        ("https://x", "://", true), ("your-api-key", "your", true), ("abc", "abc", true), ("abc", "", true),
        ("", "a", false), ("ab", "abc", false), ("aab", "ab", true), ("xxxyxxxz", "xxxz", true), ("abc", "abd", false),
        ("clé secrète", "secr", true), ("clé", "e", false), ("%ld items", "%ld", true)
    ])
    func findsExactlyTheBytes(text: String, needle: String, expected: Bool) {
        #expect(text.containsBytes(needle) == expected, "\(text) / \(needle)")
        #expect(text[...].containsBytes(needle) == expected, "substring \(text) / \(needle)")
    }
}
