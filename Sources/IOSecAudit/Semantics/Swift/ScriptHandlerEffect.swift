import IOSecCore
import SwiftSyntax

/// What the script message handlers of a file (`userContentController(_:didReceive:)`) can do for a page: the
/// first native effect a page could abuse — files, the Keychain, defaults, the network, opening URLs, the
/// pasteboard, personal data — found in the handler or in the same-file functions
/// it calls (three calls deep).
///
/// A handler that only moves UI (records a scroll offset, shows a hovered link, runs the page's own navigation
/// script, hands a value to a delegate it does not know) gives no effect: a bridge that exists but is not shown
/// to be worth abusing. Script sent back to the page is not an effect by itself: what it could carry out comes
/// from one of the others.
enum ScriptHandlerEffect {
    /// `found`: the file declares a handler. `value`: the first effect, described for a message.
    static func of(handlersIn file: SwiftFile) -> (found: Bool, value: String?) {
        let handlers = SyntaxSearch.all(FunctionDeclSyntax.self, in: file.tree) { Self.isHandler($0) }
        guard !handlers.isEmpty else { return (false, nil) }
        let bodies = handlers.compactMap { $0.body.map(Syntax.init) }
        return (true, SameFileReach.first(from: bodies, in: file, depth: 3) { effect(in: $0) })
    }

    private static func isHandler(_ function: FunctionDeclSyntax) -> Bool {
        guard function.name.text == "userContentController" else { return false }
        // `userContentController(_:didReceive:)`, and `…(_:didReceive:replyHandler:)` of the handlers that reply.
        let labels = function.signature.parameterClause.parameters.map { $0.firstName.text }
        return (labels.count == 2 || labels.count == 3 && labels[2] == "replyHandler") && labels[1] == "didReceive"
    }

    /// The credential a handler sends back to the page: `replyHandler(["accessToken": token], nil)`, or script it
    /// runs in the page with one (`evaluateJavaScript("setToken('\(token)')")`).
    private static func credentialReplied(in body: Syntax) -> String? {
        for call in SyntaxSearch.all(
            FunctionCallExprSyntax.self, in: body,
            where: { call in
                ["replyHandler", "evaluateJavaScript", "callAsyncJavaScript"].contains(call.calledName ?? "")
            })
        {
            for argument in call.arguments {
                if let name = Sensitivity.sensitiveName(in: argument.expression),
                    SensitiveName.isSpecificCredential(name)
                {
                    return name
                }
            }
        }
        return nil
    }

    /// Names that, anywhere in a handler, show it reaching something a page should not drive.
    private static let effects: [(names: Set<String>, effect: String)] = [
        (
            [
                "FileManager", "FileHandle", "contentsOfDirectory", "createFile", "removeItem", "moveItem", "copyItem",
                "createDirectory", "fopen", "NSFileManager"
            ], "touches files"
        ),
        (
            [
                "SecItemAdd", "SecItemCopyMatching", "SecItemUpdate", "SecItemDelete", "Keychain", "KeychainWrapper",
                "SAMKeychain", "UICKeyChainStore", "Valet"
            ], "uses the Keychain"
        ),
        (["UserDefaults", "NSUserDefaults", "NSUbiquitousKeyValueStore"], "reads or writes defaults"),
        (
            ["URLSession", "dataTask", "uploadTask", "downloadTask", "AF", "Alamofire", "NSURLConnection"],
            "makes network requests"
        ),
        (["UIPasteboard", "NSPasteboard"], "uses the pasteboard"),
        (
            [
                "CNContactStore", "CLLocationManager", "PHPhotoLibrary", "HKHealthStore", "EKEventStore", "LAContext",
                "SKPaymentQueue", "sqlite3_exec", "sqlite3_prepare_v2"
            ], "reaches personal data, payments or a database"
        )
    ]

    private static func effect(in body: Syntax) -> String? {
        if let credential = credentialReplied(in: body) { return "hands '\(credential)' to the page" }
        var names = Set<String>()
        var readsFile = false
        for token in body.tokens(viewMode: .sourceAccurate) {
            // Text, not kind: `open` after a dot may be lexed as a keyword.
            let text = token.text
            names.insert(text)
            // `String(contentsOf:)`, `Data(contentsOf:)`, `text.write(to:…)`: file reads and writes by label.
            if text == "contentsOf" || text == "contentsOfFile" || text == "toFile" { readsFile = true }
        }
        if readsFile { return "touches files" }
        if names.contains("write"), names.contains("atomically") { return "touches files" }
        if names.contains("openURL")
            || names.contains("open") && !names.isDisjoint(with: ["UIApplication", "NSWorkspace"])
        {
            return "opens URLs or other apps"
        }
        return effects.first { !$0.names.isDisjoint(with: names) }?.effect
    }
}
