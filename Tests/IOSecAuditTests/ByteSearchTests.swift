import Testing

@testable import IOSecAudit

struct ByteSearchTests {
    @Test func findsTheNeedleWhereverItIs() {
        let search = ByteSearch("import RealmSwift")
        #expect(search.occurs(in: Array("import RealmSwift".utf8)))
        #expect(search.occurs(in: Array("// x\nimport RealmSwift".utf8)))
        #expect(search.occurs(in: Array("import RealmSwift\nclass A {}".utf8)))
        #expect(!search.occurs(in: Array("import RealmSwif".utf8)))
        #expect(search.occurs(in: Array("import Realm Swift; import RealmSwiftUI".utf8)))
        #expect(!search.occurs(in: Array("mport RealmSwift".utf8)))
        #expect(!search.occurs(in: []))
    }

    /// The anchor byte occurs where the rest does not match, before a true match.
    @Test func looksPastNearMisses() {
        let search = ByteSearch("cipherKeyBlock")
        #expect(search.occurs(in: Array("cipherKey cipherKeyBlack cipherKeyBlock".utf8)))
        #expect(!search.occurs(in: Array("cipherKey cipherKeyBlack KeyBlock".utf8)))
    }

    @Test func lowerCaseNeedlesAndEdges() {
        #expect(ByteSearch("abc").occurs(in: Array("xxabc".utf8)))
        #expect(!ByteSearch("abc").occurs(in: Array("ab".utf8)))
        #expect(ByteSearch("").occurs(in: Array("anything".utf8)))
        #expect(ByteSearch("aa").occurs(in: Array("baab".utf8)))
    }

    @Test func wholeWordsAreCountedUpToTheLimit() {
        let search = ByteSearch("remember")
        let text = Array("remember(x); rememberAll(); self.remember; _remember; #selector(remember) remember".utf8)
        #expect(search.wordCount(in: text, limit: 10) == 4)
        #expect(search.wordCount(in: text, limit: 2) == 2)
        #expect(search.wordCount(in: Array("rememberé".utf8), limit: 10) == 0)
        #expect(search.wordCount(in: [], limit: 10) == 0)
    }
}
