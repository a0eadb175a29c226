/// CocoaLumberjack's levels in Objective-C: a `DDLog<Level>(…)` macro logs only when its level is at or below the
/// file's `ddLogLevel` (`LOG_LEVEL_DEF`), checked at run time against the constant. A file that sets one level under
/// `#ifdef DEBUG` and another for other builds (`static const DDLogLevel ddLogLevel = DDLogLevelWarning;` in the
/// `#else`) logs nothing below that in release. Without a `ddLogLevel` of its own, the file is left as it is (the
/// project may set one elsewhere, and then every macro logs).
enum LumberjackLevel {
    /// `DDLogLevelError` … `DDLogLevelAll`, and the macros' levels.
    static let levels: [String: Int] = [
        "DDLogLevelOff": 0, "DDLogLevelError": 1, "DDLogLevelWarning": 2, "DDLogLevelInfo": 3, "DDLogLevelDebug": 4,
        "DDLogLevelVerbose": 5, "DDLogLevelAll": 6
    ]
    static let macroLevels: [String: Int] = [
        "DDLogError": 1, "DDLogWarn": 2, "DDLogInfo": 3, "DDLogDebug": 4, "DDLogVerbose": 5
    ]

    /// The level the file's `ddLogLevel` has in builds without `DEBUG`, by the constant's name: the highest such
    /// assignment outside debug-only code. nil when the file sets none there.
    static func releaseLevel(in source: ObjCSource) -> String? {
        var best: (level: Int, name: String)?
        for index in source.tokens.indices
        where source.isIdentifier(index, "ddLogLevel") && source.isPunct(index + 1, "=")
            && source.isIdentifier(index + 2) && !source.tokens[index].isDebugOnly
        {
            let name = source.text(index + 2)
            guard let level = levels[name] else { return nil }  // set from something else: unknown
            if best.map({ level > $0.level }) ?? true { best = (level, name) }
        }
        return best?.name
    }

    /// Whether the macro `name` logs nothing at the release level `release`.
    static func isSilent(_ name: String, at release: String) -> Bool {
        guard let macro = macroLevels[name], let level = levels[release] else { return false }
        return macro > level
    }
}
