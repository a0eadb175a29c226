import Foundation
import Testing

@testable import IOSecAudit

/// A function does nothing outside debug builds only when its whole body is one `#if DEBUG` block, and a name counts
/// only when every function the project declares with it is such a one.
struct DebugOnlyFunctionsTests {
    func debugOnly(_ code: String) -> [String: Bool] {
        let bytes = Array(code.utf8)
        let functions = bytes.withUnsafeBufferPointer { buffer in
            var lexer = SwiftLexer(bytes: buffer)
            var tokens: [SwiftToken] = []
            while let token = lexer.next() { tokens.append(token) }
            return DebugOnlyFunctions.declarations(in: tokens, bytes: buffer)
        }
        return Dictionary(functions.map { ($0.name, $0.debugOnly) }, uniquingKeysWith: { $0 && $1 })
    }

    @Test func onlyAWholeDebugBlockCounts() {
        let found = debugOnly(
            """
            func trace(_ m: @autoclosure () -> String, level: Int = 0) -> Void {
                #if DEBUG
                if level > 0 { print(m()) }
                #endif
            }
            func both(_ m: String) {
                #if DEBUG
                print(m)
                #else
                os_log("%{public}@", m)
                #endif
            }
            func after(_ m: String) {
                #if DEBUG
                print(m)
                #endif
                send(m)
            }
            func nested(_ m: String) {
                #if DEBUG
                #if os(iOS)
                print(m)
                #endif
                #endif
            }
            func release(_ m: String) { print(m) }
            """)
        #expect(found == ["trace": true, "both": false, "after": false, "nested": true, "release": false])
    }

    @Test func aNameCountsWhenEveryDeclarationAgrees() {
        let debugLog = "func log(_ m: String) {\n    #if DEBUG\n    print(m)\n    #endif\n}\n"
        let index = ConstantIndex(files: [("A.swift", Array(debugLog.utf8))])
        #expect(index.isDebugOnlyFunction("log"))
        let both = ConstantIndex(files: [
            ("A.swift", Array(debugLog.utf8)), ("B.swift", Array("func log(_ m: String) { send(m) }\n".utf8))
        ])
        #expect(!both.isDebugOnlyFunction("log"))
    }
}
