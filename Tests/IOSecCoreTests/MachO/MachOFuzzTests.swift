import Foundation
import Testing
@testable import IOSecCore
import IOSecFixtures

/// Seeded mutation fuzzing: valid builder-made binaries with bytes flipped, cut short, and fields overwritten with
/// 0 / 0xFFFFFFFF / small values, aimed mostly at the structures (headers, load commands, linkedit). Every
/// mutant must give a ``MachOError`` or a file — never a crash — and every property of the result must be
/// readable.
@Suite struct MachOFuzzTests {
    /// SplitMix64: small, seeded, the same on every platform.
    struct SeededRandom: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// A fat file (armv7 + arm64 with dyld-info binds) and the offsets worth aiming at.
    static func corpus() -> (bytes: [UInt8], hotspots: [Int]) {
        var arm64 = MachOBuilder.sampleApp()
        arm64.bindStreams = .init(
            bind: MachOBuilder.bindStream([
                .dylibOrdinal(1), .symbol("_objc_release"), .type(1),
                .segmentOffset(segment: 2, offset: 0x10), .doBind, .addend(-4), .doBindTimes(count: 3, skip: 8), .done
            ]),
            weakBind: MachOBuilder.bindStream([.symbol("__ZdlPv"), .doBind, .done]),
            lazyBind: MachOBuilder.bindStream([
                .segmentOffset(segment: 3, offset: 0), .symbol("_arc4random"), .doBind, .done
            ]))
        var signature = CodeSignatureBuilder(
            entitlementsXML: CodeSignatureBuilder.sampleEntitlements, entitlementsDER: [0x70, 0x00])
        signature.alternateCodeDirectory = true
        signature.cms = [0x30, 0x03, 0x02, 0x01, 0x00]
        arm64.codeSignature = signature.build()
        let armv7 = MachOBuilder.sampleApp(is64Bit: false)
        let (b64, l64) = arm64.buildWithLayout()
        let (b32, l32) = armv7.buildWithLayout()
        let (fat, offsets) = MachOBuilder.fat([(12, 9, b32), (0x0100_000C, 0, b64)], alignment: 8)
        var hotspots = Array(stride(from: 0, to: 8 + 2 * 20, by: 4))
        for (layout, base) in [(l32, offsets[0]), (l64, offsets[1])] {
            hotspots += Array(stride(from: base, to: base + layout.headerSize + layout.sizeOfCommands, by: 4))
            for o in [
                layout.symbolTableOffset, layout.stringTableOffset, layout.chainedFixupsOffset, layout.bindOffset,
                layout.weakBindOffset, layout.lazyBindOffset, layout.codeSignatureOffset
            ].compactMap({ $0 }) {
                hotspots += Array(stride(from: base + o, to: min(base + o + 160, fat.count), by: 4))
            }
        }
        return (fat, hotspots)
    }

    /// Touches everything a caller could read.
    static func exercise(_ file: MachOFile) -> Int {
        var n = file.issues.count + file.imports.count
        for s in file.slices {
            n += s.architecture.name.count + s.fileType.name.count + (s.isPIE ? 1 : 0) + (s.isEncrypted ? 1 : 0)
            n += s.loadCommands.map(\.name.count).reduce(0, +)
            n +=
                s.sections.count + s.imports.count + s.stabSymbols.count + s.localSymbolCount + s.dylibs.count
                + s.rpaths.count
            n +=
                s.cStrings.count + s.objcClassNames.count + s.selectorNames.count + (s.hasSwift ? 1 : 0)
                + (s.hasObjC ? 1 : 0)
            n += (s.minimumOS?.description.count ?? 0) + (s.platform?.name.count ?? 0)
            n += (s.codeSignature?.identifier?.count ?? 0) + (s.codeSignature?.teamID?.count ?? 0)
            n += (s.codeSignature?.entitlementsXML?.count ?? 0) + (s.codeSignature?.entitlementsDER?.count ?? 0)
            for section in s.sections { n += s.contents(of: section)?.count ?? 0 }
        }
        return n
    }

    static func mutate(_ original: [UInt8], hotspots: [Int], rng: inout SeededRandom) -> [UInt8] {
        var bytes = original
        let edits = Int.random(in: 1...4, using: &rng)
        for _ in 0..<edits {
            guard !bytes.isEmpty else { break }
            let aimed = Int.random(in: 0..<4, using: &rng) != 0
            let at = aimed ? hotspots.randomElement(using: &rng)! : Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0..<10, using: &rng) {
            case 0, 1:  // flip bits
                if at < bytes.count { bytes[at] ^= UInt8.random(in: 1...255, using: &rng) }
            case 2:  // random byte
                if at < bytes.count { bytes[at] = UInt8.random(in: 0...255, using: &rng) }
            case 3:  // cut short
                bytes.removeSubrange(min(at, bytes.count)...)
            case 4, 5:  // 0xFFFFFFFF
                for i in 0..<4 where at + i < bytes.count { bytes[at + i] = 0xFF }
            case 6:  // 0
                for i in 0..<4 where at + i < bytes.count { bytes[at + i] = 0 }
            case 7:  // small value, either byte order
                let v = UInt8.random(in: 0...64, using: &rng)
                for i in 0..<4 where at + i < bytes.count { bytes[at + i] = 0 }
                let j = Bool.random(using: &rng) ? at : at + 3
                if j < bytes.count { bytes[j] = v }
            case 8:  // 0x7FFFFFFF / 0x80000000
                let high: [UInt8] = Bool.random(using: &rng) ? [0xFF, 0xFF, 0xFF, 0x7F] : [0, 0, 0, 0x80]
                for i in 0..<4 where at + i < bytes.count { bytes[at + i] = high[i] }
            default:  // 64-bit all ones
                for i in 0..<8 where at + i < bytes.count { bytes[at + i] = 0xFF }
            }
        }
        return bytes
    }

    @Test func twoThousandSeededMutationsNeverCrash() {
        let (original, hotspots) = Self.corpus()
        let baseline = try? MachOFile(bytes: original)
        #expect(baseline?.slices.count == 2)
        #expect(baseline?.issues.isEmpty == true, "\(baseline?.issues ?? [])")
        // IOSEC_MACHO_FUZZ_ITERATIONS / IOSEC_MACHO_FUZZ_SEED run a longer or different campaign locally.
        let environment = ProcessInfo.processInfo.environment
        let iterations = environment["IOSEC_MACHO_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? 2_000
        var rng = SeededRandom(seed: environment["IOSEC_MACHO_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x105E_C0FA_2200)
        var thrown = 0, withIssues = 0, clean = 0
        for _ in 0..<iterations {
            let mutant = Self.mutate(original, hotspots: hotspots, rng: &rng)
            do {
                let file = try MachOFile(bytes: mutant)
                _ = Self.exercise(file)
                if file.issues.isEmpty { clean += 1 } else { withIssues += 1 }
                #expect(!file.slices.isEmpty)
            } catch {
                thrown += 1
                #expect(!error.message.isEmpty)
                #expect(error.offset >= 0)
            }
        }
        // The mutations reach every outcome, so the fuzzing is not all bouncing off the magic number.
        #expect(thrown > 50, "thrown \(thrown), with issues \(withIssues), clean \(clean)")
        #expect(withIssues > 200, "thrown \(thrown), with issues \(withIssues), clean \(clean)")
    }

    @Test func mutationsOfAThin32BitBinary() {
        var b = MachOBuilder.sampleApp(is64Bit: false)
        b.bindStreams = .init(
            lazyBind: MachOBuilder.bindStream([.symbol("_a"), .doBind, .done, .symbol("_b"), .doBind, .done]))
        let (original, layout) = b.buildWithLayout()
        let hotspots =
            Array(stride(from: 0, to: layout.headerSize + layout.sizeOfCommands, by: 4))
            + [layout.symbolTableOffset, layout.chainedFixupsOffset, layout.codeSignatureOffset, layout.lazyBindOffset]
            .compactMap { $0 }.flatMap { Array(stride(from: $0, to: min($0 + 128, original.count), by: 4)) }
        var rng = SeededRandom(seed: 32)
        var outcomes = 0
        for _ in 0..<1_000 {
            let mutant = Self.mutate(original, hotspots: hotspots, rng: &rng)
            if let file = try? MachOFile(bytes: mutant) {
                outcomes += Self.exercise(file) > 0 ? 1 : 0
            } else {
                outcomes += 1
            }
        }
        #expect(outcomes == 1_000)
    }

    @Test func randomBytesBehindEachMagic() {
        var rng = SeededRandom(seed: 7)
        let magics: [[UInt8]] = [
            [0xCF, 0xFA, 0xED, 0xFE], [0xCE, 0xFA, 0xED, 0xFE], [0xFE, 0xED, 0xFA, 0xCF],
            [0xFE, 0xED, 0xFA, 0xCE], [0xCA, 0xFE, 0xBA, 0xBE], [0xCA, 0xFE, 0xBA, 0xBF]
        ]
        for i in 0..<600 {
            let length = Int.random(in: 0..<512, using: &rng)
            var bytes = magics[i % magics.count] + (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            if i % magics.count >= 4, bytes.count >= 8 {
                bytes[4...7] = [0, 0, 0, UInt8.random(in: 1...3, using: &rng)]
            }
            if let file = try? MachOFile(bytes: bytes) { _ = Self.exercise(file) }
        }
    }
}
