// swift-tools-version:6.0
import PackageDescription

// Direction of dependency: iosec → IOSecAudit → IOSecCore ← IOSecKit.
let package = Package(
    name: "iosec",
    platforms: [.macOS(.v13), .iOS(.v15)],
    products: [
        .executable(name: "iosec", targets: ["iosec"]),
        .library(name: "IOSecCore", targets: ["IOSecCore"]),
        .library(name: "IOSecAudit", targets: ["IOSecAudit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
    ],
    targets: [
        .target(
            name: "IOSecCore",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "IOSecAudit",
            dependencies: [
                "IOSecCore",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "iosec",
            dependencies: [
                "IOSecAudit",
                "IOSecCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Benchmark and synthetic-project generator; not part of the product.
        .executableTarget(
            name: "iosec-bench",
            dependencies: [
                "IOSecAudit",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]
        ),
        .testTarget(name: "IOSecCoreTests", dependencies: ["IOSecCore"]),
        .testTarget(
            name: "IOSecAuditTests",
            dependencies: [
                "IOSecAudit",
                "IOSecCore",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]
        ),
        .testTarget(name: "iosecTests", dependencies: ["iosec"]),
    ],
    swiftLanguageModes: [.v6]
)
