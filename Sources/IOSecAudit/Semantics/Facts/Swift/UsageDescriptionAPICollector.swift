import IOSecCore
import SwiftSyntax

/// Records Swift calls that make iOS show a permission prompt, so need an `NS…UsageDescription` purpose
/// string. Each is recorded under its symbol in Core's `UsageDescriptions` table (first use per file).
///
/// Matching is by call shape, not text: `requestAuthorization` alone is ambiguous (notifications need no
/// purpose string), so it counts only on `PHPhotoLibrary`, `SFSpeechRecognizer`, `MPMediaLibrary`, or with
/// HealthKit's `toShare:read:` labels.
struct UsageDescriptionAPICollector: SwiftVisitor {
    static let subscription = Subscription(
        calls: .named(
            initializers.union(methods.keys).union([
                "init", "requestAccess", "requestAuthorization", "requestRecordPermission",
                "SecAccessControlCreateWithFlags"
            ])),
        members: ["camera"])

    /// Types whose creation starts the access (and the prompt).
    static let initializers: Set<String> = [
        "AVCaptureSession", "AVAudioRecorder", "CBCentralManager", "CBPeripheralManager", "CMMotionActivityManager",
        "CMPedometer", "HMHomeManager", "NFCNDEFReaderSession", "NFCTagReaderSession", "NWBrowser", "NetServiceBrowser",
        "VSAccountManager"
    ]

    /// Methods whose name alone says which API it is.
    static let methods: [String: String] = [
        "evaluatePolicy": "LAContext.evaluatePolicy",
        "evaluateAccessControl": "LAContext.evaluateAccessControl",
        "requestWhenInUseAuthorization": "CLLocationManager.requestWhenInUseAuthorization",
        "requestAlwaysAuthorization": "CLLocationManager.requestAlwaysAuthorization",
        "requestFullAccessToEvents": "EKEventStore.requestFullAccessToEvents",
        "requestWriteOnlyAccessToEvents": "EKEventStore.requestWriteOnlyAccessToEvents",
        "requestFullAccessToReminders": "EKEventStore.requestFullAccessToReminders",
        "requestTrackingAuthorization": "ATTrackingManager.requestTrackingAuthorization",
        "requestSiriAuthorization": "INPreferences.requestSiriAuthorization",
        "UIImageWriteToSavedPhotosAlbum": "UIImageWriteToSavedPhotosAlbum"
    ]

    static let requestAuthorizationOwners: [String: String] = [
        "PHPhotoLibrary": "PHPhotoLibrary.requestAuthorization",
        "SFSpeechRecognizer": "SFSpeechRecognizer.requestAuthorization",
        "MPMediaLibrary": "MPMediaLibrary.requestAuthorization"
    ]

    private var recorded: Set<String> = []

    init() {}

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let symbol = Self.symbol(of: call) else { return }
        record(symbol, at: call, in: file)
    }

    mutating func visit(_ member: MemberAccessExprSyntax, in file: SwiftFile) {
        guard Self.isCameraSource(member) else { return }
        record("UIImagePickerController.SourceType.camera", at: member, in: file)
    }

    static func symbol(of call: FunctionCallExprSyntax) -> String? {
        guard let name = call.calledName else { return nil }
        let owner = call.calledBase?.lastName
        if initializers.contains(name), call.calledExpression.is(DeclReferenceExprSyntax.self) { return name }
        if name == "init", let owner, initializers.contains(owner) { return owner }
        if let symbol = methods[name] { return symbol }
        switch name {
        case "requestAccess":
            if let media = call.argument("for")?.lastName {
                switch media {
                case "video": return "AVCaptureDevice.requestAccess(for: .video)"
                case "audio": return "AVCaptureDevice.requestAccess(for: .audio)"
                case "contacts": return "CNContactStore.requestAccess"
                default: return nil
                }
            }
            switch call.argument("to")?.lastName {
            case "event": return "EKEventStore.requestAccess(to: .event)"
            case "reminder": return "EKEventStore.requestAccess(to: .reminder)"
            default: return nil
            }
        case "requestAuthorization":
            if let owner, let symbol = requestAuthorizationOwners[owner] { return symbol }
            let labels = Set(call.argumentLabels)
            return labels.contains("toShare") || labels.contains("read") ? "HKHealthStore.requestAuthorization" : nil
        case "requestRecordPermission":
            return owner == "AVAudioApplication"
                ? "AVAudioApplication.requestRecordPermission" : "AVAudioSession.requestRecordPermission"
        case "SecAccessControlCreateWithFlags":
            // The flags argument: `.biometryCurrentSet`, `[.biometryAny, .or, .devicePasscode]`, `.userPresence`.
            let flags = call.arguments.dropFirst(2).first?.expression.sourceText.lowercased() ?? ""
            let biometric = ["biometry", "touchid", "userpresence"].contains { flags.contains($0) }
            return biometric ? "SecAccessControlCreateWithFlags(.biometry…)" : nil
        default:
            return nil
        }
    }

    /// `picker.sourceType = .camera`, `sourceType: .camera`, `UIImagePickerController.SourceType.camera`.
    static func isCameraSource(_ member: MemberAccessExprSyntax) -> Bool {
        guard member.declName.baseName.text == "camera" else { return false }
        if let base = member.base { return base.sourceText.hasSuffix("SourceType") }
        guard let parent = member.parent else { return false }
        if let labeled = parent.as(LabeledExprSyntax.self) { return labeled.label?.text == "sourceType" }
        if let list = parent.as(ExprListSyntax.self) {
            // `x.sourceType = .camera` before operator folding: [x.sourceType, =, .camera].
            let items = Array(list)
            guard items.count == 3, items[1].is(AssignmentExprSyntax.self), items[2].id == member.id else {
                return false
            }
            return items[0].lastName == "sourceType"
        }
        return false
    }

    private mutating func record(_ symbol: String, at node: some SyntaxProtocol, in file: SwiftFile) {
        guard recorded.insert(symbol).inserted else { return }
        file.record(kind: FactKind.usageDescriptionAPI, value: symbol, at: node)
    }
}
