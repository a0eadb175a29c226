import LocalAuthentication

struct VaultUnlocker {
    func unlock(reason r: String, done: @escaping (Bool) -> Void) {
        let ctx = LAContext()
        ctx.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: r) { ok, _ in done(ok) }
    }
}
