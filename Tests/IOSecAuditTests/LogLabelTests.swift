@testable import IOSecAudit
import Testing

/// A message that labels the value it shows: `"password: \(value)"`, `NSLog("cvv=%@", value)`.
@Suite struct LogLabelTests {
    @Test(arguments: [
        ("Password: ", "password"), ("user token=", "token"), ("card number - ", "card number"), ("PIN ", "pin"),
        ("Received login token ", "token")
    ])
    func labelsThatNameACredential(text: String, label: String) {
        #expect(LogLabel.label(before: text) == label)
    }

    @Test(arguments: [
        "Token refreshed, ", "APNS token: ", "Firebase registration token refreshed, new token: ", "sessionID: ",
        "user id: ", "password rules: ", "", "   ", "Loaded "
    ])
    func labelsThatDoNot(text: String) {
        #expect(LogLabel.label(before: text) == nil, "\(text)")
    }

    @Test func formatLabelsFollowEachConversion() {
        #expect(
            LogLabel.formatLabels("user %@ password: %@ (%d tries, 100%% sure) pin=%{public}@")
                == [nil, "password", nil, "pin"])
        #expect(LogLabel.formatLabels("no conversions") == [])
        #expect(LogLabel.formatLabels("trailing %") == [nil])
        // Text that cannot end in a label (`] `, `(`) and text with characters beyond ASCII.
        #expect(LogLabel.formatLabels("[Auth] %@ (%@) café token: %@ пароль=%@") == [nil, nil, "token", nil])
    }

    @Test func conversionKindsFollowEachConversion() {
        #expect(
            LogLabel.conversionKinds("user %@ at %p (%ld tries, 100%% sure) pin=%{public}@ %s %.2f %08x")
                == [.object, .pointer, .number, .object, .object, .number, .number])
        #expect(LogLabel.conversionKinds("no conversions") == [])
        #expect(LogLabel.conversionKinds("trailing %") == [.object])
    }
}
