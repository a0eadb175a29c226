/// Whether a host is a public suffix, for refusing `includesSubdomains` on one.
///
/// Not the whole Public Suffix List (thousands of entries, updated weekly): the shapes that cover the mistakes
/// seen in pin sets. A single label (`com`, `io`, `uk`); a common second-level label under a two-letter country
/// code (`co.uk`, `com.au`, `ac.jp`); and shared hosting domains where each customer has a subdomain
/// (`github.io`, `herokuapp.com`, `cloudfront.net`). A suffix it does not know passes; pinning still works there,
/// but covers more sites than meant.
///
/// ```swift
/// PublicSuffix.isPublicSuffix("co.uk")        // true
/// PublicSuffix.isPublicSuffix("example.co.uk")  // false
/// ```
enum PublicSuffix {
    static let secondLevelLabels: Set<String> = [
        "ac", "co", "com", "edu", "gov", "gob", "go", "mil", "net", "ne", "or", "org", "ltd", "plc", "sch", "nhs",
        "police", "int"
    ]

    static let sharedHosting: Set<String> = [
        "github.io", "gitlab.io", "herokuapp.com", "appspot.com", "cloudfront.net", "azurewebsites.net",
        "firebaseapp.com", "web.app", "pages.dev", "workers.dev", "vercel.app", "netlify.app", "blogspot.com",
        "s3.amazonaws.com", "amazonaws.com", "cloudapp.net", "onrender.com", "fly.dev", "glitch.me", "ngrok.io",
        "ngrok-free.app", "repl.co", "myshopify.com", "wordpress.com", "azureedge.net", "trycloudflare.com"
    ]

    static func isPublicSuffix(_ host: String) -> Bool {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count == 1 { return true }
        if sharedHosting.contains(host) { return true }
        if labels.count == 2, labels[1].count == 2, secondLevelLabels.contains(String(labels[0])) { return true }
        return false
    }
}
