import IOSecCore

/// `code.xml-external-entities` in Objective-C: `NSXMLParser`'s `shouldResolveExternalEntities` set to `YES` (by dot
/// syntax or its setter), or a libxml2 reader given an option that loads entities or DTDs, written in the call or in
/// a local of the same body.
enum XMLExternalEntitiesObjCMatcher: ObjCRule {
    static var description: RuleDescription { XMLExternalEntitiesRule.description }

    static let readers: Set<String> = [
        "xmlReadFile", "xmlReadDoc", "xmlReadMemory", "xmlReadFd", "xmlReadIO", "xmlCtxtReadFile", "xmlCtxtReadDoc",
        "xmlCtxtReadMemory", "xmlCtxtReadFd", "xmlCtxtReadIO", "xmlCtxtUseOptions", "xmlParseInNodeContext"
    ]
    /// libxml2's options, and `NSXMLDocument`'s on macOS.
    static let entityOptions: Set<String> = [
        "XML_PARSE_NOENT", "XML_PARSE_DTDLOAD", "NSXMLNodeLoadExternalEntitiesAlways"
    ]

    static let requiredNames: Set<String>? = readers.union([
        "shouldResolveExternalEntities", "setShouldResolveExternalEntities", "NSXMLNodeLoadExternalEntitiesAlways"
    ])

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for assignment in source.assignments()
        where source.lastIdentifier(in: assignment.target) == "shouldResolveExternalEntities"
            && isTrue(assignment.value, in: source)
        {
            reportResolving(file, source, at: assignment.target.lowerBound)
        }
        for send in source.sends where send.selector == "setShouldResolveExternalEntities:" {
            if let value = send.parts.first?.argument, isTrue(value, in: source) {
                reportResolving(file, source, at: send.open)
            }
        }
        for send in source.sends where send.selector.contains("options:") {
            guard let index = send.selector.split(separator: ":").firstIndex(of: "options"),
                index < send.parts.count, let options = send.parts[index].argument,
                let option = entityOption(in: options, of: source, before: send.open)
            else { continue }
            reportOption(option, file, source, at: send.open)
        }
        for call in source.calls where readers.contains(call.name) {
            guard
                let option = call.arguments.lazy.compactMap({ entityOption(in: $0, of: source, before: call.open) })
                    .first
            else { continue }
            reportOption(option, file, source, at: call.nameIndex)
        }
    }

    private static func isTrue(_ value: Range<Int>, in source: ObjCSource) -> Bool {
        guard value.count == 1, let index = value.first else { return false }
        return ["YES", "true", "TRUE", "1"].contains(source.text(index))
    }

    /// An entity-loading option named in the argument, or in the value of the local the argument names.
    private static func entityOption(in range: Range<Int>, of source: ObjCSource, before use: Int) -> String? {
        let names = source.identifiers(in: range)
        if let option = names.first(where: entityOptions.contains) { return option }
        guard names.count == 1, let name = names.first, let body = source.body(containing: use) else { return nil }
        for assignment in source.assignments().reversed()
        where assignment.equals > body.lowerBound && assignment.equals < use
            && source.lastIdentifier(in: assignment.target) == name
        {
            return source.identifiers(in: assignment.value).first(where: entityOptions.contains)
        }
        return nil
    }

    private static func reportResolving(_ file: ArtifactFile, _ source: ObjCSource, at index: Int) {
        report(
            file, source, at: index,
            "the XML parser resolves external entities, so a document can make it read the app's files or fetch other URLs; leave shouldResolveExternalEntities NO",
            evidence: .value)
    }

    private static func reportOption(_ option: String, _ file: ArtifactFile, _ source: ObjCSource, at index: Int) {
        report(
            file, source, at: index,
            "the XML parser is given \(option), so a document can make it read the app's files or fetch other URLs; leave the option out",
            evidence: .value)
    }
}
