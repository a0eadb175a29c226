import CIOSecAllocator
import Foundation
import IOSecAudit
import IOSecFixtures
import IOSecTestSupport
import SwiftParser
import SwiftSyntax

/// `swift run -c release iosec-bench generate DIR [--files N] [--seed S]`
/// `swift run -c release iosec-bench run PATH [--jobs N]`
/// `swift run -c release iosec-bench large-inputs DIR [--megabytes 10]` (see `LargeInputs`)
///
/// `run` times SwiftParser alone over the same files with the same parallelism (reading included), then the
/// full scan, and prints both, their ratio, and the process's peak resident memory.
@main
struct Bench {
    static func main() {
        iosec_keep_freed_memory()  // as the iosec command does, for both the parse-only and the scan runs
        var args = Array(CommandLine.arguments.dropFirst())
        guard let command = args.first else { usage() }
        args.removeFirst()
        do {
            switch command {
            case "generate": try generate(args)
            case "run": try run(args)
            case "example-ipas": try exampleIPAs(args)
            case "make-ipa": try makeIPA(args)
            case "run-ipa": try runIPA(args)
            case "large-inputs": try LargeInputs.run(args)
            case "spawn-measure": try LargeInputs.spawnMeasure(args)  // used by large-inputs
            default: usage()
            }
        } catch {
            FileHandle.standardError.write(Data("iosec-bench: \(error)\n".utf8))
            exit(2)
        }
    }

    static func usage() -> Never {
        print(
            """
            usage: iosec-bench generate DIR [--files N] [--seed S] [--objc]   write a synthetic project (default 2000 Swift files,
                                                              ~20 MB; --objc adds an Objective-C class per 5 files)
                   iosec-bench run PATH [--jobs N] [--repeat N] [--scan-only] [--per-rule] [--only parse|walk|scan]
                                                              time parse-only vs full scan (fastest of N runs, default 3), print peak memory
                   iosec-bench make-ipa FILE [--megabytes N]        write a generated IPA (default 170 MB of content, a ~100 MB file)
                   iosec-bench run-ipa FILE [--repeat N]          time `unzip -t` vs the scan of an IPA, print peak memory
                                                              (in process, and of one `iosec scan` beside it when built)
                   iosec-bench large-inputs DIR [--megabytes N] [--repeat N] [--only KIND,...] [--iosec PATH]
                                                              write a ~10 MB hostile input per file kind, scan each
                                                              alone with the release iosec, print time and peak memory
                   iosec-bench example-ipas DIR                  write InsecureApp.ipa and HardenedApp.ipa (scripts/make-example-ipas.sh)
            """)
        exit(2)
    }

    static func option(_ name: String, in args: [String]) -> String? {
        guard let i = args.firstIndex(of: name), i + 1 < args.count else { return nil }
        return args[i + 1]
    }

    static func exampleIPAs(_ args: [String]) throws {
        guard let dir = args.first, !dir.hasPrefix("--") else { usage() }
        let insecure = try SampleApps.insecureIPA(profile: SampleProfiles.adHoc())
        let hardened = try SampleApps.hardenedIPA()
        try insecure.write(to: URL(fileURLWithPath: dir).appendingPathComponent("InsecureApp.ipa"))
        try hardened.write(to: URL(fileURLWithPath: dir).appendingPathComponent("HardenedApp.ipa"))
        print(
            "wrote \(dir)/InsecureApp.ipa (\(insecure.count) bytes) and \(dir)/HardenedApp.ipa (\(hardened.count) bytes)"
        )
    }

    static func makeIPA(_ args: [String]) throws {
        guard let file = args.first, !file.hasPrefix("--") else { usage() }
        let megabytes = Int(option("--megabytes", in: args) ?? "") ?? 170
        try SampleApps.largeIPA(megabytes: megabytes).write(to: URL(fileURLWithPath: file))
        let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
        print("wrote \(file): \(String(format: "%.1f", Double(size) / 1_048_576)) MB")
    }

    /// The issue's yardstick: the scan of an IPA against `unzip -t` (which inflates and checks every entry) on the
    /// same file, in one run.
    static func runIPA(_ args: [String]) throws {
        guard let file = args.first, !file.hasPrefix("--") else { usage() }
        let repeats = Int(option("--repeat", in: args) ?? "") ?? 3
        var unzip = Double.infinity, scan = Double.infinity
        var findings = 0
        for _ in 0..<repeats {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["unzip", "-tqq", file]
            process.standardOutput = FileHandle.nullDevice
            let start = Date()
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw BenchError("`unzip -t \(file)` failed (status \(process.terminationStatus)); is unzip installed?")
            }
            unzip = min(unzip, Date().timeIntervalSince(start))
            let scanStart = Date()
            let result = try Scanner(options: ScanOptions(jobs: ProcessInfo.processInfo.activeProcessorCount)).scan(
                file)
            scan = min(scan, Date().timeIntervalSince(scanStart))
            findings = result.activeFindings.count
        }
        print(String(format: "unzip -t:   %.3f s", unzip))
        print(String(format: "iosec scan: %.3f s  (%d findings)", scan, findings))
        print(String(format: "ratio scan/unzip -t: %.2f", scan / unzip))
        print("peak RSS (this process, \(repeats) scans): \(peakResidentMegabytes()) MiB")
        // What a user meets: one `iosec scan` in its own process, measured before this one's memory is counted in.
        let iosec = LargeInputs.defaultIOSec()
        if FileManager.default.isExecutableFile(atPath: iosec) {
            let m = try LargeInputs.measureThroughShim(iosec, ["scan", file, "--format", "json", "--fail-on", "none"])
            print(String(format: "iosec scan (its own process): %.3f s wall, %.0f MiB peak", m.wall, m.peakMiB))
        }
    }

    static func generate(_ args: [String]) throws {
        guard let dir = args.first, !dir.hasPrefix("--") else { usage() }
        let files = Int(option("--files", in: args) ?? "") ?? 2000
        let seed = UInt64(option("--seed", in: args) ?? "") ?? 1
        let (count, bytes) = try SyntheticProject(files: files, seed: seed, objectiveC: args.contains("--objc")).write(
            to: dir)
        print("generated \(count) files, \(String(format: "%.1f", Double(bytes) / 1_048_576)) MB in \(dir)")
    }

    static func run(_ args: [String]) throws {
        guard let path = args.first, !path.hasPrefix("--") else { usage() }
        let jobs = Int(option("--jobs", in: args) ?? "") ?? ProcessInfo.processInfo.activeProcessorCount
        let scanOnly = args.contains("--scan-only")
        if args.contains("--per-rule") { return try perRule(path, jobs: jobs) }
        let swiftFiles = try FileDiscovery().discover(path).files.filter { $0.kind == .swift }
        // The baseline parses what the scan parses: generated and oversized files, which the scan skips, would
        // otherwise make the scan look cheaper than it is.
        let options = ScanOptions(jobs: jobs)
        let files = swiftFiles.filter { file in
            guard let data = FileManager.default.contents(atPath: file.absolutePath) else { return false }
            return options.parsesSwiftFile(Array(data), path: file.relativePath)
        }
        let bytes = files.reduce(0) { $0 + $1.size }
        let skipped = swiftFiles.count - files.count
        print(
            "files: \(files.count) Swift, \(String(format: "%.1f", Double(bytes) / 1_048_576)) MB, jobs: \(jobs)"
                + (skipped > 0
                    ? " (\(skipped) generated or oversized files skipped by the scan are left out of both)" : ""))

        // The machine's noise (other VMs, frequency scaling) is larger than the differences measured, so each
        // phase runs `--repeat` times, interleaved, and the fastest run of each is compared.
        let repeats = max(1, Int(option("--repeat", in: args) ?? "") ?? 3)
        var parseRuns: [Double] = [], walkRuns: [Double] = [], scanRuns: [Double] = []
        var scan: ScanResult!
        // `--only parse|walk|scan`: one phase alone, for a profiler.
        if let phase = option("--only", in: args) {
            for _ in 0..<repeats {
                switch phase {
                case "parse": _ = parseAll(files, jobs: jobs)
                case "walk": _ = try Scanner(options: ScanOptions(jobs: jobs), rules: .none).scan(path)
                default: _ = try Scanner(options: ScanOptions(jobs: jobs)).scan(path)
                }
            }
            return
        }
        // CPU time too: on a shared machine other processes stretch wall time, far less the CPU time a phase uses.
        var parseCPU: [Double] = [], walkCPU: [Double] = [], scanCPU: [Double] = []
        for _ in 0..<repeats {
            if !scanOnly {
                var cpu = cpuSeconds()
                let start = Date()
                _ = parseAll(files, jobs: jobs)
                parseRuns.append(Date().timeIntervalSince(start))
                parseCPU.append(cpuSeconds() - cpu)
                // The same pipeline with no rules: reading, parsing and the one walk, so the rules' own cost shows.
                cpu = cpuSeconds()
                walkRuns.append(try Scanner(options: ScanOptions(jobs: jobs), rules: .none).scan(path).durationSeconds)
                walkCPU.append(cpuSeconds() - cpu)
            }
            let cpu = cpuSeconds()
            scan = try Scanner(options: ScanOptions(jobs: jobs)).scan(path)
            scanRuns.append(scan.durationSeconds)
            scanCPU.append(cpuSeconds() - cpu)
        }
        func figures(_ runs: [Double]) -> String {
            let sorted = runs.sorted()
            return String(format: "%.3f s (median %.3f s of %d)", sorted[0], sorted[sorted.count / 2], sorted.count)
        }
        let objcFiles = try FileDiscovery().discover(path).files.filter { $0.kind == .objc }
        var objcSeconds = 0.0
        if !objcFiles.isEmpty {
            // The Objective-C front end's own cost (lexing and structure, no rules), reported apart as MB/s.
            let objcBytes = objcFiles.reduce(0) { $0 + $1.size }
            let start = Date()
            _ = ParallelMap.run(objcFiles, workers: jobs) { file -> Int in
                ObjCFrontEnd.tokenCount(ofFileAt: file.absolutePath)
            }
            let seconds = Date().timeIntervalSince(start)
            objcSeconds = seconds
            print(
                String(
                    format: "objc front end: %d files, %.1f MB in %.3f s (%.1f MB/s)", objcFiles.count,
                    Double(objcBytes) / 1_048_576, seconds, Double(objcBytes) / 1_048_576 / seconds))
        }
        if !scanOnly {
            print("parse only:     \(figures(parseRuns))")
            print("walk, no rules: \(figures(walkRuns))")
        }
        print(
            "full scan:      \(figures(scanRuns))  (\(scan.findings.count) findings, \(scan.diagnostics.count) diagnostics)"
        )
        if !scanOnly {
            print(
                String(
                    format: "ratio scan/parse: %.2f (walk without rules/parse: %.2f), fastest runs",
                    scanRuns.min()! / parseRuns.min()!, walkRuns.min()! / parseRuns.min()!))
            print(
                String(
                    format:
                        "CPU time: parse %.3f s, walk %.3f s, scan %.3f s; ratio scan/parse %.2f (walk/parse %.2f), least of each",
                    parseCPU.min()!, walkCPU.min()!, scanCPU.min()!, scanCPU.min()! / parseCPU.min()!,
                    walkCPU.min()! / parseCPU.min()!))
            if objcSeconds > 0 {
                print(
                    String(
                        format: "ratio scan/(Swift parse + objc front end): %.2f",
                        scanRuns.min()! / (parseRuns.min()! + objcSeconds)))
            }
        }
        if !scanOnly {
            // The result cache: filled by one scan, then read by the next (the time a rescan of unchanged code takes).
            var cached = ScanOptions(jobs: jobs)
            cached.cacheFolder = NSTemporaryDirectory() + "iosec-bench-cache-" + UUID().uuidString
            defer { try? FileManager.default.removeItem(atPath: cached.cacheFolder!) }
            _ = try Scanner(options: cached).scan(path)
            var warmRuns: [Double] = []
            for _ in 0..<repeats { warmRuns.append(try Scanner(options: cached).scan(path).durationSeconds) }
            print(
                String(
                    format: "warm cache:     %.3f s, ratio warm/parse: %.2f (every file's results reused)",
                    warmRuns.min()!, warmRuns.min()! / parseRuns.min()!))
        }
        print(String(format: "throughput: %.1f MB/s", Double(bytes) / 1_048_576 / scanRuns.min()!))
        print("peak RSS: \(peakResidentMegabytes()) MiB")
    }

    /// SwiftParser alone over the files, reading included: the baseline every other figure is divided by.
    static func parseAll(_ files: [DiscoveredFile], jobs: Int) -> [Int] {
        ParallelMap.run(files, workers: jobs) { file -> Int in
            guard let data = FileManager.default.contents(atPath: file.absolutePath) else { return 0 }
            let tree = data.withUnsafeBytes { raw in
                Parser.parse(
                    source: UnsafeBufferPointer(
                        start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: raw.count))
            }
            return tree.statements.count
        }
    }

    /// What each Swift rule and fact collector adds to the walk without rules, alone: the fastest of three
    /// runs each, the most expensive first. Differences under the machine's noise (a few percent) mean nothing.
    static func perRule(_ path: String, jobs: Int) throws {
        // CPU time, not wall time: on a shared machine it is far less noisy, and rules cost CPU.
        func fastest(_ rules: RuleSet) throws -> Double {
            try (0..<3).map { _ in
                let before = cpuSeconds()
                _ = try Scanner(options: ScanOptions(jobs: jobs), rules: rules).scan(path)
                return cpuSeconds() - before
            }.min()!
        }
        // Warm-up: the allocator's arenas and the file cache, so the first figure is not inflated.
        _ = try fastest(.all)
        let base = try fastest(.none)
        print(String(format: "walk, no rules: %.3f s CPU", base))
        var costs: [(String, Double)] = []
        for type in RuleSet.all.swift {
            costs.append(
                (
                    type.description.id,
                    try fastest(RuleSet(swift: [type], factCollectors: [], artifact: [], project: [])) - base
                ))
        }
        for type in RuleSet.all.factCollectors {
            costs.append(
                (
                    "collector \(type)",
                    try fastest(RuleSet(swift: [], factCollectors: [type], artifact: [], project: [])) - base
                ))
        }
        for (name, seconds) in costs.sorted(by: { $0.1 > $1.1 }) {
            print(String(format: "%+8.3f s  %5.1f%%  %@", seconds, 100 * seconds / base, name))
        }
    }

    static func cpuSeconds() -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    static func peakResidentMegabytes() -> Int {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        #if os(macOS)
        return Int(usage.ru_maxrss) / 1_048_576  // bytes on macOS
        #else
        return Int(usage.ru_maxrss) / 1024  // kilobytes on Linux
        #endif
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
