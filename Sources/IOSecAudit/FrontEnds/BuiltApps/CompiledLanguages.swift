import IOSecCore

/// What a Mach-O slice's metadata says was compiled into it, for the hardening verdicts that depend on the language:
/// clang adds stack canaries to C and Objective-C, Swift only to functions with stack buffers, and ARC is a property
/// of Objective-C alone.
///
/// A Swift class that subclasses `NSObject` or a UIKit class sits in the Objective-C class list too, under its
/// mangled name (`_TtC4Acme11AppDelegate`, generic `_TtGC…`, nested `_TtCC…`), and a Swift binary that calls any
/// Objective-C API has selector references. Neither is Objective-C code. CocoaPods compiles a generated
/// `PodsDummy_<Pod>` class into every pod, Swift pods included; it holds no code worth a verdict either.
///
/// ```swift
/// let languages = CompiledLanguages(slice)
/// languages.clangClasses   // ["ACMLegacySession"]: written in Objective-C
/// languages.isSwiftOnly    // false
/// ```
struct CompiledLanguages {
    /// Objective-C classes compiled by clang: not Swift classes, not CocoaPods' generated dummies.
    let clangClasses: [String]
    /// Swift classes in the Objective-C class list.
    let swiftClassCount: Int
    let hasSwift: Bool
    let hasObjCMetadata: Bool

    init(_ slice: MachOSlice) {
        hasSwift = slice.hasSwift
        hasObjCMetadata = slice.hasObjC
        var clang: [String] = []
        var swift = 0
        for name in slice.objcClassNames {
            if Self.isSwiftClassName(name) {
                swift += 1
            } else if !Self.isCocoaPodsDummy(name) {
                clang.append(name)
            }
        }
        clangClasses = clang
        swiftClassCount = swift
    }

    /// Swift code with no Objective-C class clang compiled: its Objective-C metadata is Swift's own.
    var isSwiftOnly: Bool { hasSwift && clangClasses.isEmpty }

    /// Swift's mangled class names start `_Tt` (`_TtC`, `_TtGC`, `_TtCC`, `_TtCs` for the standard library's).
    static func isSwiftClassName(_ name: String) -> Bool { name.hasPrefix("_Tt") }

    static func isCocoaPodsDummy(_ name: String) -> Bool { name.hasPrefix("PodsDummy_") }

    /// The class that shows Objective-C code, for a finding's evidence: "Objective-C class 'ACMLegacySession'".
    var evidence: String? {
        guard let first = clangClasses.first else { return nil }
        let more = clangClasses.count > 1 ? " and \(clangClasses.count - 1) more" : ""
        return "Objective-C class '\(first)'\(more)"
    }
}
