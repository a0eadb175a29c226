import Foundation

/// The example built apps: `Examples/InsecureApp.ipa` with one seeded instance of each binary rule, and
/// `Examples/HardenedApp.ipa`, built the same way, with none. Made from this repository's own builders (no compiler,
/// no downloaded binary), so what they hold is the same on every machine; the bytes are not quite, since
/// Foundation writes a binary plist's keys in hash order and the example profile is signed with a fresh key.
public enum SampleApps {
    /// `embedded.mobileprovision` bytes for the insecure app (an ad-hoc profile expiring soon); nil leaves the
    /// profile out.
    public static func insecureIPA(profile: [UInt8]?) throws -> Data {
        var ipa = IPABuilder()
        let app = "Payload/InsecureApp.app"
        ipa.add(
            app + "/Info.plist",
            try infoPlist(
                executable: "InsecureApp", bundleID: "com.example.insecure", name: "InsecureApp",
                extra: ["NSAppTransportSecurity": ["NSAllowsArbitraryLoads": true]]))
        ipa.add(app + "/InsecureApp", insecureExecutable().build())
        if let profile { ipa.add(app + "/embedded.mobileprovision", profile) }
        // A framework with manual retain/release Objective-C, loaded from a build machine's folder.
        let framework = app + "/Frameworks/LegacyKit.framework"
        ipa.add(
            framework + "/Info.plist",
            try infoPlist(executable: "LegacyKit", bundleID: "com.example.legacykit", name: "LegacyKit"))
        ipa.add(framework + "/LegacyKit", legacyFramework().build())
        // An SDK from Apple's list of commonly used ones, in a release from before privacy manifests.
        try addSDK("Alamofire", to: &ipa, app: app, manifest: nil)
        // An extension as downloaded from the App Store: FairPlay-encrypted.
        let appex = app + "/PlugIns/Share.appex"
        ipa.add(
            appex + "/Info.plist",
            try infoPlist(executable: "Share", bundleID: "com.example.insecure.share", name: "Share"))
        ipa.add(appex + "/Share", encryptedExtension().build())
        ipa.add(
            app + "/Config.plist",
            Array(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                \t<key>adminPassword</key>
                \t<string>Winter#2024!</string>
                </dict>
                </plist>
                """.utf8))
        return try ipa.build()
    }

    /// The same app, built right: PIE, stack protection, ARC, stripped, system libraries only, no debug
    /// entitlement, no profile (an App Store build), https only.
    public static func hardenedIPA() throws -> Data {
        var ipa = IPABuilder()
        let app = "Payload/HardenedApp.app"
        ipa.add(
            app + "/Info.plist",
            try infoPlist(executable: "HardenedApp", bundleID: "com.example.hardened", name: "HardenedApp"))
        ipa.add(app + "/HardenedApp", hardenedExecutable().build())
        let framework = app + "/Frameworks/ModernKit.framework"
        ipa.add(
            framework + "/Info.plist",
            try infoPlist(executable: "ModernKit", bundleID: "com.example.modernkit", name: "ModernKit"))
        ipa.add(framework + "/ModernKit", hardenedFramework().build())
        // A listed SDK in a current release, its manifest in the resource bundle it keeps inside the framework.
        try addSDK("Kingfisher", to: &ipa, app: app, manifest: "Kingfisher.bundle/PrivacyInfo.xcprivacy")
        ipa.add(
            app + "/PrivacyInfo.xcprivacy",
            privacyManifest(category: "NSPrivacyAccessedAPICategoryUserDefaults", reason: "CA92.1"))
        return try ipa.build()
    }

    /// A third-party SDK framework (otherwise clean), with its privacy manifest at `manifest` inside the framework
    /// folder, or none.
    public static func addSDK(_ name: String, to ipa: inout IPABuilder, app: String, manifest: String?) throws {
        let framework = app + "/Frameworks/\(name).framework"
        ipa.add(
            framework + "/Info.plist",
            try infoPlist(executable: name, bundleID: "org.sdk.\(name)", name: name))
        var binary = hardenedFramework()
        binary.installName = "@rpath/\(name).framework/\(name)"
        // Image caches read file dates: declared below when the SDK ships its manifest.
        binary.symbols = (binary.symbols ?? []) + [.undefined("_fstat")]
        ipa.add(framework + "/" + name, binary.build())
        if let manifest {
            // A file-timestamp reason, as image caches (Kingfisher, SDWebImage) declare.
            ipa.add(
                framework + "/" + manifest,
                privacyManifest(category: "NSPrivacyAccessedAPICategoryFileTimestamp", reason: "C617.1"))
        }
    }

    /// A privacy manifest: no tracking, one required-reason API category with its reason.
    static func privacyManifest(category: String, reason: String) -> [UInt8] {
        Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>NSPrivacyTracking</key>
            \t<false/>
            \t<key>NSPrivacyAccessedAPITypes</key>
            \t<array>
            \t\t<dict>
            \t\t\t<key>NSPrivacyAccessedAPIType</key>
            \t\t\t<string>\(category)</string>
            \t\t\t<key>NSPrivacyAccessedAPITypeReasons</key>
            \t\t\t<array><string>\(reason)</string></array>
            \t\t</dict>
            \t</array>
            </dict>
            </plist>
            """.utf8)
    }

    /// A binary Info.plist, as Xcode compiles it into the bundle.
    public static func infoPlist(
        executable: String, bundleID: String, name: String, extra: [String: Any] = [:]
    ) throws -> [UInt8] {
        var plist: [String: Any] = [
            "CFBundleExecutable": executable, "CFBundleIdentifier": bundleID, "CFBundleName": name,
            "CFBundleShortVersionString": "1.4.2", "CFBundleVersion": "142", "MinimumOSVersion": "15.0",
            "CFBundlePackageType": "APPL"
        ]
        for (key, value) in extra { plist[key] = value }
        return [UInt8](try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0))
    }

    static let debugEntitlements = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>application-identifier</key>
        \t<string>ABCDE12345.com.example.insecure</string>
        \t<key>get-task-allow</key>
        \t<true/>
        \t<key>keychain-access-groups</key>
        \t<array>
        \t\t<string>ABCDE12345.com.example.insecure</string>
        \t\t<string>FGHIJ67890.com.example.shared</string>
        \t</array>
        \t<key>com.apple.security.hardened-process</key>
        \t<true/>
        \t<key>com.apple.security.hardened-process.enhanced-security-version-string</key>
        \t<string>2</string>
        \t<key>com.apple.security.hardened-process.checked-allocations</key>
        \t<true/>
        \t<key>com.apple.security.hardened-process.checked-allocations.soft-mode</key>
        \t<true/>
        </dict>
        </plist>
        """

    static let releaseEntitlements = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>application-identifier</key>
        \t<string>ABCDE12345.com.example.hardened</string>
        \t<key>com.apple.developer.team-identifier</key>
        \t<string>ABCDE12345</string>
        </dict>
        </plist>
        """

    /// Every binary rule once: no PIE, Objective-C without stack canaries, debug symbols, an injected library, a
    /// build-machine rpath, weak C APIs, UIWebView, a secret and a cleartext URL in its strings, get-task-allow, and a
    /// keychain group of another team (which the example's profile does not grant).
    public static func insecureExecutable() -> MachOBuilder {
        var b = MachOBuilder()
        b.flags = 0x0000_0085  // MH_NOUNDEFS | MH_DYLDLINK | MH_TWOLEVEL, no MH_PIE
        b.segments = [
            .init(
                name: "__TEXT",
                sections: [
                    .init(segment: "__TEXT", name: "__text", contents: [0x1F, 0x20, 0x03, 0xD5], flags: 0x8000_0400),
                    .strings(
                        "__TEXT", "__cstring",
                        [
                            "http://api.insecure-example.com/v1/login", "AKIAIOSFODNN7QWERTYZ", "Bearer %@",
                            "https://www.example.com/help"
                        ]),
                    .strings("__TEXT", "__objc_classname", ["AppDelegate", "LoginViewController"]),
                    .strings("__TEXT", "__objc_methname", ["viewDidLoad", "login:"])
                ]),
            .init(
                name: "__DATA",
                sections: [
                    .init(segment: "__DATA", name: "__objc_classlist", contents: [UInt8](repeating: 0, count: 16)),
                    .init(segment: "__DATA", name: "__objc_imageinfo", contents: [0, 0, 0, 0, 0, 0, 0, 0])
                ], maxProtection: 3, initialProtection: 3)
        ]
        b.symbols = [
            .stab("/Users/dev/InsecureApp/Sources/", type: 0x64),
            .stab("/Users/dev/InsecureApp/build/LoginViewController.o", type: 0x66),
            .stab("-[LoginViewController login:]", type: 0x24),
            .local("_checkPassword"),
            .external("__mh_execute_header", value: 0x1_0000_0000),
            .external("_main"),
            .undefined("_objc_msgSend"), .undefined("_objc_storeStrong"), .undefined("_objc_release"),
            .undefined("_strcpy"), .undefined("_CC_MD5"), .undefined("_rand"),
            .undefined("_OBJC_CLASS_$_UIWebView")
        ]
        b.dysymtab = true
        b.dylibs = [
            .init(path: "/usr/lib/libSystem.B.dylib"), .init(path: "/usr/lib/libobjc.A.dylib"),
            .init(path: "/System/Library/Frameworks/UIKit.framework/UIKit"),
            .init(path: "/Library/MobileSubstrate/DynamicLibraries/Helper.dylib"),
            .init(path: "@rpath/LegacyKit.framework/LegacyKit")
        ]
        b.rpaths = ["@executable_path/Frameworks", "/Users/dev/Library/Frameworks"]
        b.uuid = Array(0x20...0x2F)
        b.cryptID = 0
        b.entryPoint = (0x4000, 0)
        b.buildVersion = (2, 0x000F_0000, 0x0011_0200)
        b.codeSignature = CodeSignatureBuilder(
            identifier: "com.example.insecure", entitlementsXML: debugEntitlements
        ).build()
        return b
    }

    /// An Objective-C framework compiled with manual retain/release (and its stack canaries): only binary.no-arc.
    public static func legacyFramework() -> MachOBuilder {
        var b = objectiveCLibrary(install: "@rpath/LegacyKit.framework/LegacyKit", classes: ["LKCache", "LKStore"])
        // It reads file dates and keeps settings in NSUserDefaults, and ships no privacy manifest.
        b.symbols = [
            .external("_OBJC_CLASS_$_LKCache"), .undefined("_objc_msgSend"), .undefined("_objc_release"),
            .undefined("_objc_retain"), .undefined("___stack_chk_fail"), .undefined("___stack_chk_guard"),
            .undefined("_stat"), .undefined("_OBJC_CLASS_$_NSUserDefaults")
        ]
        return b
    }

    /// An App Store extension, still encrypted: only binary.encrypted.
    public static func encryptedExtension() -> MachOBuilder {
        var b = swiftExecutable(identifier: "com.example.insecure.share")
        b.cryptID = 1
        return b
    }

    public static func hardenedExecutable() -> MachOBuilder {
        var b = swiftExecutable(identifier: "com.example.hardened")
        b.dylibs.append(.init(path: "@rpath/ModernKit.framework/ModernKit"))
        return b
    }

    public static func hardenedFramework() -> MachOBuilder {
        var b = objectiveCLibrary(install: "@rpath/ModernKit.framework/ModernKit", classes: ["MKSession"])
        b.symbols = [
            .external("_OBJC_CLASS_$_MKSession"), .undefined("_objc_msgSend"), .undefined("_objc_storeStrong"),
            .undefined("_objc_retainAutoreleasedReturnValue"), .undefined("___stack_chk_fail"),
            .undefined("___stack_chk_guard")
        ]
        return b
    }

    /// A stripped, PIE Swift executable with system libraries, https strings and a release signature.
    static func swiftExecutable(identifier: String) -> MachOBuilder {
        var b = MachOBuilder()
        b.segments = [
            .init(
                name: "__TEXT",
                sections: [
                    .init(segment: "__TEXT", name: "__text", contents: [0x1F, 0x20, 0x03, 0xD5], flags: 0x8000_0400),
                    .strings("__TEXT", "__cstring", ["https://api.example.com/v1/login", "Bearer %@"]),
                    .init(segment: "__TEXT", name: "__swift5_types", contents: [0, 0, 0, 0])
                ]),
            .init(
                name: "__DATA_CONST",
                sections: [
                    .init(segment: "__DATA_CONST", name: "__objc_imageinfo", contents: [0, 0, 0, 0, 0x40, 0, 0, 0])
                ],
                maxProtection: 3, initialProtection: 3)
        ]
        b.symbols = [
            .external("__mh_execute_header", value: 0x1_0000_0000),
            .undefined("_swift_retain"), .undefined("_swift_release"), .undefined("_objc_msgSend")
        ]
        b.dysymtab = true
        b.dylibs = [
            .init(path: "/usr/lib/libSystem.B.dylib"), .init(path: "/usr/lib/swift/libswiftCore.dylib"),
            .init(path: "/System/Library/Frameworks/UIKit.framework/UIKit")
        ]
        b.rpaths = ["/usr/lib/swift", "@executable_path/Frameworks"]
        b.uuid = Array(0x30...0x3F)
        b.cryptID = 0
        b.entryPoint = (0x4000, 0)
        b.buildVersion = (2, 0x000F_0000, 0x0011_0200)
        b.codeSignature = CodeSignatureBuilder(identifier: identifier, entitlementsXML: releaseEntitlements).build()
        return b
    }

    static func objectiveCLibrary(install: String, classes: [String]) -> MachOBuilder {
        var b = MachOBuilder()
        b.fileType = 0x6  // MH_DYLIB
        b.flags = 0x0010_0085
        b.installName = install
        b.segments = [
            .init(
                name: "__TEXT",
                sections: [
                    .init(segment: "__TEXT", name: "__text", contents: [0x1F, 0x20, 0x03, 0xD5], flags: 0x8000_0400),
                    .strings("__TEXT", "__objc_classname", classes)
                ]),
            .init(
                name: "__DATA",
                sections: [
                    .init(segment: "__DATA", name: "__objc_classlist", contents: [UInt8](repeating: 0, count: 8)),
                    .init(segment: "__DATA", name: "__objc_imageinfo", contents: [0, 0, 0, 0, 0x40, 0, 0, 0])
                ], maxProtection: 3, initialProtection: 3)
        ]
        b.dysymtab = true
        b.dylibs = [.init(path: "/usr/lib/libSystem.B.dylib"), .init(path: "/usr/lib/libobjc.A.dylib")]
        b.uuid = Array(0x40...0x4F)
        b.buildVersion = (2, 0x000F_0000, 0x0011_0200)
        b.codeSignature = CodeSignatureBuilder(identifier: install, teamID: "ABCDE12345").build()
        return b
    }
}

extension SampleApps {
    /// An IPA of about `megabytes` MB for the benchmark: a main executable that is most of it (code-like bytes that
    /// compress about 2:1, as real code does), a few frameworks, and images that do not compress. Seeded: the same
    /// size gives the same archive.
    public static func largeIPA(megabytes: Int) throws -> IPABuilder {
        var random = SplitMix(seed: 42)
        func code(_ count: Int) -> [UInt8] {
            // Four-bit symbols: about half the entropy of random bytes, like machine code.
            (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next() & 0x0F) &* 17 }
        }
        var ipa = IPABuilder()
        let app = "Payload/Large.app"
        ipa.add(app + "/Info.plist", try infoPlist(executable: "Large", bundleID: "com.example.large", name: "Large"))
        let total = megabytes << 20
        var main = insecureExecutable()
        main.segments[0].sections[0].contents = code(total * 45 / 100)
        main.segments[0].sections[1] = .strings(
            "__TEXT", "__cstring", (0..<20_000).map { "https://api.example.com/v1/resource/\($0)?q=%@" })
        ipa.add(app + "/Large", main.build())
        for index in 0..<8 {
            var framework = hardenedFramework()
            framework.segments[0].sections[0].contents = code(total * 3 / 100)
            let path = app + "/Frameworks/Kit\(index).framework"
            ipa.add(path + "/Info.plist", try infoPlist(executable: "Kit\(index)", bundleID: "k.\(index)", name: "K"))
            ipa.add(path + "/Kit\(index)", framework.build())
        }
        var imageBytes = total * 20 / 100
        var index = 0
        while imageBytes > 0 {
            let size = min(imageBytes, 100_000)
            ipa.add(app + "/Images/image\(index).png", (0..<size).map { _ in UInt8(truncatingIfNeeded: random.next()) })
            imageBytes -= size
            index += 1
        }
        return ipa
    }
}

/// A small, fast, seeded generator: the benchmark's archive is the same on every machine.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
