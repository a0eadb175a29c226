/// What iosec reads from an `.xcscheme`: the build configuration its Archive action uses, and the projects whose
/// targets it builds. The archive configuration is the one an uploaded build is made with; a configuration no
/// scheme archives never leaves the developer's Mac.
///
/// ```swift
/// let scheme = XcodeScheme.parse(Array(xml.utf8))
/// scheme.archiveConfiguration   // "Release"
/// scheme.containers             // ["AcmeWallet.xcodeproj"], as written after `container:`
/// ```
struct XcodeScheme: Sendable, Equatable {
    var archiveConfiguration: String?
    /// Line of the `<ArchiveAction` tag.
    var archiveLine = 1
    /// `ReferencedContainer = "container:…"` values of the scheme's buildable references, in order, without repeats.
    var containers: [String] = []
    /// Where the XML stops making sense, if it does.
    var error: (line: Int, message: String)?

    static func == (a: XcodeScheme, b: XcodeScheme) -> Bool {
        a.archiveConfiguration == b.archiveConfiguration && a.archiveLine == b.archiveLine
            && a.containers == b.containers && a.error?.line == b.error?.line && a.error?.message == b.error?.message
    }

    static func parse(_ bytes: [UInt8]) -> XcodeScheme {
        var reader = Reader()
        var scanner = XMLScanner(bytes: bytes, elements: ["ArchiveAction", "BuildableReference"])
        scanner.run(&reader)
        var scheme = reader.scheme
        scheme.error = scanner.error
        return scheme
    }

    /// The project a `container:` reference names, as a path relative to the scanned root, given where the scheme
    /// file is: references are relative to the folder holding the `.xcodeproj` or `.xcworkspace` the scheme is
    /// kept in. nil for other kinds of reference (`absolute:`, `group:`) or a path that leaves the root.
    static func project(_ container: String, schemeFile: String) -> String? {
        guard container.hasPrefix("container:") else { return nil }
        let reference = container.dropFirst("container:".count)
        var parts = schemeFile.split(separator: "/").map(String.init)
        guard let bundle = parts.lastIndex(where: { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") })
        else { return nil }
        parts.removeSubrange(bundle...)
        for component in reference.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": if parts.isEmpty { return nil } else { parts.removeLast() }
            default: parts.append(String(component))
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    private struct Reader: XMLElementReader {
        var scheme = XcodeScheme()

        mutating func start(_ name: String, attributes: [String: String], line: Int, depth: Int) {
            switch name {
            case "ArchiveAction":
                scheme.archiveConfiguration = attributes["buildConfiguration"]
                scheme.archiveLine = line
            case "BuildableReference":
                if let container = attributes["ReferencedContainer"], !scheme.containers.contains(container) {
                    scheme.containers.append(container)
                }
            default:
                break
            }
        }

        mutating func end(depth: Int) {}
    }
}
