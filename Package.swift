// swift-tools-version:6.0
import PackageDescription

// Direction of dependency: iosec → IOSecAudit → IOSecCore → IOSecCoreBase.
// IOSecKit, the library for apps, is a package of its own in `IOSecKit/`, so that an app adopting it resolves none
// of the scanner's dependencies. `IOSecCoreBase` compiles that package's `IOSecKitBase` sources (classifiers,
// association files, SPKI pins) under a name of its own: one source, and no clash of module names in an app that
// uses both packages.
let package = Package(
    name: "iosec",
    platforms: [.macOS(.v13), .iOS(.v15)],
    products: [
        .executable(name: "iosec", targets: ["iosec"]),
        .library(name: "IOSecCore", targets: ["IOSecCore"]),
        .library(name: "IOSecAudit", targets: ["IOSecAudit"]),
        .plugin(name: "IOSecBuildToolPlugin", targets: ["IOSecBuildToolPlugin"]),
        .plugin(name: "IOSecCommandPlugin", targets: ["IOSecCommandPlugin"])
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.65.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.27.0"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.0.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),  // .iosec.yml, with line marks for errors
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20")  // IPA entries, read in place
    ],
    targets: [
        .target(name: "IOSecCoreBase", path: "IOSecKit/Sources/IOSecKitBase"),
        .target(
            name: "IOSecCore",
            dependencies: [
                "IOSecCoreBase",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1")
            ]
        ),
        // glibc allocator settings, applied by the executables at start (a no-op elsewhere): process-wide, so not
        // the analyser library's to decide.
        .target(name: "CIOSecAllocator"),
        .target(
            name: "IOSecAudit",
            dependencies: [
                "IOSecCore",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation")
            ]
        ),
        // Network fetchers for `iosec aasa` and `iosec pin` (HTTPS without redirects, TLS chains): kept out of the
        // analyser, so a scan links no networking.
        .target(
            name: "IOSecLive",
            dependencies: [
                "IOSecCore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl")
            ]
        ),
        // Test helpers only (signed profiles; generated certificates and a local TLS server, shared with IOSecKit's
        // package); not a product.
        .target(
            name: "IOSecTLSTestSupport",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl")
            ],
            path: "IOSecKit/Tests/TLSTestSupport"
        ),
        .target(
            name: "IOSecTestSupport",
            dependencies: [
                "IOSecTLSTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl")
            ]
        ),
        // The command line without networking: `scan`, `checklist`, `init`, `rules`, `explain`. The SwiftPM plugins
        // run it as `iosec-scan`, so a package that adopts them builds no SwiftNIO and no second BoringSSL.
        .target(
            name: "IOSecCommands",
            dependencies: [
                "IOSecAudit",
                "IOSecCore",
                "CIOSecAllocator",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        .executableTarget(
            name: "iosec",
            dependencies: [
                "IOSecCommands",
                "IOSecAudit",
                "IOSecLive",
                "IOSecCore",
                "CIOSecAllocator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl")
            ]
        ),
        .executableTarget(
            name: "iosec-scan",
            dependencies: [
                "IOSecCommands",
                "IOSecCore",
                "CIOSecAllocator",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        // Benchmark and synthetic-project generator; not part of the product.
        .executableTarget(
            name: "iosec-bench",
            dependencies: [
                "IOSecAudit",
                "IOSecFixtures",
                "IOSecTestSupport",
                "CIOSecAllocator",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax")
            ]
        ),
        // Development tools, not part of the product: `iosec-generate` writes SwiftHooks.generated.swift.
        .target(
            name: "IOSecDevTools",
            dependencies: [
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax")
            ]
        ),
        .executableTarget(name: "iosec-generate", dependencies: ["IOSecDevTools"]),
        // SwiftPM plugins: findings as build diagnostics in `swift build` and Xcode, and `swift package iosec`.
        .plugin(name: "IOSecBuildToolPlugin", capability: .buildTool(), dependencies: ["iosec-scan"]),
        .plugin(
            name: "IOSecCommandPlugin",
            capability: .command(
                intent: .custom(verb: "iosec", description: "Security review of the package's iOS code with iosec")),
            dependencies: ["iosec-scan"]
        ),
        // Builders of test material: Mach-O files and IPAs (signed profiles come from IOSecTestSupport). Used by the
        // tests, the benchmark and the script that makes the example IPAs; not a product.
        .target(
            name: "IOSecFixtures",
            dependencies: [
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1")
            ]
        ),
        .testTarget(name: "IOSecCoreTests", dependencies: ["IOSecCore", "IOSecFixtures", "IOSecTestSupport"]),
        .testTarget(
            name: "IOSecAuditTests",
            dependencies: [
                "IOSecAudit",
                "IOSecDevTools",
                "IOSecCore",
                "IOSecTestSupport",
                "IOSecFixtures",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax")
            ]
        ),
        .testTarget(
            name: "IOSecLiveTests",
            dependencies: [
                "IOSecLive",
                "IOSecCore",
                "IOSecTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl")
            ]
        ),
        .testTarget(name: "iosecTests", dependencies: ["iosec", "IOSecTestSupport", "IOSecFixtures"])
    ],
    swiftLanguageModes: [.v6]
)
