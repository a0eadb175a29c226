import Foundation

/// Minimal typed JSON tree decoded through Foundation, keeping booleans apart from numbers.
enum JSONValue: Sendable, Equatable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    var typeName: String {
        switch self {
        case .object: return "object"
        case .array: return "array"
        case .string: return "string"
        case .number: return "number"
        case .bool: return "boolean"
        case .null: return "null"
        }
    }

    /// Converts what `JSONSerialization` returned. Containers are tried first: on Linux it returns Swift arrays and
    /// dictionaries, and asking one whether it is an `NSNull` or `NSNumber` bridges it, with everything inside, to
    /// Foundation objects — once per level, so a chain of nested arrays cost the square of its depth (a 1 MB file
    /// of 500-deep arrays took minutes).
    static func from(_ x: Any, depth: Int = 0) -> JSONValue? {
        // The depth counts containers, as the parse before it does.
        if let a = x as? [Any] {
            guard depth < ParserLimits.maximumNestingDepth else { return nil }
            var out: [JSONValue] = []
            out.reserveCapacity(a.count)
            for e in a {
                guard let v = from(e, depth: depth + 1) else { return nil }
                out.append(v)
            }
            return .array(out)
        }
        if let o = x as? [String: Any] {
            guard depth < ParserLimits.maximumNestingDepth else { return nil }
            var out: [String: JSONValue] = [:]
            out.reserveCapacity(o.count)
            for (k, e) in o {
                guard let v = from(e, depth: depth + 1) else { return nil }
                out[k] = v
            }
            return .object(out)
        }
        if let s = x as? String { return .string(s) }
        if x is NSNull { return .null }
        if let n = x as? NSNumber {
            let t = String(cString: n.objCType)
            return (t == "c" || t == "B") ? .bool(n.boolValue) : .number(n.doubleValue)
        }
        return nil
    }
}
