/// Where the apps and extensions of a scan let cleartext HTTP go, from `FactKind.atsCleartextAllowed`: ATS blocks an
/// `http://` request to any other host, so the request fails rather than going out readable.
struct ATSCleartextPolicy {
    private let seesAppATS: Bool
    private let anyHost: Bool
    private let domains: [(domain: String, subdomains: Bool)]

    init(facts: [Fact]) {
        seesAppATS = facts.contains { $0.kind == FactKind.appInfoPlist }
        var anyHost = false
        var domains: [(String, Bool)] = []
        for fact in facts where fact.kind == FactKind.atsCleartextAllowed {
            if fact.value == "*" {
                anyHost = true
            } else {
                let fields = FactKind.fields(fact.value, count: 2)
                domains.append((fields[0], fields[1] == "sub"))
            }
        }
        self.anyHost = anyHost
        self.domains = domains
    }

    /// Whether some app or extension of the scan lets cleartext go to `host`; nil when the scan holds no app's or
    /// extension's Info.plist (a library, a folder of sources), whose ATS is then unknown.
    func allowsCleartext(to host: String) -> Bool? {
        guard seesAppATS else { return nil }
        if anyHost { return true }
        let host = host.lowercased()
        return domains.contains { host == $0.domain || ($0.subdomains && host.hasSuffix("." + $0.domain)) }
    }
}
