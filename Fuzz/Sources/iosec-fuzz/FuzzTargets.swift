import Foundation
import IOSecAudit
import IOSecCore

/// The fuzz targets: each feeds libFuzzer's bytes to one parser through its public entry point, then to what
/// consumes its result, and (for file kinds the scanner reviews) through the whole per-file analysis at a path
/// of that kind, so the rules that walk the parsed form are fuzzed too.
enum FuzzTargets {
    typealias Run = @Sendable ([UInt8]) -> Void

    static let all: [String: Run] = [
        "xml-plist": { bytes in
            _ = try? PropertyListParser.parseXML(Data(bytes))
            // The format sniffing in `parse` (BOM, UTF-16, XML or OpenStep) is a parser of its own.
            _ = try? PropertyListParser.parse(Data(bytes))
        },
        "binary-plist": { bytes in
            _ = try? PropertyListParser.parseBinary(Data(bytes))
            // Binary plists reach the rules as `.plist` files anywhere in a project.
            analyze(bytes, at: "App/Settings.plist")
        },
        "openstep-plist": { bytes in
            _ = try? PropertyListParser.parseOpenStep(Data(bytes))
        },
        "info-plist": { bytes in
            // ATS, URL schemes, usage strings, pinned domains: every Info.plist rule over one parse.
            analyze(bytes, at: "App/Info.plist")
        },
        "pbxproj": { bytes in
            if let project = try? XcodeProject.parse(Data(bytes)) {
                for configuration in project.configurations {
                    _ = configuration.string("SWIFT_ACTIVE_COMPILATION_CONDITIONS")
                    _ = configuration.list("OTHER_SWIFT_FLAGS")
                }
            }
            analyze(bytes, at: "App.xcodeproj/project.pbxproj")
        },
        "xcconfig": { bytes in
            let config = XCConfig.parse(String(decoding: bytes, as: UTF8.self))
            _ = config.value(for: "SWIFT_ACTIVE_COMPILATION_CONDITIONS", configuration: "Release")
            analyze(bytes, at: "Config/Release.xcconfig")
        },
        "aasa": { bytes in
            let map = JSONSourceMap(bytes)
            let report = AssociationFile.validate(Data(bytes), sourceMap: map)
            // Every issue is placed through the source map, as `iosec aasa` and the scanner do.
            for issue in report.issues { _ = map.nearestPosition(of: issue.path) }
            _ = JSONSourceMap.firstPosition(nestingDeeperThan: 32, in: bytes)
            analyze(bytes, at: ".well-known/apple-app-site-association")
        },
        "privacy-manifest": { bytes in
            if let document = try? PropertyListParser.parse(Data(bytes)) {
                _ = PrivacyManifest.read(document.root, rootLine: document.rootLine)
            }
            analyze(bytes, at: "App/PrivacyInfo.xcprivacy")
        },
        "entitlements": { bytes in
            if let document = try? PropertyListParser.parse(Data(bytes)) {
                _ = Entitlements.read(document.root)
            }
            analyze(bytes, at: "App/App.entitlements")
        },
        "certificate": { bytes in
            // PEM or DER, one certificate or a chain, as `iosec pin FILE` reads it.
            guard let chain = try? CertificateChainReader.certificates(in: Data(bytes)) else { return }
            _ = try? PinFormatter.describe(chain)
            for der in chain { _ = try? SPKIPin(certificateDER: der) }
        },
        "spki-pin": { bytes in
            // The DER walk to the SubjectPublicKeyInfo, and pins as text (Info.plist, JSON pin sets).
            _ = try? SPKIPin.subjectPublicKeyInfo(ofCertificateDER: bytes)
            _ = SPKIPin(base64: String(decoding: bytes, as: UTF8.self))
            _ = try? JSONDecoder().decode([SPKIPin].self, from: Data(bytes))
        },
        "interface": { bytes in
            _ = InterfaceDocument.parse(bytes)
            analyze(bytes, at: "App/Base.lproj/Main.storyboard")
        },
        "coredata": { bytes in
            _ = CoreDataModel.parse(bytes)
            analyze(bytes, at: "App/Model.xcdatamodeld/Model.xcdatamodel/contents")
        },
        "objc": { bytes in
            // The front end (ObjCSource) is internal: it is reached, with every Objective-C rule, through analysis.
            analyze(bytes, at: "App/Legacy/Session.m")
        },
        "macho": { bytes in
            // The whole binary analysis (every binary rule, the signed entitlements), then the reader's extras.
            _ = SourceAnalysis.analyzeBinary(bytes)
            guard let file = try? MachOFile(bytes: bytes) else { return }
            _ = file.imports
            for slice in file.slices {
                if let xml = slice.codeSignature?.entitlementsXML,
                    let document = try? PropertyListParser.parse(Data(xml))
                {
                    _ = Entitlements.read(document.root)
                }
            }
        },
        "provisioning-profile": { bytes in
            // The CMS envelope (DER or BER), the property list inside it, the certificates, and what reads it.
            guard let profile = try? ProvisioningProfile(bytes: bytes) else { return }
            _ = (profile.kind, profile.earliestExpiry, profile.expiresWithin(days: 30, of: Date()), profile.issues)
            if let entitlements = profile.entitlements { _ = Entitlements.read(.dictionary(entitlements)) }
        },
        "bundled-json": { bytes in
            // JSON and databases as a built app ships them: the streaming JSON reader and the database text scan.
            _ = SourceAnalysis.analyzeBundled(bytes: bytes, path: "Payload/App.app/config.json")
            _ = SourceAnalysis.analyzeBundled(bytes: bytes, path: "Payload/App.app/Seed.sqlite")
        },
        "swift": { bytes in
            analyze(bytes, at: "App/Sources/Session.swift")
        },
        "ipa": { bytes in
            // The zip reader under its limits, bundle discovery and everything a built app's files go through.
            var options = ScanOptions(jobs: 1)
            options.bundleLimits = BundleLimits(maxEntries: 2_000, maxEntryBytes: 16 << 20, maxTotalBytes: 64 << 20)
            _ = try? SourceAnalysis.analyzeIPA(Data(bytes), options: options)
        },
        "planted": { bytes in
            plantedCrash(bytes)
        }
    ]

    /// The per-file analysis the scanner runs, on bytes in memory.
    static func analyze(_ bytes: [UInt8], at path: String) {
        _ = SourceAnalysis.analyze(bytes: bytes, path: path)
    }

    /// A deliberately broken parser, to prove that `scripts/fuzz.sh` catches a crash: the xcconfig parser, then
    /// a trap when `PLANTED` is set to a value starting with `!`. The seed sets it to `ok`, so one mutated byte
    /// away. Only this target has it; `scripts/fuzz.sh all` leaves it out.
    static func plantedCrash(_ bytes: [UInt8]) {
        let config = XCConfig.parse(String(decoding: bytes, as: UTF8.self))
        if let value = config.value(for: "PLANTED"), value.utf8.first == UInt8(ascii: "!") {
            fatalError("planted crash: PLANTED = \(value)")
        }
    }
}
