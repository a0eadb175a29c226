/// The kind of biometry a device has.
///
/// ```swift
/// if case .available(.faceID) = gate.availability() { button.title = "Use Face ID" }
/// ```
public enum BiometryKind: String, Sendable, Equatable, Codable {
    case none, touchID, faceID, opticID
}

/// What a user must present.
///
/// ```swift
/// let gate = BiometricGate(authenticator: LAContextAuthenticator(), policy: .biometryOrPasscode)
/// ```
public enum BiometricPolicy: String, Sendable, Equatable, Codable {
    /// Biometry, falling back to the device passcode (`LAPolicy.deviceOwnerAuthentication`). The default: a user
    /// whose biometry is locked out or fails can still get in.
    case biometryOrPasscode
    /// Biometry only (`LAPolicy.deviceOwnerAuthenticationWithBiometrics`); the app must offer its own fallback.
    case biometryOnly

    /// The Keychain access-control flags that enforce the same policy on an item.
    ///
    /// - ``biometryOrPasscode``: `.biometryCurrentSet` or `.devicePasscode`. Biometry enrolled later (a second
    ///   face or finger someone added) does not unlock the item; the passcode still does. `.userPresence` would
    ///   accept any enrolled biometry.
    /// - ``biometryOnly``: `.biometryCurrentSet`; the item becomes unusable when enrollment changes.
    public var accessControlFlags: KeychainAccessControlFlags {
        switch self {
        case .biometryOrPasscode: return [.biometryCurrentSet, .or, .devicePasscode]
        case .biometryOnly: return .biometryCurrentSet
        }
    }
}

/// Whether biometric authentication can be used now.
///
/// ```swift
/// switch gate.availability() {
/// case .available(.faceID): showFaceIDButton()
/// case .lockedOut: askForPasscode()
/// case .notEnrolled, .notAvailable, .passcodeNotSet: hideBiometricOption()
/// default: break
/// }
/// ```
public enum BiometricAvailability: Sendable, Equatable {
    case available(BiometryKind)
    /// The hardware exists but no finger or face is enrolled.
    case notEnrolled(BiometryKind)
    /// Too many failed attempts: the passcode is needed to unlock biometry.
    case lockedOut(BiometryKind)
    /// No device passcode: neither biometry nor Keychain access control can be used.
    case passcodeNotSet
    /// No biometric hardware (or it is disconnected / not paired).
    case notAvailable
}

/// A typed failure of biometric authentication.
///
/// ```swift
/// BiometricError(localAuthenticationCode: -8)  // .lockedOut
/// ```
public enum BiometricError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Canceller: String, Sendable, Equatable {
        case user, system, app
    }

    /// Cancelled by the user, the system (app went to background) or the app. Not a failure: do not count it.
    case cancelled(by: Canceller)
    /// The user chose "Enter Password" under ``BiometricPolicy/biometryOnly``: show the app's own fallback.
    case fallbackRequested
    /// Biometry is locked after too many failures; authenticate with ``BiometricPolicy/biometryOrPasscode``.
    case lockedOut
    case notEnrolled
    case passcodeNotSet
    case notAvailable
    /// The user was not recognised.
    case failed
    /// Any other LocalAuthentication error code.
    case other(code: Int)

    /// Maps an `LAError.Code` raw value.
    public init(localAuthenticationCode code: Int) {
        switch code {
        case -1: self = .failed  // authenticationFailed
        case -2: self = .cancelled(by: .user)  // userCancel
        case -3: self = .fallbackRequested  // userFallback
        case -4: self = .cancelled(by: .system)  // systemCancel
        case -5: self = .passcodeNotSet  // passcodeNotSet
        case -6, -11, -12, -13: self = .notAvailable  // biometryNotAvailable, companion/watch, notPaired, disconnected
        case -7: self = .notEnrolled  // biometryNotEnrolled
        case -8: self = .lockedOut  // biometryLockout
        case -9: self = .cancelled(by: .app)  // appCancel
        default: self = .other(code: code)  // invalidContext (-10), notInteractive (-1004), ...
        }
    }

    public var description: String {
        switch self {
        case .cancelled(let by): return "authentication cancelled by the \(by.rawValue)"
        case .fallbackRequested: return "the user asked for the app's fallback"
        case .lockedOut: return "biometry is locked out; the device passcode is needed"
        case .notEnrolled: return "no biometric identity is enrolled"
        case .passcodeNotSet: return "the device has no passcode"
        case .notAvailable: return "biometry is not available on this device"
        case .failed: return "the user was not recognised"
        case .other(let code): return "LocalAuthentication error \(code)"
        }
    }
}
