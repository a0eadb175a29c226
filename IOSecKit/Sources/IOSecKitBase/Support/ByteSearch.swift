extension StringProtocol {
    /// Whether `needle` occurs in the text, compared byte for byte. With Foundation imported, `contains(_:)` on a
    /// string goes through NSString on Linux and costs many times more; for the ASCII needles the classifiers look
    /// for, the answer is the same.
    public func containsBytes(_ needle: String) -> Bool {
        if let found = utf8.withContiguousStorageIfAvailable({ ByteSearch.contains($0, needle) }) { return found }
        return Array(utf8).withUnsafeBufferPointer { ByteSearch.contains($0, needle) }
    }
}

enum ByteSearch {
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: String) -> Bool {
        var needle = needle
        return needle.withUTF8 { wanted in
            guard let first = wanted.first else { return true }
            guard haystack.count >= wanted.count else { return false }
            for start in 0...(haystack.count - wanted.count) where haystack[start] == first {
                var k = 1
                while k < wanted.count, haystack[start + k] == wanted[k] { k += 1 }
                if k == wanted.count { return true }
            }
            return false
        }
    }
}
