/// How bad a finding is. Ordered from `info` (lowest) to `critical` (highest).
public enum Severity: String, Sendable, CaseIterable, Codable, Comparable {
    case info, low, medium, high, critical

    /// Rank used for ordering: higher is worse.
    public var rank: Int {
        switch self {
        case .info: 0
        case .low: 1
        case .medium: 2
        case .high: 3
        case .critical: 4
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

    /// Highest first, as reports list them.
    public static let descending: [Severity] = [.critical, .high, .medium, .low, .info]
}

/// How sure a rule is that a finding is a real problem.
public enum Confidence: String, Sendable, CaseIterable, Codable {
    case high, medium, low
}
