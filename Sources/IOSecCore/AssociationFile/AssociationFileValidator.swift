import Foundation

extension AssociationFile {
    /// Apple's download limit for the file (App Search Programming Guide, 2016-04-01).
    public static let maximumSize = 131_072

    /// Parses and validates raw bytes as served at `/.well-known/apple-app-site-association`.
    ///
    /// Errors make the file unusable or parts of it ignored by iOS; warnings are smells (a UTF-8
    /// BOM, unknown keys, mixing `paths` and `components`).
    ///
    /// - Parameter sourceMap: the map of `data`, when the caller has one (it is built otherwise): a second pass
    ///   over a large file is a large part of the cost.
    public static func validate(_ data: Data, sourceMap: JSONSourceMap? = nil) -> AssociationFileReport {
        var v = Validator(sourceMap: sourceMap)
        let file = v.run(data)
        return AssociationFileReport(file: file, issues: v.issues)
    }
}

private struct Validator {
    let sourceMap: JSONSourceMap?
    var issues: [AssociationFileIssue] = []

    mutating func error(_ path: String, _ message: String) { issues.append(.init(.error, path, message)) }
    mutating func warning(_ path: String, _ message: String) { issues.append(.init(.warning, path, message)) }

    mutating func run(_ input: Data) -> AssociationFile? {
        var data = input
        if data.count > AssociationFile.maximumSize {
            error(
                "",
                "the file is \(data.count) bytes; Apple downloads at most 128 KB (131072 bytes), so it will be rejected — remove unused paths or apps"
            )
        }
        if data.starts(with: [0x1F, 0x8B]) {
            error(
                "",
                "the file is gzip-compressed (starts with 1f 8b); store and serve plain JSON — compression belongs in the HTTP Content-Encoding, not the file"
            )
            return nil
        }
        if data.starts(with: [0xEF, 0xBB, 0xBF]) {
            warning("", "the file starts with a UTF-8 byte-order mark; some validators reject it, save it without BOM")
            data = data.dropFirst(3)
        }
        guard String(data: data, encoding: .utf8) != nil else {
            error("", "the file is not valid UTF-8; save it as UTF-8 JSON")
            return nil
        }
        let bytes = [UInt8](data)
        // Checked before Foundation sees the text: its parser recurses once per level, and how deep it goes before
        // giving up is its own business (512 today). One pass, whatever the syntax around the brackets.
        let limit = ParserLimits.maximumNestingDepth
        if let at = JSONSourceMap.firstPosition(nestingDeeperThan: limit, in: bytes) {
            error(
                "",
                "the JSON nests deeper than \(limit) levels at line \(at.line), column \(at.column); the file is corrupt or hostile (a valid association file nests 7 levels at most)"
            )
            return nil
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            let at =
                (sourceMap ?? JSONSourceMap(bytes)).syntaxError.map { " at line \($0.line), column \($0.column)" } ?? ""
            self.error(
                "",
                "the file is not valid JSON\(at)" + (detail.map { " (\($0))" } ?? "") + "; check it with a JSON linter")
            return nil
        }
        // Foundation accepts some non-standard JSON (trailing commas on Linux); Apple's CDN and other readers may not.
        if let at = (sourceMap ?? JSONSourceMap(bytes)).syntaxError {
            error(
                "",
                "the file is not strict JSON at line \(at.line), column \(at.column) (a trailing comma, comment or similar); some parsers reject the whole file"
            )
        }
        guard let json = JSONValue.from(object) else {
            // Not reached after the check above; kept so the conversion never recurses without a bound.
            error("", "the JSON nests deeper than \(limit) levels")
            return nil
        }
        guard case .object(let root) = json else {
            error("", "the top level must be a JSON object, found \(article(json.typeName))")
            return nil
        }
        var file = AssociationFile()
        for key in root.keys.sorted() {
            guard let value = root[key] else { continue }
            switch key {
            case "applinks": file.applinks = appLinks(value, path: "applinks")
            case "webcredentials": file.webcredentials = appList(value, path: key)
            case "appclips": file.appclips = appList(value, path: key)
            case "activitycontinuation": file.activitycontinuation = appList(value, path: key)
            default: warning(jsonPath("", key), "unknown service \"\(key)\"; iOS ignores it")
            }
        }
        if file == AssociationFile() && !root.isEmpty {
            // Only unknown keys: nothing will ever be associated.
            error("", "the file declares none of applinks, webcredentials, appclips, activitycontinuation")
        }
        return file
    }

    // MARK: Services

    mutating func appList(_ value: JSONValue, path: String) -> AssociationFile.AppList? {
        guard case .object(let o) = value else {
            error(path, "must be an object {\"apps\": [\"TEAMID.bundle.id\"]}, found \(article(value.typeName))")
            return nil
        }
        for key in o.keys.sorted() where key != "apps" {
            warning(jsonPath(path, key), "unknown key \"\(key)\"; only \"apps\" is read")
        }
        guard let apps = o["apps"] else {
            error(path, "missing \"apps\" array")
            return nil
        }
        return .init(apps: appIDArray(apps, path: jsonPath(path, "apps")))
    }

    mutating func appLinks(_ value: JSONValue, path: String) -> AssociationFile.AppLinks? {
        guard case .object(let o) = value else {
            error(path, "must be an object with a \"details\" array, found \(article(value.typeName))")
            return nil
        }
        var links = AssociationFile.AppLinks(details: [])
        if let apps = o["apps"] {
            let p = jsonPath(path, "apps")
            if case .array(let a) = apps {
                links.apps = a.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
                if !a.isEmpty { error(p, "must be an empty array; App IDs belong in \"details\"") }
            } else {
                error(p, "must be an empty array, found \(article(apps.typeName))")
            }
        }
        if let d = o["defaults"] { links.defaults = defaults(d, path: jsonPath(path, "defaults")) }
        for key in o.keys.sorted() where !["apps", "details", "defaults", "substitutionVariables"].contains(key) {
            warning(jsonPath(path, key), "unknown key \"\(key)\" in applinks")
        }
        let detailsPath = jsonPath(path, "details")
        switch o["details"] {
        case nil:
            error(path, "missing \"details\"")
        case .array(let entries)?:
            for (i, entry) in entries.enumerated() {
                if let d = detail(entry, path: "\(detailsPath)[\(i)]") { links.details.append(d) }
            }
        case .object(let byAppID)?:
            // Oldest form: "details": { "TEAMID.bundle": { "paths": [...] } }.
            warning(
                detailsPath,
                "\"details\" keyed by App ID is an obsolete form; use an array of {\"appIDs\", \"components\"}")
            for key in byAppID.keys.sorted() {
                guard let entry = byAppID[key] else { continue }
                let p = jsonPath(detailsPath, key)
                guard let id = appID(.string(key), path: p) else { continue }
                guard case .object(let e) = entry else {
                    error(p, "must be an object, found \(article(entry.typeName))")
                    continue
                }
                links.details.append(
                    .init(appIDs: [id], paths: e["paths"].map { stringArray($0, path: jsonPath(p, "paths")) }))
            }
        case let other?:
            error(detailsPath, "must be an array, found \(article(other.typeName))")
        }
        let usesLegacyPaths = links.details.contains { $0.paths != nil && $0.components == nil }
        if usesLegacyPaths && links.apps == nil {
            error(path, "the legacy \"paths\" form requires \"apps\": [] next to \"details\"")
        }
        return links
    }

    mutating func detail(_ value: JSONValue, path: String) -> AssociationFile.Detail? {
        guard case .object(let o) = value else {
            error(path, "must be an object, found \(article(value.typeName))")
            return nil
        }
        var ids: [AppID] = []
        switch (o["appID"], o["appIDs"]) {
        case (nil, nil):
            error(path, "missing \"appID\" or \"appIDs\"; no app can open these links")
        case (let single?, nil):
            if let id = appID(single, path: jsonPath(path, "appID")) { ids = [id] }
        case (nil, let many?):
            ids = appIDArray(many, path: jsonPath(path, "appIDs"))
        case (let single?, let many?):
            warning(path, "has both \"appID\" and \"appIDs\"; use \"appIDs\" only")
            ids = appIDArray(many, path: jsonPath(path, "appIDs"))
            if let id = appID(single, path: jsonPath(path, "appID")), !ids.contains(id) { ids.insert(id, at: 0) }
        }
        var d = AssociationFile.Detail(appIDs: ids)
        if let p = o["paths"] { d.paths = stringArray(p, path: jsonPath(path, "paths")) }
        if let c = o["components"] {
            let cp = jsonPath(path, "components")
            if case .array(let list) = c {
                d.components = list.enumerated().compactMap { component($1, path: "\(cp)[\($0)]") }
            } else {
                error(cp, "must be an array of objects, found \(article(c.typeName))")
            }
        }
        if d.paths != nil && d.components != nil {
            warning(path, "mixes legacy \"paths\" with \"components\"; iOS 13+ reads only \"components\"")
        }
        if d.paths == nil && d.components == nil {
            error(path, "has neither \"components\" nor \"paths\"; it matches no URL")
        }
        if let def = o["defaults"] { d.defaults = defaults(def, path: jsonPath(path, "defaults")) }
        for key in o.keys.sorted() where !["appID", "appIDs", "paths", "components", "defaults"].contains(key) {
            warning(jsonPath(path, key), "unknown key \"\(key)\" in a details entry")
        }
        return d
    }

    mutating func component(_ value: JSONValue, path: String) -> AssociationFile.Component? {
        guard case .object(let o) = value else {
            error(path, "must be an object such as {\"/\": \"/path/*\"}, found \(article(value.typeName))")
            return nil
        }
        var c = AssociationFile.Component()
        for key in o.keys.sorted() {
            guard let v = o[key] else { continue }
            let p = jsonPath(path, key)
            switch key {
            case "/":
                c.path = string(v, path: p)
                if let s = c.path, let f = s.first, f != "/", f != "*", f != "?" {
                    warning(
                        p,
                        "path patterns are matched against the URL path, which starts with \"/\"; \"\(s)\" never matches"
                    )
                }
            case "#": c.fragment = string(v, path: p)
            case "comment": c.comment = string(v, path: p)
            case "exclude": c.exclude = bool(v, path: p) ?? false
            case "caseSensitive": c.options.caseSensitive = bool(v, path: p)
            case "percentEncoded": c.options.percentEncoded = bool(v, path: p)
            case "?":
                switch v {
                case .string(let s): c.query = .whole(s)
                case .object(let items):
                    var pairs: [(name: String, pattern: String)] = []
                    for name in items.keys.sorted() {
                        if let pattern = items[name].flatMap({ string($0, path: jsonPath(p, name)) }) {
                            pairs.append((name, pattern))
                        }
                    }
                    c.query = .items(pairs)
                default:
                    error(
                        p,
                        "must be a pattern string or an object of query-item name → pattern, found \(article(v.typeName))"
                    )
                }
            default:
                warning(
                    p,
                    "unknown component key \"\(key)\"; known keys are /, ?, #, exclude, caseSensitive, percentEncoded, comment"
                )
            }
        }
        return c
    }

    mutating func defaults(_ value: JSONValue, path: String) -> AssociationFile.MatchingDefaults {
        guard case .object(let o) = value else {
            error(path, "must be an object with caseSensitive / percentEncoded, found \(article(value.typeName))")
            return .init()
        }
        var d = AssociationFile.MatchingDefaults()
        for key in o.keys.sorted() {
            guard let v = o[key] else { continue }
            switch key {
            case "caseSensitive": d.caseSensitive = bool(v, path: jsonPath(path, key))
            case "percentEncoded": d.percentEncoded = bool(v, path: jsonPath(path, key))
            default: warning(jsonPath(path, key), "unknown key \"\(key)\" in defaults")
            }
        }
        return d
    }

    // MARK: Scalars

    mutating func appIDArray(_ value: JSONValue, path: String) -> [AppID] {
        guard case .array(let a) = value else {
            error(path, "must be an array of App IDs, found \(article(value.typeName))")
            return []
        }
        return a.enumerated().compactMap { appID($1, path: "\(path)[\($0)]") }
    }

    mutating func appID(_ value: JSONValue, path: String) -> AppID? {
        guard let s = string(value, path: path) else { return nil }
        if let problem = AppID.problem(with: s) {
            error(path, problem)
            return nil
        }
        return AppID(s)
    }

    mutating func stringArray(_ value: JSONValue, path: String) -> [String] {
        guard case .array(let a) = value else {
            error(path, "must be an array of strings, found \(article(value.typeName))")
            return []
        }
        return a.enumerated().compactMap { string($1, path: "\(path)[\($0)]") }
    }

    mutating func string(_ value: JSONValue, path: String) -> String? {
        if case .string(let s) = value { return s }
        error(path, "must be a string, found \(article(value.typeName))")
        return nil
    }

    mutating func bool(_ value: JSONValue, path: String) -> Bool? {
        if case .bool(let b) = value { return b }
        error(path, "must be true or false, found \(article(value.typeName))")
        return nil
    }

    func article(_ s: String) -> String { (["object", "array"].contains(s) ? "an " : "a ") + s }

    func jsonPath(_ base: String, _ key: String) -> String { JSONPath.member(base, key) }
}
