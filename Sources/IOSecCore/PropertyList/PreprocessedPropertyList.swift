/// Info.plists that Xcode runs through the C preprocessor first (`INFOPLIST_PREPROCESS = YES`): they hold lines such
/// as `#ifndef DISABLE_PLAIN_HTTP` … `#endif` between the XML elements, which no plist parser accepts.
///
/// iosec cannot know which macros the build defines, so it reads such a file with the directive lines blanked out:
/// every branch is kept, which is what a reviewer wants (a key guarded by a flag is still shipped in the default
/// build). Blanking keeps every line and column where it was.
///
/// ```swift
/// let text = "<dict>\n#ifndef NO_HTTP\n<key>NSAppTransportSecurity</key>…\n#endif\n</dict>"
/// PreprocessedPropertyList.blankingDirectives(Array(text.utf8))  // the two # lines become spaces
/// ```
public enum PreprocessedPropertyList {
    /// The preprocessor's directives; a `#` line with any other word is left alone.
    private static let directives: Set<String> = [
        "if", "ifdef", "ifndef", "elif", "else", "endif", "define", "undef", "include", "import", "error", "warning",
        "pragma", "line"
    ]

    /// The bytes with each directive line replaced by spaces, or nil when there is no directive line.
    public static func blankingDirectives(_ bytes: [UInt8]) -> [UInt8]? {
        var result = bytes
        var changed = false
        var lineStart = 0
        let n = bytes.count
        while lineStart < n {
            var end = lineStart
            while end < n, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            var i = lineStart
            while i < end, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
            if i < end, bytes[i] == UInt8(ascii: "#") {
                var j = i + 1
                while j < end, bytes[j] == UInt8(ascii: " ") || bytes[j] == UInt8(ascii: "\t") { j += 1 }
                var k = j
                while k < end, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[k]) { k += 1 }
                if k > j, directives.contains(String(decoding: bytes[j..<k], as: UTF8.self)) {
                    for p in i..<end where bytes[p] != UInt8(ascii: "\r") { result[p] = UInt8(ascii: " ") }
                    changed = true
                }
            }
            lineStart = end + 1
        }
        return changed ? result : nil
    }
}
