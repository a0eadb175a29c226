// swift-tools-version:6.0
import Foundation
import PackageDescription

// libFuzzer harness for iosec's parsers (see docs/fuzzing.md). A package of its own so that its sanitizer flags and
// build folder never touch the root package's: build it with `scripts/fuzz.sh`, not `swift build` at the root.

// A path dependency is named by its folder (`main` in a work tree, `iosec` in a clone): work it out rather than
// hard-code it.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let rootIdentity = root.lastPathComponent.lowercased()

let package = Package(
    name: "iosec-fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "..")],
    targets: [
        // One executable for every target, chosen by IOSEC_FUZZ_TARGET: a sanitized link of swift-syntax takes
        // minutes, so one link instead of one per parser.
        .executableTarget(
            name: "iosec-fuzz",
            dependencies: [
                "CFuzzEntry",
                .product(name: "IOSecAudit", package: rootIdentity),
                .product(name: "IOSecCore", package: rootIdentity)
            ]
        ),
        // The `main` SwiftPM links an executable with: libFuzzer's driver on the Swift entry point.
        .target(name: "CFuzzEntry")
    ],
    swiftLanguageModes: [.v6]
)
