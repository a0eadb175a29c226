// swift-tools-version:6.0
import PackageDescription

// IOSecKit, the runtime library for apps, as a package of its own: an app that adopts it resolves swift-log and
// nothing of the scanner (no swift-syntax, Yams, ZIPFoundation, ArgumentParser). SwiftNIO, BoringSSL and
// swift-certificates are needed only by the `IOSecKitNIO` product (pinning for SwiftNIO clients and servers).
//
// The scanner's package (the repository root) compiles `Sources/IOSecKitBase` as its own `IOSecCoreBase` module,
// so the classifiers, association-file rules and pin format have one source for both.
let package = Package(
    name: "IOSecKit",
    platforms: [.macOS(.v13), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    products: [
        .library(name: "IOSecKit", targets: ["IOSecKit"]),
        .library(name: "IOSecKitNIO", targets: ["IOSecKitNIO"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),  // LogEvent-based LogHandler API
        .package(url: "https://github.com/apple/swift-nio", from: "2.65.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.27.0"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.0.0"),
        // Tests only: certificates (IOSecKitTestSupport) and a second SHA-256.
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0")
    ],
    targets: [
        // Foundation only: secret and sensitive-name classifiers, association files and App IDs, SPKI pins.
        .target(name: "IOSecKitBase"),
        .target(
            name: "IOSecKit",
            dependencies: ["IOSecKitBase", .product(name: "Logging", package: "swift-log")],
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        .target(
            name: "IOSecKitNIO",
            dependencies: [
                "IOSecKit",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1")
            ]
        ),
        // Generated certificates and a local TLS server for the tests; the scanner's tests use it too. Not a product.
        .target(
            name: "IOSecKitTestSupport",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl")
            ],
            path: "Tests/TLSTestSupport"
        ),
        .testTarget(
            name: "IOSecKitTests",
            dependencies: [
                "IOSecKit", "IOSecKitBase", "IOSecKitTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto")  // a second SHA-256 to check the pins' own
            ]
        ),
        .testTarget(
            name: "IOSecKitNIOTests",
            dependencies: [
                "IOSecKitNIO",
                "IOSecKit",
                "IOSecKitBase",
                "IOSecKitTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates")
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
