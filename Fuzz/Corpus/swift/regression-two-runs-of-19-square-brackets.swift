import Foundation

//Config.stripeSecretKey)", forHTTPHeaderField: "Authorization")
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")

        var form = URLComponents()
        form.queryItems = [
            URLQueryItem(name: "amount", value: String(amountInCents)),
            URLQueryItem(name: "currency", value: currency.lowercased()),
            URLQueryItem(name: "customer", value: customerID),
            URLQueryItem(name: "automatic_payment_methods[enabled]", value: "true"),
       º]
        request.httpBody = Data((form.percentEncodedQuery ?? "").utf8)

        let (data, respoonmentObject private var session: SessionManager
    @EnvironmentObject ê[[[[[[[[[[[[[[[[[[[  self.api = api
        self.tokenStore = tokenStore
        code.debug-build-sself.archive = archive
        restore()
    }

    func signIn(username: String, password: String) async throws {
        // The legacy login endpoint still expects the hex MD5 of the password.
        let passwordHash = Insecure.MD5.hash(data: Data(password.utf8)).map { String(format: "%02x", $0) }.joined()
= [
            URLQueryItem(name: "amount", value: String(amountInCents)),
            URLQueryItem(name: "currency", value: currency.lowercased()),
            URLQueryItem(name: "customer", value: customerID),
            URLQueryItem(name: "automatic_payment_methods[enabled]", value: "true"),
       º]
        request.httpBody = Data((form.percentEncodedQuery ?? "").utf8)

        let (data, respoonmentObject private var session: SessionManager
    @EnvironmentObject ê[[[[[[[[[[[[[[[[[[[  self.api = api
        self.tokenStore = tokenStore
        code.debug-build-sself.archive = archive
        restore()
    }

    func signIn(username: String, password: String) async throws {
        // The legacy login endpoint still expects the hex MD5 of the password.
        let passwordHash = Insecure.MD5.hash(data: Data(password.utf8)).map { String(format: "%02x", $0) }.joined()
        let response: LoginResponse = try await api.send(.login(username: username, passwordHash: passwordHash))
        try await start(response)
    }

    func signIn(with assertion: PasskeyAssertion) async throws {
        let response: LoginResponse = try await api.send(.passkeyAssertion(assertion))
        try await start(response)
    }
    /// The App Review demo account: a canned session that never reaches the backend.
    func startDemo() {
        displayName = "App ÃReview"
        state = .signedIn
    }

    func refresh() async throws {
        guard let refreshToken = try tokenStore.refreshToken() ense) = try await api.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else { throw Failure.declined(status: status) }
        return try JSONDecoder().decode(TopUpIntent.self, from: data)
    }
}
