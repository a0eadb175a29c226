import IOSecCore

/// `binary.encrypted`: a FairPlay-encrypted binary, as downloaded from the App Store. Its code, strings and much of
/// its symbol data are ciphertext, so the checks that read them cannot see anything: say so, instead of reporting a
/// clean binary.
enum EncryptedBinaryRule: BinaryRule {
    static let description = RuleDescription(
        id: "binary.encrypted",
        title: "Binary is FairPlay-encrypted: string and code checks are limited",
        severity: .info,
        confidence: .high,
        masvs: "MASVS-RESILIENCE-3",
        cwe: 693, owasp: OWASPReference("MASWE-0059", beta: "MASWE-0089", mastg: [], .related),
        outsideChecklist: "a note on what an encrypted build lets iosec see, not a weakness",
        rationale: """
            App Store binaries are encrypted with FairPlay (LC_ENCRYPTION_INFO with a non-zero cryptid). The load \
            commands, imports and signature can still be read, but the C strings and code cannot, so secrets, URLs \
            and Objective-C names in the encrypted range go unseen. Scan the archive (.xcarchive) or an ad-hoc IPA \
            of the same build for a full review.
            """,
        fix: "Scan the unencrypted build (the .xcarchive or an ad-hoc/development IPA) for the string and code checks.",
        fixExample: """
            xcodebuild -scheme Acme -configuration Release archive -archivePath build/Acme.xcarchive
            iosec scan build/Acme.xcarchive
            """,
        triggeringExamples: [], nonTriggeringExamples: [])

    static func check(_ binary: BinaryFile) {
        let encrypted = binary.machO.slices.filter(\.isEncrypted)
        guard !encrypted.isEmpty else { return }
        let archs = BinaryFile.architectures(encrypted)
        binary.report(
            description, evidence: "\(archs): LC_ENCRYPTION_INFO cryptid \(encrypted[0].encryptionInfo?.cryptID ?? 1)",
            message:
                "\(binary.name) (\(archs)) is FairPlay-encrypted: secrets, URLs and Objective-C names in its code could not be checked; scan the unencrypted build"
        )
    }
}
