/// The parts of a Swift file where its tree may hold a node some visitor wants, found by the constant pre-pass's
/// lexer. The dispatcher walks a subtree only when its bytes meet one of these parts: two thirds of a tree's nodes
/// lie in statements that name nothing any rule asks about.
///
/// It holds, as ranges of bytes:
/// - every identifier whose bytes a route's names may match (`InterestFilter.names`: by length and first and last
///   byte, so it may hold more), and every identifier in backticks;
/// - every routed operator (`==`, `!=`);
/// - every string literal and every comment, whole: a string holds literals and, in its interpolations, any code;
///   and where the lexer reads a string or a comment that the parser does not (a regular expression literal), the
///   bytes still count.
///
/// Every other byte is one the lexer read as white space, punctuation, a number or a name outside the filter, so a
/// subtree that meets no part holds no node a route could want.
struct InterestMap: Sendable, Equatable {
    /// Start and end offsets in pairs, in order, apart.
    private(set) var bounds: [Int32] = []

    /// Adds the bytes `start..<end`, which start at or after every part added before.
    mutating func add(_ start: Int, _ end: Int) {
        let start = Int32(start), end = Int32(end)
        if let last = bounds.last, start <= last {
            if end > last { bounds[bounds.count - 1] = end }
            return
        }
        bounds.append(start)
        bounds.append(end)
    }

    /// A reader for one walk, whose questions come in order.
    struct Cursor {
        private let bounds: [Int32]
        private var index = 0

        init(_ map: InterestMap) { bounds = map.bounds }

        /// Whether `start..<end` meets a part. `start` must not go down between calls: the walk is in source order.
        @inline(__always)
        mutating func meets(_ start: Int, _ end: Int) -> Bool {
            while index < bounds.count, Int(bounds[index + 1]) <= start { index += 2 }
            return index < bounds.count && Int(bounds[index]) < end
        }
    }
}

/// What makes bytes interesting besides literals and comments: names and operators, from the routes of a
/// `RuleDispatcher.Plan`.
struct InterestFilter: Sendable, Equatable {
    var names = NameFilter()
    /// The routed operators' bytes (`==`).
    var operators: [[UInt8]] = []
}
