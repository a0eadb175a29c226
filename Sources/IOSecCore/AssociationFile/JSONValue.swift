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

    static func from(_ x: Any, depth: Int = 0) -> JSONValue? {
        guard depth < 256 else { return nil }
        if x is NSNull { return .null }
        if let s = x as? String { return .string(s) }
        if let n = x as? NSNumber {
            let t = String(cString: n.objCType)
            return (t == "c" || t == "B") ? .bool(n.boolValue) : .number(n.doubleValue)
        }
        if let a = x as? [Any] {
            var out: [JSONValue] = []
            for e in a {
                guard let v = from(e, depth: depth + 1) else { return nil }
                out.append(v)
            }
            return .array(out)
        }
        if let o = x as? [String: Any] {
            var out: [String: JSONValue] = [:]
            for (k, e) in o {
                guard let v = from(e, depth: depth + 1) else { return nil }
                out[k] = v
            }
            return .object(out)
        }
        return nil
    }
}
