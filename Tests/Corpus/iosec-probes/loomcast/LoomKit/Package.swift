// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "LoomKit",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "LoomKit", targets: ["LoomKit"])
    ],
    targets: [
        .target(name: "LoomKit", path: "Sources/LoomKit")
    ]
)
