import Foundation

extension AssociationFile {
    /// Apple's download limit for the file (App Search Programming Guide, 2016-04-01).
    public static let maximumSize = 131_072

    /// Parses and validates raw bytes as served at `/.well-known/apple-app-site-association`.
    ///
    /// Errors make the file unusable or parts of it ignored by iOS; warnings are smells (a UTF-8
    /// BOM, unknown keys, mixing `paths` and `components`).
    ///
    /// - Parameter sourceMap: the map of `data`, when the caller has one (it is built otherwise): it is the
    ///   parse, so a second one would double the cost.
    public static func validate(_ data: Data, sourceMap: JSONSourceMap? = nil) -> AssociationFileReport {
        validate([UInt8](data), sourceMap: sourceMap)
    }

    /// ``validate(_:sourceMap:)`` of bytes already in an array (no copy).
    public static func validate(_ bytes: [UInt8], sourceMap: JSONSourceMap? = nil) -> AssociationFileReport {
        var v = Validator(sourceMap: sourceMap)
        let file = v.run(bytes)
        return AssociationFileReport(file: file, issues: v.issues)
    }
}

/// Reads the source map's tree: values are node numbers, and an issue's path and position are worked out from its
/// node only when there is an issue (building a path string for every value cost more than the rest).
private struct Validator {
    let sourceMap: JSONSourceMap?
    var issues: [AssociationFileIssue] = []
    private var tree: JSONSourceMap.Tree!

    init(sourceMap: JSONSourceMap?) { self.sourceMap = sourceMap }

    /// A problem of the value at `node`, or of the whole file when nil.
    mutating func error(_ node: Int?, _ message: String) { add(.error, node, message) }
    mutating func warning(_ node: Int?, _ message: String) { add(.warning, node, message) }

    private mutating func add(_ severity: AssociationFileIssue.Severity, _ node: Int?, _ message: String) {
        guard let node else { return issues.append(.init(severity, "", message)) }
        issues.append(
            .init(
                severity, tree.path(of: node, segments: .max), message, position: tree.position(of: node)))
    }

    mutating func run(_ input: [UInt8]) -> AssociationFile? {
        var data = input[...]
        if data.count > AssociationFile.maximumSize {
            error(
                nil,
                "the file is \(data.count) bytes; Apple downloads at most 128 KB (131072 bytes), so it will be rejected — remove unused paths or apps"
            )
        }
        if data.starts(with: [0x1F, 0x8B]) {
            error(
                nil,
                "the file is gzip-compressed (starts with 1f 8b); store and serve plain JSON — compression belongs in the HTTP Content-Encoding, not the file"
            )
            return nil
        }
        if data.starts(with: [0xEF, 0xBB, 0xBF]) {
            warning(nil, "the file starts with a UTF-8 byte-order mark; some validators reject it, save it without BOM")
            data = data.dropFirst(3)
        }
        guard Self.isValidUTF8(data) else {
            error(nil, "the file is not valid UTF-8; save it as UTF-8 JSON")
            return nil
        }
        // Checked before the parse, which recurses once per level. One pass, whatever the syntax around the
        // brackets.
        let limit = ParserLimits.maximumNestingDepth
        if let at = JSONSourceMap.firstPosition(nestingDeeperThan: limit, in: data) {
            error(
                nil,
                "the JSON nests deeper than \(limit) levels at line \(at.line), column \(at.column); the file is corrupt or hostile (a valid association file nests 7 levels at most)"
            )
            return nil
        }
        // The map is the parse (of all the bytes: it skips the byte-order mark itself, and counts no column for it).
        let map = sourceMap ?? JSONSourceMap(input)
        tree = map.tree
        if let invalid = map.invalidity {
            let at = map.syntaxError ?? invalid.position
            let detail =
                invalid.position == at
                ? invalid.problem
                : "\(invalid.problem) at line \(invalid.position.line), column \(invalid.position.column)"
            error(
                nil,
                "the file is not valid JSON at line \(at.line), column \(at.column) (\(detail)); check it with a JSON linter"
            )
            return nil
        }
        // Foundation and other lenient readers accept trailing commas; Apple's CDN and other readers may not.
        if let at = map.syntaxError {
            error(
                nil,
                "the file is not strict JSON at line \(at.line), column \(at.column) (a trailing comma, comment or similar); some parsers reject the whole file"
            )
        }
        let root = 0
        guard tree.kinds[root] == .object else {
            error(nil, "the top level must be a JSON object, found \(article(typeName(root)))")
            return nil
        }
        let members = self.members(root)
        var file = AssociationFile()
        for (key, value) in zip(members.keys, members.nodes) {
            switch key {
            case "applinks": file.applinks = appLinks(value)
            case "webcredentials": file.webcredentials = appList(value)
            case "appclips": file.appclips = appList(value)
            case "activitycontinuation": file.activitycontinuation = appList(value)
            default: warning(value, "unknown service \"\(key)\"; iOS ignores it")
            }
        }
        if file == AssociationFile() && !members.keys.isEmpty {
            // Only unknown keys: nothing will ever be associated.
            error(nil, "the file declares none of applinks, webcredentials, appclips, activitycontinuation")
        }
        return file
    }

    /// UTF-8 as `String(data:encoding:)` checks it, without making the string.
    static func isValidUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    // MARK: The tree

    /// An object's members by key, sorted, the last of equal keys kept (as in a dictionary parsed from the text).
    struct Members {
        var keys: [String] = []
        var nodes: [Int] = []

        subscript(key: String) -> Int? {
            var low = 0, high = keys.count
            while low < high {
                let mid = (low + high) / 2
                if keys[mid] < key { low = mid + 1 } else { high = mid }
            }
            return low < keys.count && keys[low] == key ? nodes[low] : nil
        }
    }

    func members(_ node: Int) -> Members {
        var pairs = tree.children(of: node).map { (key: tree.key(of: Int($0)), node: Int($0)) }
        pairs.sort { $0.key < $1.key || ($0.key == $1.key && $0.node < $1.node) }
        var out = Members()
        out.keys.reserveCapacity(pairs.count)
        out.nodes.reserveCapacity(pairs.count)
        for (k, pair) in pairs.enumerated() where k + 1 == pairs.count || pairs[k + 1].key != pair.key {
            out.keys.append(pair.key)
            out.nodes.append(pair.node)
        }
        return out
    }

    func elements(_ node: Int) -> [Int] { tree.children(of: node).map { Int($0) } }

    func kind(_ node: Int) -> JSONSourceMap.Kind { tree.kinds[node] }

    func typeName(_ node: Int) -> String {
        switch tree.kinds[node] {
        case .object: return "object"
        case .array: return "array"
        case .string: return "string"
        case .number: return "number"
        case .true, .false: return "boolean"
        case .null: return "null"
        case .invalid, .incomplete: return "value"  // not reached: the file is valid JSON here
        }
    }

    // MARK: Services

    mutating func appList(_ value: Int) -> AssociationFile.AppList? {
        guard kind(value) == .object else {
            error(value, "must be an object {\"apps\": [\"TEAMID.bundle.id\"]}, found \(article(typeName(value)))")
            return nil
        }
        let o = members(value)
        for (key, node) in zip(o.keys, o.nodes) where key != "apps" {
            warning(node, "unknown key \"\(key)\"; only \"apps\" is read")
        }
        guard let apps = o["apps"] else {
            error(value, "missing \"apps\" array")
            return nil
        }
        return .init(apps: appIDArray(apps))
    }

    mutating func appLinks(_ value: Int) -> AssociationFile.AppLinks? {
        guard kind(value) == .object else {
            error(value, "must be an object with a \"details\" array, found \(article(typeName(value)))")
            return nil
        }
        let o = members(value)
        var links = AssociationFile.AppLinks(details: [])
        if let apps = o["apps"] {
            if kind(apps) == .array {
                let a = elements(apps)
                links.apps = a.compactMap { kind($0) == .string ? tree.string(of: $0) : nil }
                if !a.isEmpty { error(apps, "must be an empty array; App IDs belong in \"details\"") }
            } else {
                error(apps, "must be an empty array, found \(article(typeName(apps)))")
            }
        }
        if let d = o["defaults"] { links.defaults = defaults(d) }
        for (key, node) in zip(o.keys, o.nodes)
        where !["apps", "details", "defaults", "substitutionVariables"].contains(key) {
            warning(node, "unknown key \"\(key)\" in applinks")
        }
        switch o["details"].map({ ($0, kind($0)) }) {
        case nil:
            error(value, "missing \"details\"")
        case (let details, .array)?:
            let entries = elements(details)
            links.details.reserveCapacity(entries.count)
            for entry in entries {
                if let d = detail(entry) { links.details.append(d) }
            }
        case (let details, .object)?:
            // Oldest form: "details": { "TEAMID.bundle": { "paths": [...] } }.
            warning(
                details,
                "\"details\" keyed by App ID is an obsolete form; use an array of {\"appIDs\", \"components\"}")
            let byAppID = members(details)
            for (key, entry) in zip(byAppID.keys, byAppID.nodes) {
                guard let id = appID(text: key, entry) else { continue }
                guard kind(entry) == .object else {
                    error(entry, "must be an object, found \(article(typeName(entry)))")
                    continue
                }
                links.details.append(.init(appIDs: [id], paths: members(entry)["paths"].map { stringArray($0) }))
            }
        case (let other, _)?:
            error(other, "must be an array, found \(article(typeName(other)))")
        }
        let usesLegacyPaths = links.details.contains { $0.paths != nil && $0.components == nil }
        if usesLegacyPaths && links.apps == nil {
            error(value, "the legacy \"paths\" form requires \"apps\": [] next to \"details\"")
        }
        return links
    }

    mutating func detail(_ value: Int) -> AssociationFile.Detail? {
        guard kind(value) == .object else {
            error(value, "must be an object, found \(article(typeName(value)))")
            return nil
        }
        let o = members(value)
        var ids: [AppID] = []
        switch (o["appID"], o["appIDs"]) {
        case (nil, nil):
            error(value, "missing \"appID\" or \"appIDs\"; no app can open these links")
        case (let single?, nil):
            if let id = appID(single) { ids = [id] }
        case (nil, let many?):
            ids = appIDArray(many)
        case (let single?, let many?):
            warning(value, "has both \"appID\" and \"appIDs\"; use \"appIDs\" only")
            ids = appIDArray(many)
            if let id = appID(single), !ids.contains(id) { ids.insert(id, at: 0) }
        }
        var d = AssociationFile.Detail(appIDs: ids)
        if let p = o["paths"] { d.paths = stringArray(p) }
        if let c = o["components"] {
            if kind(c) == .array {
                let list = elements(c)
                var components: [AssociationFile.Component] = []
                components.reserveCapacity(list.count)
                for element in list {
                    if let component = component(element) { components.append(component) }
                }
                d.components = components
            } else {
                error(c, "must be an array of objects, found \(article(typeName(c)))")
            }
        }
        if d.paths != nil && d.components != nil {
            warning(value, "mixes legacy \"paths\" with \"components\"; iOS 13+ reads only \"components\"")
        }
        if d.paths == nil && d.components == nil {
            error(value, "has neither \"components\" nor \"paths\"; it matches no URL")
        }
        if let def = o["defaults"] { d.defaults = defaults(def) }
        for (key, node) in zip(o.keys, o.nodes)
        where !["appID", "appIDs", "paths", "components", "defaults"].contains(key) {
            warning(node, "unknown key \"\(key)\" in a details entry")
        }
        return d
    }

    mutating func component(_ value: Int) -> AssociationFile.Component? {
        guard kind(value) == .object else {
            error(value, "must be an object such as {\"/\": \"/path/*\"}, found \(article(typeName(value)))")
            return nil
        }
        var c = AssociationFile.Component()
        let o = members(value)
        for (key, v) in zip(o.keys, o.nodes) {
            switch key {
            case "/":
                c.path = string(v)
                if let s = c.path, let f = s.first, f != "/", f != "*", f != "?" {
                    warning(
                        v,
                        "path patterns are matched against the URL path, which starts with \"/\"; \"\(s)\" never matches"
                    )
                }
            case "#": c.fragment = string(v)
            case "comment": c.comment = string(v)
            case "exclude": c.exclude = bool(v) ?? false
            case "caseSensitive": c.options.caseSensitive = bool(v)
            case "percentEncoded": c.options.percentEncoded = bool(v)
            case "?":
                switch kind(v) {
                case .string: c.query = .whole(tree.string(of: v))
                case .object:
                    var pairs: [(name: String, pattern: String)] = []
                    let items = members(v)
                    for (name, item) in zip(items.keys, items.nodes) {
                        if let pattern = string(item) { pairs.append((name, pattern)) }
                    }
                    c.query = .items(pairs)
                default:
                    error(
                        v,
                        "must be a pattern string or an object of query-item name → pattern, found \(article(typeName(v)))"
                    )
                }
            default:
                warning(
                    v,
                    "unknown component key \"\(key)\"; known keys are /, ?, #, exclude, caseSensitive, percentEncoded, comment"
                )
            }
        }
        return c
    }

    mutating func defaults(_ value: Int) -> AssociationFile.MatchingDefaults {
        guard kind(value) == .object else {
            error(value, "must be an object with caseSensitive / percentEncoded, found \(article(typeName(value)))")
            return .init()
        }
        var d = AssociationFile.MatchingDefaults()
        let o = members(value)
        for (key, v) in zip(o.keys, o.nodes) {
            switch key {
            case "caseSensitive": d.caseSensitive = bool(v)
            case "percentEncoded": d.percentEncoded = bool(v)
            default: warning(v, "unknown key \"\(key)\" in defaults")
            }
        }
        return d
    }

    // MARK: Scalars

    mutating func appIDArray(_ value: Int) -> [AppID] {
        guard kind(value) == .array else {
            error(value, "must be an array of App IDs, found \(article(typeName(value)))")
            return []
        }
        return elements(value).compactMap { appID($0) }
    }

    mutating func appID(_ value: Int) -> AppID? {
        guard let s = string(value) else { return nil }
        return appID(text: s, value)
    }

    /// `text` as an App ID, its problem reported at `node` (a string value, or a key of the obsolete form).
    mutating func appID(text s: String, _ node: Int) -> AppID? {
        if let problem = AppID.problem(with: s) {
            error(node, problem)
            return nil
        }
        return AppID(s)
    }

    mutating func stringArray(_ value: Int) -> [String] {
        guard kind(value) == .array else {
            error(value, "must be an array of strings, found \(article(typeName(value)))")
            return []
        }
        return elements(value).compactMap { string($0) }
    }

    mutating func string(_ value: Int) -> String? {
        if kind(value) == .string { return tree.string(of: value) }
        error(value, "must be a string, found \(article(typeName(value)))")
        return nil
    }

    mutating func bool(_ value: Int) -> Bool? {
        switch kind(value) {
        case .true: return true
        case .false: return false
        default:
            error(value, "must be true or false, found \(article(typeName(value)))")
            return nil
        }
    }

    func article(_ s: String) -> String { (["object", "array"].contains(s) ? "an " : "a ") + s }
}
