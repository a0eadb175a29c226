/// A path's `/`-separated components as UTF-8 slices. Path classification runs once for every file in a project
/// (thousands of images and strings files included), and `String`'s Unicode-aware `hasSuffix` and `split` cost
/// microseconds a call on Linux; byte comparisons of ASCII names cost nanoseconds.
struct PathBytes {
    typealias Component = ArraySlice<UInt8>
    let components: [Component]

    init(_ path: String) {
        components = Array(path.utf8).split(separator: UInt8(ascii: "/"))
    }

    /// The last component (the file name); empty for an empty path.
    var name: Component { components.last ?? [] }
    /// Every component but the last.
    var folders: ArraySlice<Component> { components.dropLast() }
}

extension ArraySlice where Element == UInt8 {
    func equals(_ text: StaticString) -> Bool {
        count == text.utf8CodeUnitCount && elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: count))
    }

    func hasSuffix(_ text: StaticString) -> Bool {
        let n = text.utf8CodeUnitCount
        return count >= n && suffix(n).elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: n))
    }

    func hasPrefix(_ text: StaticString) -> Bool {
        let n = text.utf8CodeUnitCount
        return count >= n && prefix(n).elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: n))
    }

    func isAny(of names: [StaticString]) -> Bool { names.contains { equals($0) } }
}

/// What a file's path says about it.
enum PathTraits {
    private static let testFolders: [StaticString] = [
        "Tests", "UITests", "UnitTests", "IntegrationTests", "Specs", "XCTests",
        // Test infrastructure linked only into test targets (Facebook SDK's `TestTools`).
        "TestTools", "TestUtils", "TestUtilities", "TestHelpers", "TestSupport", "TestDoubles", "TestingSupport"
    ]
    private static let fixtureFolders: [StaticString] = [
        "Fixtures", "fixtures", "TestData", "testdata", "TestFixtures", "Mocks", "TestResources", "test-resources",
        "testing-resources", "test_resources"
    ]

    /// In a test target or a test file (`FooTests.swift`, `FooSpec.swift`, `Tests/…`, `AppTests/…`).
    static func isTestCode(_ path: String) -> Bool { isTestCode(PathBytes(path)) }

    static func isTestCode(_ path: PathBytes) -> Bool {
        isTestFolder(path.folders) || isTestName(path.name)
    }

    /// A folder of a test target: `Tests/`, `AppTests/`, `TestSupport/`.
    static func isTestFolder(_ folders: ArraySlice<PathBytes.Component>) -> Bool {
        folders.contains { $0.hasSuffix("Tests") || $0.isAny(of: testFolders) }
    }

    /// A test file by its name alone.
    static func isTestName(_ name: PathBytes.Component) -> Bool {
        // `AppTests-Info.plist`, `IntegrationTests copy-Info.plist`: a test target's files named after it.
        // The first run of the name between separators, found without splitting the whole name.
        func isSeparator(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "-") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "_")
        }
        let stemStart = name.firstIndex { !isSeparator($0) } ?? name.endIndex
        let stem = name[stemStart..<(name[stemStart...].firstIndex(where: isSeparator) ?? name.endIndex)]
        if stem.hasSuffix("Tests") { return true }
        // `FooTest.swift` alone is not enough (`MastgTest.swift`, `SpeedTest.swift` are app code); a test file that
        // is one imports XCTest or Testing, which the code-context check sees.
        if name.hasSuffix("Tests.swift") || name.hasSuffix("Spec.swift") || name.hasSuffix("Tests.m") { return true }
        // C's convention: `test_ringlogger.c`, `context_test.c`.
        return name.hasSuffix(".c")
            && (name.hasPrefix("test_") || name.hasSuffix("_test.c") || name.hasSuffix("_tests.c"))
    }

    /// In a fixtures / test-data folder.
    static func isFixture(_ path: String) -> Bool { isFixture(PathBytes(path)) }

    static func isFixture(_ path: PathBytes) -> Bool {
        path.folders.contains { $0.isAny(of: fixtureFolders) }
    }
}
