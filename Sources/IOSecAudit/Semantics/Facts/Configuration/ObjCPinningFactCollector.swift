import IOSecCore

/// Records, for `network.pinning-missing`, pinning done in Objective-C: TrustKit, AFNetworking's pinning modes, or a
/// file that evaluates a server trust, takes keys or certificates out of it and compares them. Without it, an app that
/// pins in a `.m` file and calls URLSession from Swift was told it pins nothing. Test code records nothing.
enum ObjCPinningFactCollector: ArtifactFactCollector {
    static let fileKinds: Set<FileKind> = [.objc]

    static let libraries: [String: String] = [
        "TrustKit": "TrustKit", "TSKPinningValidator": "TrustKit", "kTSKPublicKeyHashes": "TrustKit",
        "AFSSLPinningModePublicKey": "AFNetworking", "AFSSLPinningModeCertificate": "AFNetworking"
    ]
    static let evaluations: Set<String> = ["SecTrustEvaluateWithError", "SecTrustEvaluate"]
    static let comparisons: Set<String> = [
        "isEqual:", "isEqualToData:", "containsObject:", "member:", "intersectsSet:", "isSubsetOfSet:"
    ]

    static func collect(_ file: ArtifactFile) -> [Diagnostic] {
        let source = file.objc
        for name in libraries.keys.sorted() {
            guard let index = source.occurrences(of: name).first else { continue }
            let token = source.tokens[index]
            file.record(kind: FactKind.pinningInCode, value: libraries[name]!, line: token.line, column: token.column)
            return []
        }
        guard let evaluation = evaluations.lazy.compactMap({ source.occurrences(of: $0).first }).first,
            NetworkCollector.extractions.contains(where: source.mentions),
            source.sends.contains(where: { comparisons.contains($0.selector) })
        else { return [] }
        let token = source.tokens[evaluation]
        file.record(kind: FactKind.pinningInCode, value: "delegate", line: token.line, column: token.column)
        return []
    }
}
