/// The version iosec reports about itself: in reports, `--version` and the User-Agent of its live checks.
public enum IOSecVersion {
    public static let current = "0.1.0"
}
