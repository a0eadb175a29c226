/// Project macros nothing in the scan sets: every mention of the name in the source, the Xcode projects and the
/// xcconfig files is a preprocessor condition (`#if FEATURE_X`, `#endif /* FEATURE_X */`), a comment, a string, or
/// `#define FEATURE_X 0`, and the project shows it owns the macro (`#define FEATURE_X 0`, or a `// #define FEATURE_X
/// 1` left commented out). Code compiled only when such a macro is true is in no build. A build setting
/// (`GCC_PREPROCESSOR_DEFINITIONS = FEATURE_X=1`), an `-DFEATURE_X` flag or any other `#define` makes the macro
/// possibly set, and the code stays as it was.
enum UnsetMacros {
    static let kinds: Set<FileKind> = [.objc, .swift, .pbxproj, .xcconfig]

    /// Of `macros`, those no file of the scan sets and the project owns: it writes `#define MACRO 0` somewhere, or
    /// keeps a `#define MACRO` commented out. A macro only ever tested may come from a library or a build outside
    /// the scan (an SDK's feature header), so its code is not judged.
    static func unset(_ macros: Set<String>, in inputs: [FileInput]) -> Set<String> {
        var open = Dictionary(uniqueKeysWithValues: macros.map { ($0, ByteSearch($0)) })
        var owned: Set<String> = []
        for input in inputs where kinds.contains(input.kind) {
            guard !open.isEmpty else { break }
            guard let bytes = try? input.load() else { continue }
            let source = input.kind == .objc || input.kind == .swift
            for (macro, search) in open where search.occurs(in: bytes) {
                switch mentions(of: macro, in: bytes, source: source) {
                case .sets: open[macro] = nil
                case .offDefinition: owned.insert(macro)
                case .inert: break
                }
            }
        }
        return Set(open.keys).intersection(owned)
    }

    enum Mentions {
        /// A line may set the macro.
        case sets
        /// Only inert mentions, one of them `#define MACRO 0` or a commented-out `#define MACRO`.
        case offDefinition
        case inert
    }

    /// What the lines of `bytes` that name `macro` as a word do with it. In a build setting every mention may set it
    /// (`GCC_PREPROCESSOR_DEFINITIONS = ("FEATURE_X=1")`) but a comment line; in `source`, not a string either.
    static func mentions(of macro: String, in bytes: [UInt8], source: Bool) -> Mentions {
        let name = Array(macro.utf8)
        var result = Mentions.inert
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
            index += name.count
            guard source else {
                if !line.trimmingWhitespace().hasPrefix("//") { return .sets }
                continue
            }
            guard isInert(line: line, before: before, macro: macro) else { return .sets }
            let compact = line.filter { !$0.isWhitespace }
            if compact.hasPrefix("#define\(macro)") || compact.contains("//#define\(macro)")
                || compact.contains("/*#define\(macro)")
            {
                result = .offDefinition
            }
        }
        return result
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
