import Foundation
import IOSecAudit
import SwiftParser
import SwiftSyntax

/// `swift run -c release iosec-bench generate DIR [--files N] [--seed S]`
/// `swift run -c release iosec-bench run PATH [--jobs N]`
///
/// `run` times SwiftParser alone over the same files with the same parallelism (reading included), then the
/// full scan, and prints both, their ratio, and the process's peak resident memory.
@main
struct Bench {
    static func main() {
        AllocatorTuning.applyForScanning()  // as the iosec command does, for both the parse-only and the scan runs
        var args = Array(CommandLine.arguments.dropFirst())
        guard let command = args.first else { usage() }
        args.removeFirst()
        do {
            switch command {
            case "generate": try generate(args)
            case "run": try run(args)
            default: usage()
            }
        } catch {
            FileHandle.standardError.write(Data("iosec-bench: \(error)\n".utf8))
            exit(2)
        }
    }

    static func usage() -> Never {
        print("""
        usage: iosec-bench generate DIR [--files N] [--seed S]   write a synthetic project (default 2000 files, ~20 MB)
               iosec-bench run PATH [--jobs N] [--scan-only]     time parse-only vs full scan, print peak memory
        """)
        exit(2)
    }

    static func option(_ name: String, in args: [String]) -> String? {
        guard let i = args.firstIndex(of: name), i + 1 < args.count else { return nil }
        return args[i + 1]
    }

    static func generate(_ args: [String]) throws {
        guard let dir = args.first, !dir.hasPrefix("--") else { usage() }
        let files = Int(option("--files", in: args) ?? "") ?? 2000
        let seed = UInt64(option("--seed", in: args) ?? "") ?? 1
        let (count, bytes) = try SyntheticProject(files: files, seed: seed).write(to: dir)
        print("generated \(count) files, \(String(format: "%.1f", Double(bytes) / 1_048_576)) MB in \(dir)")
    }

    static func run(_ args: [String]) throws {
        guard let path = args.first, !path.hasPrefix("--") else { usage() }
        let jobs = Int(option("--jobs", in: args) ?? "") ?? ProcessInfo.processInfo.activeProcessorCount
        let scanOnly = args.contains("--scan-only")
        let files = try FileDiscovery().discover(path).files.filter { $0.kind == .swift }
        let bytes = files.reduce(0) { $0 + $1.size }
        print("files: \(files.count) Swift, \(String(format: "%.1f", Double(bytes) / 1_048_576)) MB, jobs: \(jobs)")

        var parseSeconds = Double.nan
        if !scanOnly {
            let start = Date()
            let nodeCounts = ParallelMap.run(files, workers: jobs) { file -> Int in
                guard let data = FileManager.default.contents(atPath: file.absolutePath) else { return 0 }
                let tree = data.withUnsafeBytes { raw in
                    Parser.parse(source: UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: raw.count))
                }
                return tree.statements.count
            }
            parseSeconds = Date().timeIntervalSince(start)
            print(String(format: "parse only:  %.3f s  (%d top-level statements)", parseSeconds, nodeCounts.reduce(0, +)))
        }

        var walkSeconds = Double.nan
        if !scanOnly {
            // The same pipeline with no rules: reading, parsing and the one walk, so the rules' own cost shows.
            walkSeconds = try Scanner(options: ScanOptions(jobs: jobs), rules: .none).scan(path).durationSeconds
            print(String(format: "walk, no rules: %.3f s", walkSeconds))
        }

        let scan = try Scanner(options: ScanOptions(jobs: jobs)).scan(path)
        print(String(format: "full scan:   %.3f s  (%d findings, %d diagnostics)", scan.durationSeconds, scan.findings.count, scan.diagnostics.count))
        if !scanOnly {
            print(String(format: "ratio scan/parse: %.2f (walk without rules/parse: %.2f)",
                         scan.durationSeconds / parseSeconds, walkSeconds / parseSeconds))
        }
        print(String(format: "throughput: %.1f MB/s", Double(bytes) / 1_048_576 / scan.durationSeconds))
        print("peak RSS: \(peakResidentMegabytes()) MiB")
    }

    static func peakResidentMegabytes() -> Int {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        #if os(macOS)
        return Int(usage.ru_maxrss) / 1_048_576 // bytes on macOS
        #else
        return Int(usage.ru_maxrss) / 1024 // kilobytes on Linux
        #endif
    }
}
