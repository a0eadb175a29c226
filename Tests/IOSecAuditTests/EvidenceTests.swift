import Foundation
import Testing

@testable import IOSecAudit

/// What a finding rests on decides how high it may be rated, and a traced flow is shown in every report format.
@Suite struct EvidenceTests {
    static let flowCode = """
        import KeychainAccess

        final class SessionCache {
            func remember() {
                let keychain = Keychain(service: "com.example.notes")
                let token = try? keychain.get("session")
                UserDefaults.standard.set(token, forKey: "cachedSession")
            }

            func rememberHint(password: String, token: String) {
                UserDefaults.standard.set(password, forKey: "hint")
                print("connected with \\(token)")
            }

            func find(owner: String) {
                let sql = "SELECT * FROM notes WHERE owner = '\\(owner)'"
                sqlite3_exec(db, sql, nil, nil, nil)
            }
        }
        """

    static func result(minimumConfidence: Confidence = .low) -> ScanResult {
        var options = ScanOptions(jobs: 1)
        options.minimumConfidence = minimumConfidence
        let analysis = SourceAnalysis.analyze(
            flowCode, path: "App/SessionCache.swift",
            rules: RuleSet.all.only(["storage.userdefaults-secret", "storage.log-sensitive", "code.sql-injection"]),
            options: options)
        var result = ScanResult(
            root: "/tmp/Project", findings: analysis.findings, diagnostics: [], filesScanned: 1, bytesScanned: 1,
            durationSeconds: 0.1)
        result.hiddenByConfidence = analysis.hiddenByConfidence
        return result
    }

    @Test func aNameAloneIsAtMostMediumInSeverityAndConfidence() {
        let finding = Finding(
            ruleId: "r", severity: .critical, confidence: .high, title: "", message: "", file: "a.swift", line: 1,
            column: 1, endLine: 1, endColumn: 2, snippet: "", masvs: "", cwe: 0, fix: "", evidence: .name)
        #expect(finding.severity == .medium)
        #expect(finding.confidence == .medium)
        let logged = Finding(
            ruleId: "r", severity: .high, confidence: .low, title: "", message: "", file: "a.swift", line: 1,
            column: 1, endLine: 1, endColumn: 2, snippet: "", masvs: "", cwe: 0, fix: "", evidence: .name)
        #expect(logged.confidence == .low)
        let resolved = Finding(
            ruleId: "r", severity: .critical, confidence: .high, title: "", message: "", file: "a.swift", line: 1,
            column: 1, endLine: 1, endColumn: 2, snippet: "", masvs: "", cwe: 0, fix: "", evidence: .value)
        #expect(resolved.severity == .critical)
        #expect(resolved.confidence == .high)
    }

    @Test func aKeychainValueWrittenToUserDefaultsIsAFlowWithItsSteps() throws {
        let findings = Self.result().findings
        let flow = try #require(findings.first { $0.ruleId == "storage.userdefaults-secret" && $0.line == 7 })
        #expect(flow.evidence == .flow)
        #expect(flow.severity == .high)
        #expect(flow.flow.map(\.line) == [6, 6, 7])
        #expect(flow.flow.map(\.note) == ["read from the Keychain", "assigned to `token`", "written to UserDefaults"])
        let named = try #require(findings.first { $0.ruleId == "storage.userdefaults-secret" && $0.line == 11 })
        #expect(named.evidence == .name)
        #expect(named.severity == .medium)
        #expect(named.flow.isEmpty)
    }

    @Test func sqlInjectionShowsWhereTheValueCameFrom() throws {
        let sql = try #require(Self.result().findings.first { $0.ruleId == "code.sql-injection" })
        #expect(sql.evidence == .api)
        #expect(sql.flow.map(\.line) == [15, 16, 16, 17])
        #expect(sql.flow.first?.note == "parameter `owner` of `find`: what its callers pass")
        #expect(sql.flow.last?.note == "run as SQL by `sqlite3_exec`")
    }

    @Test func textJSONAndHTMLShowTheSteps() throws {
        let result = Self.result()
        let text = TextReporter().render(result)
        #expect(text.contains("      flow: App/SessionCache.swift:6  read from the Keychain\n"))
        #expect(text.contains("            App/SessionCache.swift:7  written to UserDefaults\n"))
        #expect(text.contains("      evidence: a name only (low confidence)\n"))

        let json = try #require(
            JSONSerialization.jsonObject(with: Data(JSONReporter().render(result).utf8)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        let flowFinding = try #require(findings.first { ($0["evidence"] as? String) == "flow" })
        let steps = try #require(flowFinding["flow"] as? [[String: Any]])
        #expect(steps.map { $0["line"] as? Int } == [6, 6, 7])
        #expect(steps.first?["file"] as? String == "App/SessionCache.swift")

        let html = HTMLReporter().render(result)
        #expect(
            html.contains(
                "<ol class=\"flow\"><li><span class=\"loc\">App/SessionCache.swift:6</span> read from the Keychain</li>"
            ))
    }

    @Test func sarifWritesCodeFlowsGitHubShows() throws {
        let result = Self.result()
        let doc = try #require(
            JSONSerialization.jsonObject(with: Data(SARIFReporter().render(result).utf8)) as? [String: Any])
        let results = try #require(((doc["runs"] as? [[String: Any]])?.first)?["results"] as? [[String: Any]])
        let flowResult = try #require(
            results.first { $0["codeFlows"] != nil && $0["ruleId"] as? String == "storage.userdefaults-secret" })
        #expect((flowResult["properties"] as? [String: Any])?["evidence"] as? String == "flow")
        let codeFlows = try #require(flowResult["codeFlows"] as? [[String: Any]])
        let threadFlows = try #require(codeFlows.first?["threadFlows"] as? [[String: Any]])
        let locations = try #require(threadFlows.first?["locations"] as? [[String: Any]])
        #expect(locations.count == 3)
        let first = try #require(locations.first?["location"] as? [String: Any])
        #expect((first["message"] as? [String: Any])?["text"] as? String == "read from the Keychain")
        let region = ((first["physicalLocation"] as? [String: Any])?["region"] as? [String: Any])
        #expect(region?["startLine"] as? Int == 6)
        // Findings without a flow have no codeFlows at all, not an empty one.
        #expect(results.contains { $0["codeFlows"] == nil })
    }

    @Test(
        .enabled(
            if: GitLabSchema.hasJSONSchema && FileManager.default.fileExists(atPath: GitLabSchema.sarifSchema),
            "needs ../shared/reference/sarif-schema-2.1.0.json and Python's jsonschema (.ci/run installs it)"))
    func sarifWithCodeFlowsValidates() throws {
        let tree = TemporaryTree()
        let report = tree.write("iosec.sarif", SARIFReporter().render(Self.result()))
        let run = try GitLabSchema.python([GitLabSchema.script.path, "sarif", report, GitLabSchema.sarifSchema])
        #expect(run.status == 0, "\(run.output)")
    }

    @Test func minimumConfidenceLeavesOutLowConfidenceNamesAndCountsThem() throws {
        let all = Self.result()
        let gated = Self.result(minimumConfidence: .medium)
        // A generic name in a log line is low confidence; a secret's name on a value written to UserDefaults is medium.
        let logged = try #require(all.findings.first { $0.ruleId == "storage.log-sensitive" })
        #expect(logged.evidence == .name && logged.confidence == .low)
        let stored = try #require(all.findings.first { $0.ruleId == "storage.userdefaults-secret" && $0.line == 11 })
        #expect(stored.evidence == .name && stored.confidence == .medium)
        #expect(!gated.findings.contains { $0.ruleId == "storage.log-sensitive" })
        #expect(gated.findings.contains { $0.ruleId == "storage.userdefaults-secret" && $0.line == 11 })
        #expect(gated.findings.count == all.findings.count - 1)
        #expect(gated.hiddenByConfidence == 1)
        #expect(TextReporter().summary(gated).contains("1 low-confidence finding not shown (--min-confidence low)"))
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(JSONReporter().render(gated).utf8)) as? [String: Any])
        #expect((json["summary"] as? [String: Any])?["notShownBelowConfidence"] as? Int == 1)
    }

    @Test func findingsWrittenBeforeEvidenceStillRead() throws {
        let old = """
            {"ruleId":"r","severity":"high","confidence":"high","title":"t","message":"m","file":"a.swift","line":1,
             "column":1,"endLine":1,"endColumn":2,"snippet":"","masvs":"","cwe":0,"fix":"","suppressed":false,
             "context":"app"}
            """
        let finding = try JSONDecoder().decode(Finding.self, from: Data(old.utf8))
        #expect(finding.evidence == .api)
        #expect(finding.flow.isEmpty)
        #expect(finding.severity == .high)
    }

    /// Summaries of hostile code end: two thousand overloads of one helper, helpers that call each other, a parameter
    /// passed round in a cycle. The file is analysed within its time limit (no diagnostic) and the real flow is found.
    @Test func hostileSummariesEndWithinTheFileLimit() throws {
        var code = "import Foundation\n"
        for k in 0..<2_000 { code += "func relay(_ x: String, _ n\(k): Int) -> String { relay(x, n\(k)) }\n" }
        code += """
            func ping(_ text: String) -> String { pong(text) }
            func pong(_ text: String) -> String { ping(text) }
            func cycle(_ sql: String) { cycle(sql); sqlite3_exec(db, sql, nil, nil, nil) }
            func start(_ feed: URL) throws {
                let remote = try String(contentsOf: feed)
                sqlite3_exec(db, ping(remote), nil, nil, nil)
                sqlite3_exec(db, relay(remote, 1), nil, nil, nil)
                cycle(remote)
            }

            """
        let analysis = SourceAnalysis.analyze(
            code, path: "App/Hostile.swift", rules: RuleSet.all.only(["code.sql-injection"]))
        #expect(analysis.diagnostics.isEmpty, "\(analysis.diagnostics)")
        // `cycle`'s parameter is traced back to the caller that passes the downloaded text.
        let cycle = try #require(analysis.findings.first { $0.snippet.hasPrefix("func cycle") })
        #expect(cycle.evidence == .flow)
        #expect(cycle.flow.first?.note == "text read from a URL or file")
    }
}

extension EvidenceTests {
    /// Clauses read through this file's functions end too: a thousand overloads of a clause helper (not known to
    /// be the app's own text, so the SQL is reported), and clause helpers that return each other's result, each judged
    /// once.
    @Test func clauseHelpersOfHostileCodeEnd() throws {
        var code = "import Foundation\n"
        for k in 0..<1_000 { code += "func clause(_ n\(k): Int) -> String { \"id = \\(n\(k))\" }\n" }
        for k in 0..<100 {
            code += "func part\(k)() -> String { \"a = 1 AND \\(part\(k + 1)()) AND \\(part\(k + 2)())\" }\n"
        }
        code += """
            func run() {
                sqlite3_exec(db, "DELETE FROM notes WHERE \\(clause(1))", nil, nil, nil)
                sqlite3_exec(db, "DELETE FROM notes WHERE \\(part0())", nil, nil, nil)
            }

            """
        let analysis = SourceAnalysis.analyze(
            code, path: "App/Clauses.swift", rules: RuleSet.all.only(["code.sql-injection"]))
        #expect(analysis.diagnostics.isEmpty, "\(analysis.diagnostics)")
        #expect(analysis.findings.count == 2)
    }
}

extension EvidenceTests {
    /// A generated function of two thousand locals, each run as SQL, is analysed within the file's time limit: the
    /// body's statements are read once for every name, not once per name.
    @Test func aFunctionOfThousandsOfLocalsEnds() throws {
        var code = "import Foundation\nfunc purge(_ db: OpaquePointer?, _ feed: URL) throws {\n"
        for k in 0..<2_000 {
            code += "    var id\(k) = \"row\(k)\"\n"
            code += "    sqlite3_exec(db, \"DELETE FROM notes WHERE id = '\\(id\(k))'\", nil, nil, nil)\n"
        }
        code += "    let remote = try String(contentsOf: feed)\n"
        code += "    sqlite3_exec(db, \"DELETE FROM notes WHERE id = '\\(remote)'\", nil, nil, nil)\n}\n"
        let analysis = SourceAnalysis.analyze(
            code, path: "App/Generated.swift", rules: RuleSet.all.only(["code.sql-injection"]))
        #expect(analysis.diagnostics.isEmpty, "\(analysis.diagnostics)")
        #expect(analysis.findings.map(\.evidence) == [.flow])
    }

    /// A generated switch of fifteen hundred cases, each binding a script message's body and pasting it into
    /// JavaScript, is analysed within the file's time limit, and each case is a flow: the locals of every case are
    /// read once, however the walk reaches them.
    @Test func aSwitchOfThousandsOfCasesEnds() throws {
        var code = "import WebKit\nfinal class Relay: NSObject, WKScriptMessageHandler {\n"
        code += "    func userContentController(_ c: WKUserContentController, didReceive message: WKScriptMessage) {\n"
        code += "        switch message.name {\n"
        for k in 0..<1_500 {
            code += "        case \"m\(k)\":\n"
            code += "            guard case let v\(k) as String = message.body else { return }\n"
            code += "            let w\(k) = v\(k) + \"!\"\n"
            code += "            web.evaluateJavaScript(\"f\(k)('\\(w\(k))')\")\n"
        }
        code += "        default: break\n        }\n    }\n}\n"
        let analysis = SourceAnalysis.analyze(
            code, path: "App/Relay.swift", rules: RuleSet.all.only(["platform.webview-html-injection"]))
        #expect(analysis.diagnostics.isEmpty, "\(analysis.diagnostics)")
        #expect(analysis.findings.count == 1_500)
        #expect(analysis.findings.allSatisfy { $0.evidence == .flow })
    }
}

extension EvidenceTests {
    /// Locals named through themselves (`let item = item!`, `var path = path ?? path`), handed to every kind of sink
    /// with every rule on: each analysis that follows a local back to its initializer stops, and the file ends
    /// without a diagnostic. Following `let item = item!` once recursed until the thread's stack ran out.
    @Test func localsNamedThroughThemselvesEnd() {
        let shapes = [
            "let {n} = {n}!", "let {n} = {n} ?? {n}", "let {n} = ({n} as? String)", "var {n} = {n}; {n} = {n}",
            "let {n} = {n}.{n}", "let {n} = {n}({n})", "let {n} = try {n}", "let {n} = \"\\({n})\"",
            "guard let {n} = {n} else { return }", "if let {n} = {n} as? Data { _ = {n} }"
        ]
        let sinks = [
            "UserDefaults.standard.set({n}, forKey: \"{n}\")", "print({n})", "sqlite3_exec(db, {n}, nil, nil, nil)",
            "webView.loadHTMLString({n}, baseURL: nil)", "try? FileManager.default.removeItem(atPath: {n})",
            "{n}.password = {n}", "realm.add({n})", "_ = SymmetricKey(data: {n})", "UIApplication.shared.open({n})",
            "request.setValue({n}, forHTTPHeaderField: \"Authorization\")",
            "_ = URL(string: \"http://a.example/?t=\" + {n})"
        ]
        var code = "import CoreData\nfinal class Entry: NSManagedObject { @NSManaged var password: String? }\n"
        var k = 0
        for name in ["password", "token", "path", "item", "url"] {
            for shape in shapes {
                for sink in sinks {
                    k += 1
                    let body = [shape, sink].map { $0.replacingOccurrences(of: "{n}", with: name) }
                    // The shadowed name is a property elsewhere, not a parameter whose type would end the search.
                    code += "func f\(k)() {\n    \(body[0])\n    \(body[1])\n}\n"
                }
            }
        }
        let analysis = SourceAnalysis.analyze(code, path: "App/Shadowing.swift", rules: RuleSet.all)
        #expect(analysis.diagnostics.isEmpty, "\(analysis.diagnostics)")
    }
}
