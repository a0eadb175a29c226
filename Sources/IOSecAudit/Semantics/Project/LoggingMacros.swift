/// What the project's function-like macros named for logging do in a release build (`ALog(@"…", x)`): found by
/// their `#define` in any Objective-C or C file of the scan. A macro logs when a definition that release builds
/// compile calls a logging function (`NSLog`, `printf`, `os_log`, CocoaLumberjack), directly or through another
/// such macro; one defined to log only under `#ifdef DEBUG` (and to nothing otherwise) logs only in debug builds.
/// A macro no file of the scan defines is unknown: it comes from a library, and nothing is said of it.
enum LoggingMacros {
    enum Verdict: Equatable {
        /// A release definition logs, through `function`, at `file`:`line`.
        case logs(function: String, file: String, line: Int)
        /// Only debug-only definitions log.
        case debugOnly
        /// Defined in the scan, and no definition logs.
        case silent
        /// Not defined in the scan: a library's, or an API's own name.
        case undefined
    }

    private struct Definition {
        let file: String
        let line: Int
        let isDebugOnly: Bool
        let calls: [String]
        /// `#define DDLogDebug(...)` or `do { } while (0)`: the macro expands to no statement.
        let doesNothing: Bool
    }

    /// For a name the rule knows as logging (`NSLog`, `DDLogDebug`, `MXLogDebug`), what the scan's own `#define` of
    /// it does: a release definition that expands to nothing drops the call (`.silent`); only debug-only definitions
    /// make it debug-only; any other release definition, or none, leaves it as the name says (`.undefined`), since it
    /// may log through a method the definition sends to.
    static func knownNameVerdicts(for names: Set<String>, in inputs: [FileInput]) -> [String: Verdict] {
        let definitions = definitions(of: names, in: inputs)
        var verdicts: [String: Verdict] = [:]
        for name in names {
            guard let found = definitions[name] else {
                verdicts[name] = .undefined
                continue
            }
            let release = found.filter { !$0.isDebugOnly }
            if release.isEmpty {
                verdicts[name] = .debugOnly
            } else if release.allSatisfy(\.doesNothing) {
                verdicts[name] = found.contains { $0.isDebugOnly && !$0.doesNothing } ? .debugOnly : .silent
            } else {
                verdicts[name] = .undefined
            }
        }
        return verdicts
    }

    static func verdicts(for names: Set<String>, in inputs: [FileInput]) -> [String: Verdict] {
        let definitions = definitions(of: names, in: inputs)
        func verdict(of name: String, depth: Int) -> Verdict {
            guard depth < 3, let found = definitions[name] else { return .silent }
            var result = Verdict.silent
            for definition in found {
                for called in definition.calls {
                    let logs: Verdict =
                        isLoggingFunction(called)
                        ? .logs(function: called, file: definition.file, line: definition.line)
                        : verdict(of: called, depth: depth + 1)
                    switch logs {
                    case .logs where !definition.isDebugOnly: return logs
                    case .logs, .debugOnly: result = .debugOnly
                    case .silent, .undefined: break
                    }
                }
            }
            return result
        }
        var verdicts: [String: Verdict] = [:]
        for name in names { verdicts[name] = definitions[name] == nil ? .undefined : verdict(of: name, depth: 0) }
        return verdicts
    }

    /// The `#define`s of `names` in the scan's Objective-C and C files outside tests, and of the macros they call,
    /// one level down.
    private static func definitions(of names: Set<String>, in inputs: [FileInput]) -> [String: [Definition]] {
        var definitions: [String: [Definition]] = [:]
        // Names reached through another macro (`#define ALog(…) DLog(…)`) are looked for too, one level down.
        var wanted = names
        for _ in 0..<2 {
            let searches = wanted.subtracting(definitions.keys).map(ByteSearch.init)
            guard !searches.isEmpty else { break }
            var next: Set<String> = []
            for input in inputs where input.kind == .objc && !PathTraits.isTestCode(input.relativePath) {
                guard let bytes = try? input.load(), searches.contains(where: { defines($0, in: bytes) }) else {
                    continue
                }
                for macro in ObjCLexer.functionMacros(in: bytes) where wanted.contains(macro.name) {
                    let calls = calledNames(in: macro.body, bytes: bytes)
                    definitions[macro.name, default: []].append(
                        Definition(
                            file: input.relativePath, line: macro.line, isDebugOnly: macro.isDebugOnly, calls: calls,
                            doesNothing: doesNothing(macro.body, bytes: bytes)))
                    next.formUnion(calls.filter { !isLoggingFunction($0) })
                }
            }
            wanted = next
        }
        return definitions
    }

    /// A body of nothing but `do`, `while`, numbers and punctuation.
    private static func doesNothing(_ body: [ObjCToken], bytes: [UInt8]) -> Bool {
        body.allSatisfy { token in
            guard token.kind == .identifier else { return token.kind != .string && token.kind != .objcString }
            let text = bytes[token.start..<token.end]
            return text.elementsEqual("do".utf8) || text.elementsEqual("while".utf8)
        }
    }

    /// Whether a line of `bytes` is `#define NAME`, spaces and tabs allowed around `#` and `define`: only a file
    /// that defines one of the names is lexed, not every file that calls it.
    private static func defines(_ name: ByteSearch, in bytes: [UInt8]) -> Bool {
        let directive = Array("define".utf8)
        for offset in name.wordOffsets(in: bytes, limit: 64) {
            var i = offset - 1
            while i >= 0, bytes[i] == 0x20 || bytes[i] == 0x09 { i -= 1 }
            guard i + 1 >= directive.count, i + 1 < offset,
                bytes[(i + 1 - directive.count)...i].elementsEqual(directive)
            else { continue }
            i -= directive.count
            while i >= 0, bytes[i] == 0x20 || bytes[i] == 0x09 { i -= 1 }
            if i >= 0, bytes[i] == UInt8(ascii: "#") { return true }
        }
        return false
    }

    private static func isLoggingFunction(_ name: String) -> Bool {
        LogSensitiveObjCMatcher.functions.contains(name) || LogSensitiveObjCMatcher.isLoggerMacro(name)
    }

    /// The identifiers a macro's body calls: each one directly before a `(`.
    private static func calledNames(in body: [ObjCToken], bytes: [UInt8]) -> [String] {
        var names: [String] = []
        for (index, token) in body.enumerated() where token.kind == .identifier && index + 1 < body.count {
            let next = body[index + 1]
            guard next.kind == .punctuation, next.end - next.start == 1, bytes[next.start] == UInt8(ascii: "(") else {
                continue
            }
            names.append(String(decoding: bytes[token.start..<token.end], as: UTF8.self))
        }
        return names
    }
}
