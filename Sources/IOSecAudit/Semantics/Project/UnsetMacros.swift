/// Project macros nothing in the scan sets: every mention of the name in the source, the Xcode projects and the
/// xcconfig files is a preprocessor condition (`#if FEATURE_X`, `#endif /* FEATURE_X */`), a comment (a
/// `// #define FEATURE_X 1` left commented out), a string, or `#define FEATURE_X 0`. Code compiled only when such a
/// macro is true is in no build. A build setting (`GCC_PREPROCESSOR_DEFINITIONS = FEATURE_X=1`), an
/// `-DFEATURE_X` flag or any other `#define` makes the macro possibly set, and the code stays as it was.
enum UnsetMacros {
    static let kinds: Set<FileKind> = [.objc, .swift, .pbxproj, .xcconfig]

    /// Of `macros`, those no file of the scan sets.
    static func unset(_ macros: Set<String>, in inputs: [FileInput]) -> Set<String> {
        var open = Dictionary(uniqueKeysWithValues: macros.map { ($0, ByteSearch($0)) })
        for input in inputs where kinds.contains(input.kind) {
            guard !open.isEmpty else { break }
            guard let bytes = try? input.load() else { continue }
            let source = input.kind == .objc || input.kind == .swift
            for (macro, search) in open where search.occurs(in: bytes) && maySet(macro, in: bytes, source: source) {
                open[macro] = nil
            }
        }
        return Set(open.keys)
    }

    /// Whether some line of `bytes` that names `macro` as a word may set it. In a build setting every mention may
    /// (`GCC_PREPROCESSOR_DEFINITIONS = ("FEATURE_X=1")`), but a comment line; in `source`, not a string either.
    static func maySet(_ macro: String, in bytes: [UInt8], source: Bool) -> Bool {
        let name = Array(macro.utf8)
        var index = 0
        while index + name.count <= bytes.count {
            guard bytes[index] == name[0], bytes[index..<(index + name.count)].elementsEqual(name),
                index == 0 || !ByteSearch.isWordByte(bytes[index - 1]),
                index + name.count == bytes.count || !ByteSearch.isWordByte(bytes[index + name.count])
            else {
                index += 1
                continue
            }
            var start = index
            while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
            var end = index
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let line = String(decoding: bytes[start..<end], as: UTF8.self)
            let before = String(decoding: bytes[start..<index], as: UTF8.self)
            if source ? !isInert(line: line, before: before, macro: macro) : !line.trimmingWhitespace().hasPrefix("//")
            {
                return true
            }
            index += name.count
        }
        return false
    }

    /// A mention that sets nothing: in a condition, a comment or a string, or a definition as 0.
    private static func isInert(line: String, before: String, macro: String) -> Bool {
        let trimmed = line.trimmingWhitespace()
        let compact = trimmed.filter { !$0.isWhitespace }
        for prefix in ["#if", "#ifdef", "#ifndef", "#elif", "#endif", "#else", "//", "/*", "*"]
        where trimmed.hasPrefix(prefix) {
            return true
        }
        if compact == "#define\(macro)0" || compact == "#define\(macro)(0)" || compact.hasPrefix("#define\(macro)0//") {
            return true
        }
        // After `//` or inside a string literal on its line.
        if before.contains("//") { return true }
        return before.filter { $0 == "\"" }.count % 2 == 1
    }
}
