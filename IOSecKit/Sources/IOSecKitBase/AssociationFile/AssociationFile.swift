import Foundation

/// Typed model of an `apple-app-site-association` file.
///
/// Build one with ``AssociationFile/validate(_:sourceMap:)``, which also reports every problem with a JSON
/// path; then ask the matcher which URLs open an app.
///
/// ```swift
/// let report = AssociationFile.validate(data)
/// report.issues.first?.path        // "applinks.details[0].appIDs[1]"
/// let app = AppID("ABCDE12345.com.example.app")!
/// report.file?.opensApp(path: "/buy/42", query: nil, fragment: nil, appID: app)  // true
/// ```
public struct AssociationFile: Sendable, Equatable {
    /// `webcredentials`, `appclips`, `activitycontinuation`: `{ "apps": [AppID] }`.
    public struct AppList: Sendable, Equatable {
        public var apps: [AppID]
        public init(apps: [AppID]) { self.apps = apps }
    }

    /// Matching options; nil means "inherit" (component → detail `defaults` → applinks `defaults` → true).
    public struct MatchingDefaults: Sendable, Equatable {
        public var caseSensitive: Bool?
        public var percentEncoded: Bool?
        public init(caseSensitive: Bool? = nil, percentEncoded: Bool? = nil) {
            self.caseSensitive = caseSensitive
            self.percentEncoded = percentEncoded
        }
    }

    /// The `?` key of a component: a pattern for the whole query, or per-item patterns.
    public enum QueryPattern: Sendable, Equatable {
        case whole(String)
        /// Query-item name → value pattern, sorted by name.
        case items([(name: String, pattern: String)])

        public static func == (a: Self, b: Self) -> Bool {
            switch (a, b) {
            case (.whole(let x), .whole(let y)): return x == y
            case (.items(let x), .items(let y)):
                return x.map(\.name) == y.map(\.name) && x.map(\.pattern) == y.map(\.pattern)
            default: return false
            }
        }
    }

    /// One entry of `components` (iOS 13+).
    public struct Component: Sendable, Equatable {
        public var path: String?
        public var query: QueryPattern?
        public var fragment: String?
        public var exclude: Bool
        public var comment: String?
        public var options: MatchingDefaults

        public init(
            path: String? = nil, query: QueryPattern? = nil, fragment: String? = nil, exclude: Bool = false,
            comment: String? = nil, options: MatchingDefaults = .init()
        ) {
            self.path = path
            self.query = query
            self.fragment = fragment
            self.exclude = exclude
            self.comment = comment
            self.options = options
        }
    }

    /// One entry of `applinks.details`: either the legacy `paths` form or `components`.
    public struct Detail: Sendable, Equatable {
        public var appIDs: [AppID]
        /// Legacy (iOS 9–12) patterns; `NOT ` prefix excludes.
        public var paths: [String]?
        public var components: [Component]?
        public var defaults: MatchingDefaults

        public init(
            appIDs: [AppID], paths: [String]? = nil, components: [Component]? = nil,
            defaults: MatchingDefaults = .init()
        ) {
            self.appIDs = appIDs
            self.paths = paths
            self.components = components
            self.defaults = defaults
        }
    }

    public struct AppLinks: Sendable, Equatable {
        /// Legacy `apps` key (must be present and empty in the old form).
        public var apps: [String]?
        public var details: [Detail]
        public var defaults: MatchingDefaults

        public init(apps: [String]? = nil, details: [Detail], defaults: MatchingDefaults = .init()) {
            self.apps = apps
            self.details = details
            self.defaults = defaults
        }
    }

    public var applinks: AppLinks?
    public var webcredentials: AppList?
    public var appclips: AppList?
    public var activitycontinuation: AppList?

    public init(
        applinks: AppLinks? = nil, webcredentials: AppList? = nil, appclips: AppList? = nil,
        activitycontinuation: AppList? = nil
    ) {
        self.applinks = applinks
        self.webcredentials = webcredentials
        self.appclips = appclips
        self.activitycontinuation = activitycontinuation
    }

    /// Every App ID the file mentions, in file order, without duplicates.
    public var allAppIDs: [AppID] {
        var seen = Set<AppID>(), out: [AppID] = []
        let lists = [webcredentials?.apps, appclips?.apps, activitycontinuation?.apps].compactMap { $0 }
        for id in (applinks?.details.flatMap(\.appIDs) ?? []) + lists.flatMap({ $0 }) where seen.insert(id).inserted {
            out.append(id)
        }
        return out
    }
}

/// One problem found in an association file.
public struct AssociationFileIssue: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }
    public let severity: Severity
    /// JSON path such as `applinks.details[0].components[2]["/"]`; empty for whole-file problems.
    public let path: String
    public let message: String
    /// Where the value at ``path`` is written, when the issue comes from ``AssociationFile/validate(_:sourceMap:)``
    /// (the position ``JSONSourceMap/nearestPosition(of:)`` gives for the path, without looking it up again); nil
    /// for whole-file problems.
    public let position: JSONSourceMap.Position?

    public init(_ severity: Severity, _ path: String, _ message: String, position: JSONSourceMap.Position? = nil) {
        self.severity = severity
        self.path = path
        self.message = message
        self.position = position
    }

    public var description: String { "\(severity.rawValue): \(path.isEmpty ? "" : path + ": ")\(message)" }
}

/// The outcome of ``AssociationFile/validate(_:sourceMap:)``: the model (nil when the bytes are not a JSON
/// object) and every issue found.
public struct AssociationFileReport: Sendable, Equatable {
    public let file: AssociationFile?
    public let issues: [AssociationFileIssue]
    public var errors: [AssociationFileIssue] { issues.filter { $0.severity == .error } }
    public var isValid: Bool { file != nil && errors.isEmpty }
}
