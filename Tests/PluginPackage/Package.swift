// swift-tools-version:6.0
import PackageDescription

// A package that uses iosec's build-tool plugin from the checkout two folders up: `swift build` here prints
// iosec's findings on Sources/Wallet/TokenStore.swift as warnings and errors (scripts/check-plugins.sh checks it).
let package = Package(
    name: "PluginPackage",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "iosec", path: "../..")],
    targets: [
        .target(
            name: "Wallet",
            plugins: [.plugin(name: "IOSecBuildToolPlugin", package: "iosec")]
        )
    ],
    swiftLanguageModes: [.v6]
)
