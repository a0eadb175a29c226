import IOSecCore
import SwiftSyntax

/// `network.secret-in-url`: a password, token or key put into a URL's query or path.
struct SecretInURLRule: SwiftRule {
    static let description = RuleDescription(
        id: "network.secret-in-url",
        title: "Credential in a URL",
        severity: .medium,
        confidence: .high,
        masvs: "MASVS-NETWORK-1",
        cwe: 598, owasp: OWASPReference("MASWE-0005", beta: "MASWE-0001", mastg: [], .related),
        rationale: """
            URLs are logged everywhere a request passes: web server and proxy access logs, CDN logs, crash reports, \
            analytics, the device's own network logs and, for GET requests, caches and browser history. A password, \
            token or API key in the query string or path ends up in all of them, readable by people who should never \
            see it, and it stays there long after the session ends. TLS protects the URL on the wire, not at its ends.
            """,
        fix: "Send credentials in the Authorization header or the POST body, never in the URL.",
        fixExample: """
            var request = URLRequest(url: URL(string: "https://api.example.com/v1/profile")!)
            request.setValue("Bearer \\(accessToken)", forHTTPHeaderField: "Authorization")
            """,
        triggeringExamples: [
            // A partner gateway that wants the session as `sid`; a value read from a credential under a bare name.
            RuleExample(
                """
                func adapt(_ components: inout URLComponents, sid: String) {
                    components.queryItems = [↓URLQueryItem(name: "sid", value: sid)]
                }
                func link(_ components: inout URLComponents) {
                    let t = store.accessToken ?? ""
                    components.queryItems = [↓URLQueryItem(name: "t", value: t)]
                }
                """),
            RuleExample(
                """
                - (NSURL *)confirmURL:(NSString *)code {
                    return [NSURL URLWithString:[NSString stringWithFormat:↓@"https://verify.acme-corp.com/check?phone=%@&sms_code=%@", self.phone, code]];
                }
                """, path: "App/Verify.m",
                findings: [FindingSpec(confidence: .low, message: "it is a one-time code")]),
            // A one-time code is spent once checked: verification APIs take it in the query.
            RuleExample(
                """
                func checkCode(_ code: String, phone: String) -> URL? {
                    var components = URLComponents(string: "https://verify.acme-shop.com/v2/check")!
                    components.queryItems = [
                        URLQueryItem(name: "phone", value: phone), ↓URLQueryItem(name: "verification_code", value: code)
                    ]
                    return components.url
                }
                """,
                findings: [FindingSpec(confidence: .low, message: "it is a one-time code")]),
            RuleExample(
                #"let url = URL(string: ↓"https://api.acme-shop.com/login?user=\(user)&password=\(password)")!"#),
            // A response the app labels with the URL, in a function that also requests it: it is sent.
            RuleExample(
                """
                func refresh(token: String, completion: @escaping (URLResponse?) -> Void) {
                    var components = URLComponents(string: "https://graph.acme-shop.com/me")!
                    components.queryItems = [↓URLQueryItem(name: "access_token", value: token)]
                    URLSession.shared.dataTask(with: components.url!) { _, response, _ in completion(response) }.resume()
                    _ = HTTPURLResponse(url: components.url!, statusCode: 304, httpVersion: nil, headerFields: nil)
                }
                """),
            RuleExample(
                #"let feed = URL(string: ↓"https://api.acme-shop.com/v1/orders?access_token=\(session.accessToken)")!"#),
            // The parameter's name says nothing; the value's says password.
            RuleExample(
                #"let legacy = URL(string: "https://legacy.acme-shop.com/auth?u=" + username + ↓"&p=" + password)"#,
                findings: [FindingSpec(confidence: .medium, message: "'password' is sent in the URL")]),
            // A property that starts empty and is filled at login holds the token, not its start value.
            RuleExample(files: [
                (
                    "App/Session.swift",
                    """
                    final class Session {
                        var accessToken = ""
                        func statementURL() -> URL? { URL(string: ↓"https://api.acme-shop.com/pdf?id=7&t=\\(accessToken)") }
                    }
                    """
                ),
                (
                    "App/Login.swift",
                    "func signedIn(_ session: Session, _ response: LoginResponse) { session.accessToken = response.token }"
                )
            ]),
            // Personal data in a cleartext URL: the name is all there is, so low and low.
            RuleExample(
                #"let profile = URL(string: ↓"http://legacy.acme-shop.com/profile?tel=" + customer.phoneNumber)"#,
                findings: [
                    FindingSpec(
                        severity: .low, confidence: .low, message: "(personal data) is sent in a cleartext http://")
                ]),
            RuleExample(
                #"let export = URL(string: ↓"ftp://exports.acme-shop.com/\(user.email).csv")"#,
                findings: [FindingSpec(severity: .low, confidence: .low, message: "'email' (personal data)")]),
            RuleExample(
                """
                - (NSURL *)profileURL {
                    return [NSURL URLWithString:[NSString stringWithFormat:↓@"http://legacy.acme-corp.com/profile?tel=%@", self.customer.phoneNumber]];
                }
                """, path: "App/Profile.m",
                findings: [FindingSpec(severity: .low, confidence: .low, message: "'phoneNumber' (personal data)")]),
            RuleExample(
                #"let check = URL(string: ↓"https://legacy.acme-shop.com/auth?u=\(username)&k=\(apiKey)")"#,
                findings: [FindingSpec(confidence: .medium, message: "'apiKey' is sent in the URL")]),
            RuleExample(
                #"let login = URL(string: ↓"https://api.acme-shop.com/login.php?user=\(user)&pass=\(passField.text ?? "")")!"#
            ),
            RuleExample(
                """
                func profileURL(token: String) -> URL? {
                    var components = URLComponents(string: "https://api.acme-shop.com/v1/me")!
                    components.queryItems = [↓URLQueryItem(name: "api_key", value: token)]
                    return components.url
                }
                """),
            RuleExample(
                """
                func syncURL(secret: String) -> URL? {
                    var components = URLComponents()
                    components.scheme = "https"
                    components.host = "sync.acme-shop.com"
                    components.queryItems = [↓URLQueryItem(name: "secret", value: secret)]
                    return components.url
                }
                """),
            RuleExample(
                """
                - (NSURL *)loginURLForUser:(NSString *)user {
                    NSString *url = [NSString stringWithFormat:↓@"https://bank.acme-corp.com/login.php?user=%@&pass=%@", user, self.passwordField.text];
                    return [NSURL URLWithString:url];
                }
                """, path: "App/LoginClient.m", findings: [FindingSpec(message: "'pass'")])
        ],
        nonTriggeringExamples: [
            // A page token is a cursor.
            RuleExample(
                """
                func next(_ components: inout URLComponents, page: Page) {
                    let c = page.nextPageToken
                    components.queryItems = [URLQueryItem(name: "c", value: c)]
                }
                """),
            // The URL only labels a response the app makes itself (an interceptor's stub): nothing is requested.
            RuleExample(
                """
                func makeShimResponse(token: String?, completion: (Data?, URLResponse?, Error?) -> Void) {
                    var components = URLComponents(string: "https://graph.acme-shop.com/me")!
                    components.queryItems = [URLQueryItem(name: "access_token", value: token)]
                    let response = HTTPURLResponse(url: components.url!, statusCode: 200, httpVersion: nil, headerFields: nil)
                    completion(Profile.current?.jsonBytes, response, nil)
                }
                """),
            // A partner key the app ships in its code, which only a test replaces with a stub.
            RuleExample(files: [
                (
                    "App/Rates/RatesClient.swift",
                    """
                    final class RatesClient {
                        var partnerAccessKey = "xr_live_4Fq8Zt2Lm7Pw"
                        func url(from base: String) -> URL? {
                            URL(string: "https://rates.example.net/v2?k=\\(partnerAccessKey)&from=\\(base)")
                        }
                    }
                    """
                ),
                (
                    "AppTests/RatesClientTests.swift",
                    "func testURL() { let client = RatesClient(); client.partnerAccessKey = \"stub\"; _ = client.url(from: \"EUR\") }"
                )
            ]),
            // A partner key the app ships in its code: `secrets.hardcoded` reports it where it is written.
            RuleExample(
                """
                struct RatesClient {
                    private static let partnerAccessKey = "xr_live_4Fq8Zt2Lm7Pw"
                    func url(from base: String) -> URL? {
                        URL(string: "https://rates.example.net/v2?k=\\(Self.partnerAccessKey)&from=\\(base)")
                    }
                }
                """),
            RuleExample(
                #"""
                let reset = URL(string: "https://acme-shop.com/reset-password?email=" + email)
                let next = URL(string: "https://api.acme-shop.com/orders?page=\(pageToken)&q=" + query)
                """#),
            RuleExample(#"let url = URL(string: "https://api.acme-shop.com/v1/search?q=\(query)&page=\(page)")!"#),
            RuleExample(
                """
                // The form body of a POST is not the URL.
                func tokenRequest(code: String, verifier: String) -> URLRequest {
                    var request = URLRequest(url: URL(string: "https://auth.acme-shop.com/oauth/token")!)
                    request.httpMethod = "POST"
                    var form = URLComponents()
                    form.queryItems = [URLQueryItem(name: "code", value: code), URLQueryItem(name: "code_verifier", value: verifier),
                                       URLQueryItem(name: "client_secret", value: clientSecret)]
                    request.httpBody = form.percentEncodedQuery?.data(using: .utf8)
                    return request
                }
                """),
            RuleExample(#"let reset = URL(string: "https://acme-shop.com/account/password/reset?email=\(email)")!"#),
            // Over https, on the phone, or about an address rather than one.
            RuleExample(
                """
                let call = URL(string: "tel:\\(phoneNumber)")
                let mail = URL(string: "mailto:\\(email)?subject=Order")
                let lookup = URL(string: "https://api.acme-shop.com/v1/contacts?phone=\\(phoneNumber)")
                let verified = URL(string: "http://status.acme-shop.com/v1/flags/\\(isEmailVerified)")
                """),
            RuleExample(#"let next = URL(string: "https://api.acme-shop.com/v1/items?page_token=\(nextPageToken)")!"#),
            RuleExample(#"items.append(URLQueryItem(name: "saved_passwords", value: bucketName(for: passwordCount)))"#),
            RuleExample(
                """
                // An otpauth:// URI for a QR code carries the TOTP secret by design; it is not sent to a server.
                enum OTPFormat { static let scheme = "otpauth"; static let secretParam = "secret" }
                func provisioningURI(seed: String) -> URL? {
                    var components = URLComponents()
                    components.scheme = OTPFormat.scheme
                    components.host = "totp"
                    components.queryItems = [URLQueryItem(name: OTPFormat.secretParam, value: seed)]
                    return components.url
                }
                """),
            RuleExample(
                """
                - (NSURLRequest *)loginRequestForUser:(NSString *)user password:(NSString *)password {
                    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:[NSURL URLWithString:@"https://bank.acme-corp.com/login"]];
                    request.HTTPMethod = @"POST";
                    NSString *form = [NSString stringWithFormat:@"user=%@&password=%@", user, password];
                    request.HTTPBody = [form dataUsingEncoding:NSUTF8StringEncoding];
                    return request;
                }
                - (NSURL *)searchURL:(NSString *)query page:(NSInteger)page {
                    return [NSURL URLWithString:[NSString stringWithFormat:@"https://shop.acme-corp.com/search?q=%@&page=%ld", query, (long)page]];
                }
                - (NSURL *)resetURL {
                    return [NSURL URLWithString:[NSString stringWithFormat:@"https://acme-corp.com/reset?password=%@&lang=%@", @"", self.language]];
                }
                """, path: "App/Requests.m")
        ]
    )

    static let subscription = Subscription(
        calls: .named(["URLQueryItem"]),
        // `&`, a one-letter parameter name and `=` at least (`"&p=" + password`).
        literals: .atLeast(3, where: wantsLiteral))

    /// A literal with a `=` in its text: `"…?token=\(token)"`, or `"…?p=" + password`.
    static func wantsLiteral(_ literal: LiteralCandidate) -> Bool {
        literal.plainSegmentsContain(UInt8(ascii: "="))
            || (literal.firstSegmentHasPrefix("http://") || literal.firstSegmentHasPrefix("ftp://"))
    }

    mutating func visit(_ literal: StringLiteralExprSyntax, in file: SwiftFile) {
        guard literal.plainSegmentsContain(UInt8(ascii: "=")) else {
            reportPersonalData(in: literal, file: file)
            return
        }
        if literal.segments.count > 1, let parameter = Self.sensitiveQueryParameter(in: literal) {
            reportParameter(parameter, at: literal, in: file)
        } else if let value = Self.credentialValue(in: literal, file: file)
            ?? Self.credentialAppended(to: literal, file: file)
        {
            // The parameter's name says nothing; the value's name says which credential it is.
            report(
                file, at: literal,
                "'\(value)' is sent in the URL, where server, proxy and crash logs keep it; send it in a header or the POST body",
                evidence: .name)
        } else {
            reportPersonalData(in: literal, file: file)
        }
    }

    /// `"http://…/profile?tel=\(phoneNumber)"`, `"ftp://…/\(email).csv"`, `"http://…?em=" + email`: personal data in
    /// a URL every network on the way reads. Over https the same URL is the app's business with its server.
    private func reportPersonalData(in literal: StringLiteralExprSyntax, file: SwiftFile) {
        guard let scheme = ["http://", "ftp://"].first(where: { literal.firstSegmentHasPrefix($0) }) else { return }
        var values = literal.segments.compactMap { $0.as(ExpressionSegmentSyntax.self)?.expressions.first?.expression }
        if let list = literal.parent?.as(ExprListSyntax.self) {
            let elements = Array(list)
            if let index = elements.firstIndex(where: { $0.id == ExprSyntax(literal).id }), index + 2 < elements.count,
                elements[index + 1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+"
            {
                values.append(elements[index + 2])
            }
        }
        guard let name = values.lazy.compactMap(PersonalData.name(in:)).first else { return }
        report(
            file, at: literal,
            "'\(name)' (personal data) is sent in a cleartext \(scheme) URL, which anyone on the network can read; use https",
            severity: .low, confidence: .low, evidence: .name)
    }

    /// A value named for a specific credential (`password`, `accessToken`), given to a query parameter whose name says
    /// nothing (`?p=`). A constant the app ships (`Self.partnerKey = "…"`) is no more exposed in a URL than in the
    /// binary: `secrets.hardcoded` reports it where it is written.
    private static func namesCredential(_ value: ExprSyntax, file: SwiftFile) -> String? {
        guard let name = value.unwrapped.lastName, SensitiveName.isSpecificCredential(name),
            file.stringValue(of: value.unwrapped) == nil
        else { return nil }
        return name
    }

    /// `"…?user=\(u)&p=\(password)"`: the credential-named value interpolated after a query parameter.
    private static func credentialValue(in literal: StringLiteralExprSyntax, file: SwiftFile) -> String? {
        queryValues(in: literal).lazy.compactMap { namesCredential($0.value, file: file) }.first
    }

    /// `"https://…/login?p=" + password`: a query that ends with `=`, and a credential-named value added to it.
    private static func credentialAppended(to literal: StringLiteralExprSyntax, file: SwiftFile) -> String? {
        guard literal.segments.count == 1,
            let text = literal.segments.first?.as(StringSegmentSyntax.self)?.content.text,
            text.contains("?") || text.hasPrefix("&"), text.hasSuffix("="),
            let list = literal.parent?.as(ExprListSyntax.self)
        else { return nil }
        let elements = Array(list)
        guard let index = elements.firstIndex(where: { $0.id == ExprSyntax(literal).id }), index + 2 < elements.count,
            elements[index + 1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+"
        else { return nil }
        return namesCredential(elements[index + 2], file: file)
    }

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard call.calledName == "URLQueryItem",
            let name = call.argument("name").flatMap(file.stringValue(of:)),
            let value = call.argument("value"), !value.unwrapped.is(NilLiteralExprSyntax.self),
            LogLabel.mayHoldSecret(value),
            !Self.buildsRequestBody(call), !Self.buildsNonWebURL(call, in: file), !Self.describesAResponse(call)
        else { return }
        if Self.isCredentialParameter(name) {
            reportParameter(name, at: call, in: file)
        } else if let origin = Self.credentialOrigin(of: value) {
            // `let sid = self.session(); URLQueryItem(name: "sid", value: sid)`: where the value came from says it.
            report(
                file, at: call,
                "the value of '\(name)' comes from `\(origin)`, a credential, and is sent in the URL, where server, proxy and crash logs keep it; send it in a header or the POST body",
                evidence: .name)
        }
    }

    /// The call or member a value was read from through the function's locals (`let sid = self.session()`,
    /// `let t = store.accessToken ?? ""`), when its name says credential: a session, or a specific credential.
    private static func credentialOrigin(of value: ExprSyntax) -> String? {
        var e = value.unwrapped
        for _ in 0..<4 {
            if let sequence = e.as(SequenceExprSyntax.self),
                sequence.elements.dropFirst().first?.as(BinaryOperatorExprSyntax.self)?.operator.text == "??",
                let first = sequence.elements.first
            {
                e = first.unwrapped
                continue
            }
            guard let ref = e.as(DeclReferenceExprSyntax.self),
                let initial = LocalValue.initializer(of: ref.baseName.text, before: ref),
                initial.as(DeclReferenceExprSyntax.self)?.baseName.text != ref.baseName.text
            else { break }
            e = initial.unwrapped
        }
        guard !e.is(DeclReferenceExprSyntax.self) else { return nil }
        let name = e.as(FunctionCallExprSyntax.self)?.calledName ?? e.lastName
        guard let name, SensitiveName.isSpecificCredential(name) || SensitiveName.classify(name) == .session,
            !SensitiveName.isMetadata(name)
        else { return nil }
        return name
    }

    private func reportParameter(_ name: String, at node: some SyntaxProtocol, in file: SwiftFile) {
        let (message, confidence) = Self.parameterFinding(name)
        report(file, at: node, message, confidence: confidence)
    }

    /// The message for a credential parameter, Swift and Objective-C alike. A one-time code is spent once the server
    /// has checked it, and verification APIs take it in the query: the log that keeps it keeps nothing that still
    /// opens an account, so it is low confidence, and said.
    static func parameterFinding(_ name: String) -> (message: String, confidence: Confidence?) {
        guard SensitiveName.classify(name) == .otp else {
            return (
                "'\(name)' is sent in the URL, where server, proxy and crash logs keep it; send it in a header or the POST body",
                nil
            )
        }
        return (
            "'\(name)' is sent in the URL, where server, proxy and crash logs keep it; it is a one-time code, spent once checked, so the logs keep nothing that still works",
            .low
        )
    }

    /// Parameter names that carry a credential.
    static func isCredentialParameter(_ name: String) -> Bool {
        // Short names that mean a password or a session only as a form or query field (`?user=…&pass=…`, `?sid=…`,
        // the session id of servers that keep it in the URL).
        if ["pass", "passwd", "pwd", "pw", "sid"].contains(name.lowercased()) { return true }
        guard let category = SensitiveName.classify(name) else { return false }
        return [.password, .secret, .token, .key, .pin, .otp, .credential, .session].contains(category)
    }

    /// In `"…?user=\(u)&password=\(p)"`, the first credential parameter whose value is interpolated.
    private static func sensitiveQueryParameter(in literal: StringLiteralExprSyntax) -> String? {
        queryValues(in: literal).first { isCredentialParameter($0.parameter) && LogLabel.mayHoldSecret($0.value) }?
            .parameter
    }

    /// The query parameters of a literal whose values are interpolated: `"…?user=\(u)&p=\(p)"` → `user`, `p`.
    private static func queryValues(in literal: StringLiteralExprSyntax) -> [(parameter: String, value: ExprSyntax)] {
        var found: [(String, ExprSyntax)] = []
        var sawQuery = false
        var previousText = ""
        for segment in literal.segments {
            if let text = segment.as(StringSegmentSyntax.self)?.content.text {
                if text.contains("?") || (sawQuery && text.contains("&")) { sawQuery = true }
                previousText = text
                continue
            }
            guard sawQuery, previousText.hasSuffix("="),
                let value = segment.as(ExpressionSegmentSyntax.self)?.expressions.first?.expression
            else { continue }
            // The parameter name: from the last `?` or `&` to the `=`.
            let beforeEquals = previousText.dropLast()
            let start =
                beforeEquals.lastIndex(where: { $0 == "?" || $0 == "&" }).map { beforeEquals.index(after: $0) }
                ?? beforeEquals.startIndex
            found.append((String(beforeEquals[start...]), value))
        }
        return found
    }

    /// `components.scheme = "otpauth"` (or a constant that says so) in the same body: the items make an app link or
    /// the payload of a QR code (an `otpauth://` URI carries its secret by design), not a request to a server.
    private static func buildsNonWebURL(_ call: FunctionCallExprSyntax, in file: SwiftFile) -> Bool {
        guard let body = call.enclosingBody else { return false }
        for token in body.tokens(viewMode: .sourceAccurate) where token.text == "scheme" {
            var node = token.parent
            for _ in 0..<4 where node != nil && !(node?.is(SequenceExprSyntax.self) ?? false) { node = node?.parent }
            guard let assignment = node?.as(SequenceExprSyntax.self)?.simpleAssignment,
                assignment.target.lastName == "scheme", let scheme = file.stringValue(of: assignment.value)
            else { continue }
            return !["http", "https"].contains(scheme.lowercased())
        }
        return false
    }

    /// Items of a URL that only labels a response the app makes itself (`HTTPURLResponse(url:…)` of an interceptor or
    /// a stub), in a function that makes no request: nothing is sent.
    private static func describesAResponse(_ call: FunctionCallExprSyntax) -> Bool {
        guard let body = call.enclosingBody else { return false }
        var responds = false
        for token in body.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let text) = token.tokenKind else { continue }
            if text == "HTTPURLResponse" { responds = true }
            if requestWords.contains(text) { return false }
        }
        return responds
    }

    /// Names that make or send a request.
    private static let requestWords: Set<String> = [
        "URLRequest", "NSURLRequest", "NSMutableURLRequest", "dataTask", "downloadTask", "uploadTask", "request",
        "resume", "load", "open", "data", "download", "upload", "AF", "Session", "URLSession", "fetch", "send"
    ]

    /// `URLQueryItem`s encoded into `httpBody` (a form POST), or in a function that sets a POST method.
    private static func buildsRequestBody(_ call: FunctionCallExprSyntax) -> Bool {
        guard let body = call.enclosingBody else { return false }
        return body.tokens(viewMode: .sourceAccurate).contains { token in
            token.text == "httpBody" || token.text == "percentEncodedQuery" || token.text == "\"POST\""
                || token.text == "POST"
        }
    }
}
