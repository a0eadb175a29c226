import Foundation

/// The entries of a `.strings` file (`"KEY" = "text";`, UTF-8 or UTF-16) or of a String Catalog (`.xcstrings`,
/// JSON), with the line of each key. `InfoPlist.strings` holds the purpose strings users actually see when the
/// Info.plist has a placeholder (`<string>Localized</string>`).
///
/// ```swift
/// StringsFile.entries(Array("/* Camera */\nNSCameraUsageDescription = \"Scan QR codes\";".utf8))
/// // [("NSCameraUsageDescription", "Scan QR codes", 2)]
/// ```
public enum StringsFile {
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var value: String
        public var line: Int

        public init(key: String, value: String, line: Int) {
            self.key = key
            self.value = value
            self.line = line
        }
    }

    /// The entries of a `.strings` file; what cannot be read is skipped, never trapped on.
    public static func entries(_ bytes: [UInt8]) -> [Entry] {
        let text: String
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            guard let decoded = String(data: Data(bytes), encoding: .utf16) else { return [] }
            text = decoded
        } else {
            text = String(decoding: bytes, as: UTF8.self)
        }
        return entries(Array(text.unicodeScalars))
    }

    private static func entries(_ s: [Unicode.Scalar]) -> [Entry] {
        var result: [Entry] = []
        var i = 0
        var line = 1
        let n = s.count
        func skipTrivia() {
            while i < n {
                if s[i] == "\n" {
                    line += 1
                    i += 1
                } else if s[i] == " " || s[i] == "\t" || s[i] == "\r" || s[i] == "\u{FEFF}" {
                    i += 1
                } else if s[i] == "/", i + 1 < n, s[i + 1] == "*" {
                    i += 2
                    while i < n, !(s[i] == "*" && i + 1 < n && s[i + 1] == "/") {
                        if s[i] == "\n" { line += 1 }
                        i += 1
                    }
                    i = min(n, i + 2)
                } else if s[i] == "/", i + 1 < n, s[i + 1] == "/" {
                    while i < n, s[i] != "\n" { i += 1 }
                } else {
                    return
                }
            }
        }
        /// A quoted string (escapes decoded) or a bare word.
        func token() -> String? {
            guard i < n else { return nil }
            if s[i] == "\"" {
                i += 1
                var value = String.UnicodeScalarView()
                while i < n, s[i] != "\"" {
                    if s[i] == "\\", i + 1 < n {
                        i += 1
                        switch s[i] {
                        case "n": value.append("\n")
                        case "t": value.append("\t")
                        default: value.append(s[i])
                        }
                    } else {
                        if s[i] == "\n" { line += 1 }
                        value.append(s[i])
                    }
                    i += 1
                }
                guard i < n else { return nil }
                i += 1
                return String(value)
            }
            var word = String.UnicodeScalarView()
            while i < n, s[i].properties.isAlphabetic || ("0"..."9").contains(s[i]) || s[i] == "_" || s[i] == "." {
                word.append(s[i])
                i += 1
            }
            return word.isEmpty ? nil : String(word)
        }
        while i < n {
            skipTrivia()
            let keyLine = line
            guard let key = token() else {
                // Not an entry: resynchronise after the next `;`.
                while i < n, s[i] != ";" {
                    if s[i] == "\n" { line += 1 }
                    i += 1
                }
                i += 1
                continue
            }
            skipTrivia()
            guard i < n, s[i] == "=" else { continue }
            i += 1
            skipTrivia()
            guard let value = token() else { continue }
            skipTrivia()
            if i < n, s[i] == ";" { i += 1 }
            result.append(Entry(key: key, value: value, line: keyLine))
        }
        return result
    }

    /// The source-language (else English, else first) value of each key of a String Catalog (`.xcstrings`).
    public static func catalogEntries(_ bytes: [UInt8]) -> [Entry] {
        guard let root = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
            let strings = root["strings"] as? [String: Any]
        else { return [] }
        let source = root["sourceLanguage"] as? String ?? "en"
        let text = String(decoding: bytes, as: UTF8.self)
        return strings.keys.sorted().compactMap { key in
            guard let localizations = (strings[key] as? [String: Any])?["localizations"] as? [String: Any],
                let localization = (localizations[source] ?? localizations["en"] ?? localizations.values.first)
                    as? [String: Any],
                let value = (localization["stringUnit"] as? [String: Any])?["value"] as? String
            else { return nil }
            return Entry(key: key, value: value, line: line(of: "\"\(key)\"", in: text))
        }
    }

    private static func line(of needle: String, in text: String) -> Int {
        guard let range = text.range(of: needle) else { return 1 }
        return text[..<range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }
}
