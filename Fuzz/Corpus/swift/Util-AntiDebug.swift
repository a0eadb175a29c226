import Darwin

/// Refuses debuggers in release builds.
enum AntiDebug {
    static func harden() {
        #if !DEBUG
        ptrace(PT_DENY_ATTACH, 0, nil, 0)
        #endif
    }
}
