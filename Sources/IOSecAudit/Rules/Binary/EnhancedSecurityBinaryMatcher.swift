/// `platform.enhanced-security-weakened` in a built app: the entitlements an executable is signed with turn Enhanced
/// Security on and one of its protections off (memory tagging in soft mode, no guard objects, no version).
enum EnhancedSecurityBinaryMatcher: BinaryRule {
    static var description: RuleDescription { EnhancedSecurityWeakenedRule.description }

    static func check(_ binary: BinaryFile) {
        guard binary.role != .library else { return }
        for weakening in EnhancedSecurity.weakenings(EnhancedSecurity.signedEntitlements(of: binary.machO)) {
            binary.report(
                description, evidence: "signed with \(weakening.entitlement)",
                message: "\(binary.name): \(weakening.why)")
        }
    }
}
