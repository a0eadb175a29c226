import Foundation
import IOSecCore

/// Parsing shared by the configuration fact collectors. A file that does not parse records nothing: its
/// parse error is reported once, by `ParseDiagnosticsCollector` (or by the rule that owns the file kind).
enum CollectorSupport {
    /// The file as a property list, parsed once per file (rules and collectors of the same file share it).
    static func propertyList(_ file: ArtifactFile) -> PropertyListDocument? {
        try? propertyListResult(file).get()
    }

    /// The parse, or why it failed (for the one diagnostic or finding that says so).
    static func propertyListResult(_ file: ArtifactFile) -> Result<PropertyListDocument, PropertyListError> {
        file.parsed("IOSecCore.PropertyListDocument") { file in
            let result = Result { () throws(PropertyListError) in try PropertyListParser.parse(Data(file.bytes)) }
            // An Info.plist written for Xcode's preprocessor (`#ifndef FLAG` … `#endif`): read with every branch.
            guard case .failure = result, let blanked = PreprocessedPropertyList.blankingDirectives(file.bytes),
                let document = try? PropertyListParser.parse(Data(blanked))
            else { return result }
            return .success(document)
        }
    }

    /// A `project.pbxproj`'s build configurations, parsed once per file.
    static func xcodeProject(_ file: ArtifactFile) -> Result<XcodeProject, PropertyListError> {
        file.parsed("IOSecCore.XcodeProject") { file in
            Result { () throws(PropertyListError) in try XcodeProject.parse(Data(file.bytes)) }
        }
    }

    /// An `.xcconfig` file's assignments, parsed once per file.
    static func xcconfig(_ file: ArtifactFile) -> XCConfig {
        file.parsed("IOSecCore.XCConfig") { XCConfig.parse($0.text) }
    }

    /// The root dictionary of a property list file, or nil when it does not parse or is not a dictionary.
    static func rootDictionary(_ file: ArtifactFile) -> PropertyListDictionary? {
        propertyList(file)?.root.dictionary
    }
}

extension CollectorSupport {
    /// The Info.plist's `NSAppTransportSecurity` evaluated once per file (both ATS rules read it), or nil when
    /// the file has no such key or does not parse.
    static func transportSecurity(_ file: ArtifactFile) -> ATSEvaluation? {
        file.parsed("IOSecCore.ATSEvaluation") { file in
            rootDictionary(file)?.entry("NSAppTransportSecurity").map {
                ATSEvaluation.evaluate($0.value, line: $0.keyLine)
            }
        }
    }
}

/// An association file validated once, with the map from the JSON paths of its issues to lines.
struct AssociationFileSource {
    let report: AssociationFileReport
    let map: JSONSourceMap
    /// Where each App ID is first written as an App ID, by its text: built in one pass, so a file listing many App
    /// IDs is not searched again for each.
    private let appIDPositions: [String: JSONSourceMap.Position]
    /// The keys of the obsolete `details` dictionary (the last of equal keys, as the parse keeps it): read in one
    /// pass too, rather than one search of the dictionary per App ID.
    private let obsoleteKeyPositions: [String: JSONSourceMap.Position]

    init(report: AssociationFileReport, map: JSONSourceMap) {
        self.report = report
        self.map = map
        var positions: [String: JSONSourceMap.Position] = [:]
        for value in map.strings where Self.holdsAppIDs(value) {
            let text = value.value
            if positions[text] == nil { positions[text] = value.position }
        }
        appIDPositions = positions
        var keys: [String: JSONSourceMap.Position] = [:]
        for (key, position) in map.members(at: "applinks.details") { keys[key] = position }
        obsoleteKeyPositions = keys
    }

    static func of(_ file: ArtifactFile) -> AssociationFileSource {
        file.parsed("IOSecAudit.AssociationFileSource") { file in
            let map = JSONSourceMap(file.bytes)
            return AssociationFileSource(report: AssociationFile.validate(file.bytes, sourceMap: map), map: map)
        }
    }

    /// Where an App ID is first written as an App ID (a value in `apps` / `appIDs` / `appID`, or a key of the
    /// obsolete `details` dictionary).
    func position(of id: AppID) -> JSONSourceMap.Position {
        let written = id.description
        if let position = appIDPositions[written] ?? obsoleteKeyPositions[written] { return position }
        return map.nearestPosition(of: "")
    }

    /// An element of a nested `apps` or `appIDs` array, or the value of a nested `appID`; only the last two path
    /// segments are looked at, so the cost does not grow with the depth.
    private static func holdsAppIDs(_ value: JSONSourceMap.StringValue) -> Bool {
        let suffix = value.pathSuffix(segments: 2)
        return suffix.hasPrefix(".apps[") || suffix.hasPrefix(".appIDs[") || suffix.hasSuffix(".appID")
    }
}
