import Foundation
import IOSecCore

/// Parsing shared by the configuration fact collectors. A file that does not parse records nothing: its
/// parse error is reported once by the parse-diagnostics collectors, not here.
enum CollectorSupport {
    /// The file as a property list, parsed once per file (rules and collectors of the same file share it).
    static func propertyList(_ file: ArtifactFile) -> PropertyListDocument? {
        file.parsed("IOSecCore.PropertyListDocument") { try? PropertyListParser.parse(Data($0.bytes)) }
    }

    /// The root dictionary of a property list file, or nil when it does not parse or is not a dictionary.
    static func rootDictionary(_ file: ArtifactFile) -> PropertyListDictionary? {
        propertyList(file)?.root.dictionary
    }
}

/// Columns for line-numbered facts: a plist key is reported where its text starts, not at column 1.
struct IndentIndex {
    private let bytes: [UInt8]
    private var starts: [Int] = [0]

    init(_ file: ArtifactFile) {
        bytes = file.bytes
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") { starts.append(i + 1) }
    }

    /// 1-based UTF-8 column of the first non-blank byte of a 1-based line (1 when out of range).
    func column(ofLine line: Int) -> Int {
        guard line >= 1, line <= starts.count else { return 1 }
        var i = starts[line - 1]
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
        return i - starts[line - 1] + 1
    }
}
