/// What a file's path says about it.
enum PathTraits {
    private static let testFolders: Set<String> = [
        "Tests", "UITests", "UnitTests", "IntegrationTests", "Specs", "XCTests"
    ]
    private static let fixtureFolders: Set<String> = [
        "Fixtures", "fixtures", "TestData", "testdata", "TestFixtures", "Mocks"
    ]

    /// In a test target or a test file (`FooTests.swift`, `FooSpec.swift`, `Tests/…`, `AppTests/…`).
    static func isTestCode(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        for folder in parts.dropLast() where testFolders.contains(String(folder)) || folder.hasSuffix("Tests") {
            return true
        }
        guard let name = parts.last else { return false }
        // `AppTests-Info.plist`, `IntegrationTests copy-Info.plist`: a test target's files named after it.
        if let stem = name.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == "_" }).first,
            stem.hasSuffix("Tests") || stem.hasSuffix("UITests")
        {
            return true
        }
        // `FooTest.swift` alone is not enough (`MastgTest.swift`, `SpeedTest.swift` are app code); a test file that
        // is one imports XCTest or Testing, which the code-context check sees.
        return name.hasSuffix("Tests.swift") || name.hasSuffix("Spec.swift") || name.hasSuffix("Tests.m")
    }

    /// In a fixtures / test-data folder.
    static func isFixture(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { fixtureFolders.contains(String($0)) }
    }
}
