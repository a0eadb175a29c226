@testable import IOSecAudit
import Foundation
import Testing

/// Mutation fuzzing of the Objective-C front end and every Objective-C rule: the seeded example files, cut, spliced
/// and sprinkled with brackets, directives and odd bytes, must never crash or hang the scan. The generator is seeded,
/// so a failure reproduces; the input being analysed is written to a temporary file first, so a crash leaves it behind.
@Suite struct ObjCMutationFuzzTests {
    /// SplitMix64: small, fast and the same on every platform.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func seeds() throws -> [[UInt8]] {
        let files = [
            "Examples/InsecureApp/Legacy/ACMLegacySession.m", "Examples/InsecureApp/Legacy/ACMIntegrity.m",
            "Examples/HardenedApp/Legacy/ACMLegacySession.m"
        ]
        var seeds = try files.map { Array(try Data(contentsOf: root.appendingPathComponent($0))) }
        seeds.append(
            Array(
                """
                template <typename T> class Box { T value; public: Box(T v) : value(v) {} };
                #define CHECK(x) do { if (!(x)) { NSLog(@"failed: %s", #x); } } while (0)
                - (void)save { Box<NSString *> b(@"x"); [[NSUserDefaults standardUserDefaults] setObject:^{ return self.token; }() forKey:kTokenKey]; }
                """.utf8))
        return seeds
    }

    /// Fragments that stress the lexer and the bracket matcher.
    static let fragments: [[UInt8]] =
        [
            "[", "]", "{", "}", "(", ")", "@\"", "\"", "'", "/*", "*/", "//", "\n#if DEBUG\n", "\n#endif\n",
            "\n#if 0\n",
            "\n#else\n", "\n#define K @\"v\"\n", "^{", "@[", "@{", "@YES", "\\", "\u{FEFF}", "é", "🔐"
        ].map { Array($0.utf8) } + [[0x00], [0xFF], [0xC3], [0xE2, 0x82]]

    static func mutate(_ input: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...8, using: &generator) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0:  // insert a fragment
                bytes.insert(contentsOf: fragments.randomElement(using: &generator)!, at: position)
            case 1:  // delete a span
                let end = min(bytes.count, position + Int.random(in: 1...64, using: &generator))
                if position < end { bytes.removeSubrange(position..<end) }
            case 2:  // duplicate a span elsewhere
                guard !bytes.isEmpty else { continue }
                let start = Int.random(in: 0..<bytes.count, using: &generator)
                let end = min(bytes.count, start + Int.random(in: 1...200, using: &generator))
                bytes.insert(contentsOf: bytes[start..<end], at: position)
            case 3:  // flip a byte
                if position < bytes.count { bytes[position] ^= UInt8.random(in: 1...255, using: &generator) }
            case 4:  // truncate
                bytes.removeSubrange(position...)
            default:  // deep nesting
                bytes.insert(
                    contentsOf: Array(
                        repeating: UInt8(ascii: "["), count: Int.random(in: 1...3_000, using: &generator)), at: position
                )
            }
        }
        return bytes
    }

    @Test func mutatedObjectiveCNeverCrashesTheScan() throws {
        let seeds = try Self.seeds()
        var generator = SeededGenerator(state: 0x1057_EC0B_1EC7_1FE5)
        let last = FileManager.default.temporaryDirectory.appendingPathComponent("iosec-objc-fuzz-last.m")
        var findings = 0
        for iteration in 0..<1_500 {
            let input = Self.mutate(seeds[iteration % seeds.count], using: &generator)
            try Data(input).write(to: last)
            let text = String(decoding: input, as: UTF8.self)
            let source = ObjCSource(bytes: input)
            #expect(source.tokens.allSatisfy { $0.start <= $0.end && $0.end <= input.count })
            _ = source.assignments()
            let path = ["App/Mutated.m", "App/Mutated.mm", "App/Mutated.h", "App/Mutated.c"][iteration % 4]
            findings +=
                SourceAnalysis.analyze(files: [(path, text)], rules: RuleSet.all, options: ScanOptions(jobs: 1))
                .findings.count
        }
        try? FileManager.default.removeItem(at: last)
        // The mutations keep most of the seeded weaknesses: the rules did run.
        #expect(findings > 1_000)
    }
}
