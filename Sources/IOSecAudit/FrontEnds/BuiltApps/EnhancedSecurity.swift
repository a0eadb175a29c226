import Foundation
import IOSecCore

/// Apple's Enhanced Security (Xcode 26, iOS 26): the `com.apple.security.hardened-process` family of entitlements,
/// what each turns on, and the settings that weaken it. From Apple's entitlement reference (Bundle Resources ›
/// Entitlements › com.apple.security.hardened-process…) and "Enabling enhanced security for your app"; what the
/// binary cannot show (whether the compiler used the typed allocator) is read from the project's build settings.
enum EnhancedSecurity {
    static let process = "com.apple.security.hardened-process"
    static let version = process + ".enhanced-security-version"
    static let versionString = process + ".enhanced-security-version-string"
    static let hardenedHeap = process + ".hardened-heap"
    static let checkedAllocations = process + ".checked-allocations"
    static let softMode = process + ".checked-allocations.soft-mode"
    static let pureData = process + ".checked-allocations.enable-pure-data"
    static let noTaggedReceive = process + ".checked-allocations.no-tagged-receive"
    static let noGuardObjects = process + ".no-guard-objects"
    static let platformRestrictions = process + ".platform-restrictions-string"
    /// The build settings Apple's hardened-heap entitlement asks for, so the compiler uses the type-aware allocator.
    static let typedAllocatorSettings = [
        "CLANG_ENABLE_C_TYPED_ALLOCATOR_SUPPORT", "CLANG_ENABLE_CPLUSPLUS_TYPED_ALLOCATOR_SUPPORT"
    ]

    /// What an executable's entitlements (key → value as `EntitlementsCollector.rendered` writes it) turn on; empty
    /// when it does not opt in.
    static func features(_ entitlements: [String: String]) -> [String] {
        guard entitlements[process] == "true" else { return [] }
        let level = entitlements[version] ?? entitlements[versionString]
        var out = ["hardened process" + (level.map { " (version \($0))" } ?? "")]
        if entitlements[hardenedHeap] == "true" { out.append("hardened heap") }
        if entitlements[checkedAllocations] == "true" {
            out.append("memory tagging" + (entitlements[softMode] == "true" ? " (soft mode)" : ""))
        }
        if entitlements[pureData] == "true" { out.append("pure-data tagging") }
        if entitlements[noTaggedReceive] == "true" { out.append("no tagged receive") }
        if let restrictions = entitlements[platformRestrictions] { out.append("platform restrictions \(restrictions)") }
        if entitlements[noGuardObjects] == "true" { out.append("guard objects off") }
        return out
    }

    /// What weakens the protections the entitlements turn on, each with why; empty when nothing does (or the
    /// executable does not opt in).
    static func weakenings(_ entitlements: [String: String]) -> [(entitlement: String, why: String)] {
        guard entitlements[process] == "true" else { return [] }
        var out: [(String, String)] = []
        if entitlements[version] == nil, entitlements[versionString] == nil {
            out.append(
                (
                    process,
                    "hardened-process is on without enhanced-security-version(-string), which Apple documents it requires: the device may refuse the build or apply nothing"
                ))
        }
        if entitlements[checkedAllocations] == "true", entitlements[softMode] == "true" {
            out.append(
                (
                    softMode,
                    "memory tagging runs in soft mode: a tag-check fault (an out-of-bounds or use-after-free access) is logged as a simulated crash and the process goes on, instead of being stopped"
                ))
        }
        if entitlements[noGuardObjects] == "true" {
            out.append(
                (noGuardObjects, "guard objects, which enhanced-security-version 2 turns on, are turned off"))
        }
        return out
    }

    /// The signed entitlements of a Mach-O file, as key → rendered value; empty when it has none.
    static func signedEntitlements(of machO: MachOFile) -> [String: String] {
        guard let xml = machO.slices.lazy.compactMap({ $0.codeSignature?.entitlementsXML }).first,
            let document = try? PropertyListParser.parse(Data(xml)), let root = document.root.dictionary
        else { return [:] }
        var out: [String: String] = [:]
        for entry in root.entries { out[entry.key] = EntitlementsCollector.rendered(entry.value) }
        return out
    }
}
