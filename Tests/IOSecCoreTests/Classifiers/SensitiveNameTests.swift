import Testing
@testable import IOSecCore

@Suite struct SensitiveNameTests {
    @Test(arguments: [
        ("authToken", ["auth", "token"]),
        ("API_KEY", ["api", "key"]),
        ("userJWT2", ["user", "jwt", "2"]),
        ("URLSession", ["url", "session"]),
        ("com.app.refresh-token", ["com", "app", "refresh", "token"]),
        ("path/to some_value", ["path", "to", "some", "value"]),
        ("APIKey", ["api", "key"]),
        ("", []),
        ("__", []),
        ("héllo_Wörld", ["héllo", "wörld"])
    ])
    func words(input: String, expected: [String]) {
        #expect(SensitiveName.words(input) == expected)
    }

    static let sensitive: [(String, SensitiveCategory)] = [
        ("password", .password), ("userPassword", .password), ("passwd", .password), ("pwd", .password),
        ("passcode", .password), ("walletPassphrase", .password), ("confirm_password", .password),
        ("secret", .secret), ("clientSecret", .secret), ("CLIENT_SECRET", .secret),
        ("accessToken", .token), ("refreshToken", .token), ("idToken", .token), ("bearer", .token),
        ("jwt", .token), ("userJWT2", .token), ("authToken", .token), ("com.app.refresh-token", .token),
        ("apiKey", .key), ("api_key", .key), ("apikey", .key), ("API_KEY", .key), ("privateKey", .key),
        ("secretKey", .key), ("encryptionKey", .key), ("signingKey", .key), ("accessKey", .key),
        ("masterKey", .key), ("aesKey", .key), ("hmacKey", .key),
        ("credential", .credential), ("credentials", .credential), ("authCode", .credential),
        ("authHeader", .token), ("authorizationHeader", .token), ("Authorization", .token),
        ("sessionId", .session), ("sessionToken", .session), ("sessionKey", .session),
        ("sessionCookie", .session), ("cookie", .session), ("JSESSIONID", .session),
        ("pin", .pin), ("pinCode", .pin), ("userPin", .pin),
        ("otp", .otp), ("oneTimeCode", .otp), ("verificationCode", .otp),
        ("cvv", .card), ("cvc", .card), ("cardNumber", .card), ("creditCard", .card), ("iban", .card),
        ("ssn", .personalID), ("socialSecurityNumber", .personalID),
        ("healthRecords", .health), ("medicalHistory", .health), ("diagnosis", .health),
        ("mnemonic", .secret), ("seedPhrase", .secret)
    ]

    static let notSensitive: [String] = [
        "key", "cacheKey", "forKey", "primaryKey", "sortKey", "keyPath", "publicKey",
        "roomToken", "conversationToken", "signalingSessionId", "peerSessionID",
        "session", "urlSession", "URLSession", "sessionCount", "sessionConfiguration",
        "isPinned", "spinner", "pinned", "pinning", "pinnedCertificates", "certificatePin",
        "tokenizer", "passwordPlaceholderText", "passwordLabel", "passwordField", "isPasswordVisible",
        "hasPassword", "tokenExpiry", "tokenURL", "passwordPolicy", "passwordMinLength",
        "hasSeenOnboarding", "isAuthorized", "author", "authorizationStatus", "requestAuthorization",
        "showPassword", "shouldSaveToken", "accessTokenExpirationDate", "healthCheck", "cardView",
        "cookieName", "statusCode", "countryCode", "seed", "username", "email",
        "failedPasscodeAttempts", "applock-failed-passcode-attempts", "passcodeLockDelay", "pinRetries",
        "OCClassSettingsKeyPasscodeEnforced", ""
    ]

    @Test(arguments: sensitive)
    func sensitiveNames(name: String, category: SensitiveCategory) {
        #expect(SensitiveName.classify(name) == category, "\(name) → \(SensitiveName.words(name))")
        #expect(SensitiveName.isSensitive(name))
    }

    @Test(arguments: notSensitive)
    func nonSensitiveNames(name: String) {
        #expect(SensitiveName.classify(name) == nil, "\(name) → \(SensitiveName.words(name))")
        #expect(!SensitiveName.isSensitive(name))
    }

    @Test func tableIsLargeAndCoversEveryCategory() {
        #expect(Self.sensitive.count + Self.notSensitive.count >= 40)
        let covered = Set(Self.sensitive.map(\.1))
        #expect(covered == Set(SensitiveCategory.allCases))
    }

    /// Answers kept under the built-in vocabulary never stand in for a project's own, in either order.
    @Test func keptAnswersBelongToTheBuiltInVocabulary() {
        let project = SensitiveVocabulary(sensitiveNames: ["vaultCode"], notSensitiveNames: ["authToken"])
        #expect(SensitiveName.classify("userVaultCode") == nil)
        #expect(SensitiveName.classify("authToken") == .token)
        SensitiveVocabulary.$current.withValue(project) {
            #expect(SensitiveName.classify("userVaultCode") == .secret)
            #expect(SensitiveName.classify("authToken") == nil)
            #expect(SensitiveName.classify("refreshToken") == .token)
        }
        #expect(SensitiveName.classify("userVaultCode") == nil)
        #expect(SensitiveName.classify("authToken") == .token)
        #expect(SensitiveName.classify("refreshToken") == .token)
    }

    @Test(.timeLimit(.minutes(2))) func hugeIdentifierIsLinear() {
        let name = String(repeating: "fooBar_", count: 50_000) + "Token"
        #expect(SensitiveName.classify(name) == .token)
    }
}

@Suite struct SensitiveNameFieldAndQualifierTests {
    @Test(arguments: [
        ("passwordTextField", SensitiveCategory.password), ("passField", .password), ("pwField", .password),
        ("cvvField", .card), ("cardField", .card), ("cardNumberTF", .card), ("pinEntry", .pin),
        ("userPassTextField", .password),
        ("codeField", .otp)
    ])
    func inputFieldsNamedForSecrets(name: String, category: SensitiveCategory) {
        #expect(SensitiveName.classifyInputField(name) == category)
    }

    @Test(arguments: [
        "passwordLabel", "cardView", "nameField", "searchField", "passwordHint", "pass", "card", "emailTextField"
    ])
    func fieldsThatAreNot(name: String) {
        #expect(SensitiveName.classifyInputField(name) == nil)
    }

    @Test(arguments: [
        "pushToken", "apnsToken", "deviceToken", "fcmToken", "nextPageToken", "registrationToken", "passwordHash",
        "availableSecrets", "missingToken", "firstPinLatitude", "cookieConsentInfo", "passwordReset", "tokenTags",
        "eventStreamToken", "nextBatchToken", "observerToken", "subscriptionToken", "urlSessionID",
        "backgroundSessionIdentifier", "tokenRefreshFailed", "preemptiveTokenRenewal"
    ])
    func identifiersAndMetadataAreNotSecrets(name: String) {
        #expect(SensitiveName.classify(name) == nil, "\(name)")
    }

    @Test(arguments: [
        ("cloudSyncToken", SensitiveCategory.token), ("passwordResetCode", .otp), ("ccNo", .card), ("cardCVV", .card),
        ("activationCode", .otp), ("sessionID", .session), ("webSessionToken", .session), ("refreshToken", .token)
    ])
    func stillSecrets(name: String, category: SensitiveCategory) {
        #expect(SensitiveName.classify(name) == category)
    }

    /// ASCII identifiers take a byte fast path; others the Unicode one. Both split the same way.
    @Test func unicodeIdentifiersSplitLikeASCIIOnes() {
        #expect(SensitiveName.words("tokenÄnderung") == ["token", "änderung"])
        #expect(SensitiveName.words("über_token") == ["über", "token"])
        #expect(SensitiveName.words("PINCodé2") == ["pin", "codé", "2"])
        #expect(SensitiveName.words("PINCode2") == ["pin", "code", "2"])
    }

    /// Names that say which credential they hold, and names of kinds whose members are often public.
    @Test func specificCredentialsAreToldFromGenericWords() {
        for name in [
            "accessToken", "refresh_token", "authToken", "idToken", "apiKey", "privateKey", "clientSecret",
            "password", "userPasscode", "cardNumber", "otp", "bearer", "oauthToken", "secretKey", "pass_phrase"
        ] {
            #expect(SensitiveName.isSpecificCredential(name), "\(name)")
        }
        for name in [
            "token", "secret", "secrets", "sessionId", "key", "pin", "syncToken", "roomToken", "cookie",
            "userName", "pushToken"
        ] {
            #expect(!SensitiveName.isSpecificCredential(name), "\(name)")
        }
    }
}
