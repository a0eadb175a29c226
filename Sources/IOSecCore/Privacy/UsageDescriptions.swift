import Foundation

/// Info.plist purpose-string keys (`NS…UsageDescription`) and the APIs that need them (APPLE.md C.5,
/// mapping marked [verify] there). Missing keys terminate the app at first access.
///
/// ```swift
/// UsageDescriptions.keys(forSymbol: "CLLocationManager.requestWhenInUseAuthorization")
/// // ["NSLocationWhenInUseUsageDescription"]
/// UsageDescriptions.genericProblem("We need access")  // "…does not say why…"
/// ```
public enum UsageDescriptions {
    /// One API that needs a purpose string; any of `keys` satisfies it.
    public struct Requirement: Sendable, Equatable {
        /// `Type.member` or a bare type/function name.
        public let symbol: String
        public let keys: [String]
        public let resource: String
    }

    public static let requirements: [Requirement] = [
        .init(symbol: "AVCaptureSession", keys: ["NSCameraUsageDescription"], resource: "camera"),
        .init(
            symbol: "AVCaptureDevice.requestAccess(for: .video)", keys: ["NSCameraUsageDescription"], resource: "camera"
        ),
        .init(
            symbol: "UIImagePickerController.SourceType.camera", keys: ["NSCameraUsageDescription"], resource: "camera"),
        .init(
            symbol: "AVCaptureDevice.requestAccess(for: .audio)", keys: ["NSMicrophoneUsageDescription"],
            resource: "microphone"),
        .init(
            symbol: "AVAudioSession.requestRecordPermission", keys: ["NSMicrophoneUsageDescription"],
            resource: "microphone"),
        .init(
            symbol: "AVAudioApplication.requestRecordPermission", keys: ["NSMicrophoneUsageDescription"],
            resource: "microphone"),
        .init(symbol: "AVAudioRecorder", keys: ["NSMicrophoneUsageDescription"], resource: "microphone"),
        .init(
            symbol: "PHPhotoLibrary.requestAuthorization",
            keys: ["NSPhotoLibraryUsageDescription", "NSPhotoLibraryAddUsageDescription"], resource: "photo library"),
        .init(
            symbol: "UIImageWriteToSavedPhotosAlbum",
            keys: ["NSPhotoLibraryAddUsageDescription", "NSPhotoLibraryUsageDescription"],
            resource: "photo library (add)"),
        .init(
            symbol: "CLLocationManager.requestWhenInUseAuthorization", keys: ["NSLocationWhenInUseUsageDescription"],
            resource: "location"),
        .init(
            symbol: "CLLocationManager.requestAlwaysAuthorization",
            keys: ["NSLocationAlwaysAndWhenInUseUsageDescription"], resource: "location (always)"),
        .init(symbol: "CNContactStore.requestAccess", keys: ["NSContactsUsageDescription"], resource: "contacts"),
        .init(
            symbol: "EKEventStore.requestFullAccessToEvents", keys: ["NSCalendarsFullAccessUsageDescription"],
            resource: "calendars"),
        .init(
            symbol: "EKEventStore.requestWriteOnlyAccessToEvents", keys: ["NSCalendarsWriteOnlyAccessUsageDescription"],
            resource: "calendars (write-only)"),
        .init(
            symbol: "EKEventStore.requestAccess(to: .event)",
            keys: ["NSCalendarsUsageDescription", "NSCalendarsFullAccessUsageDescription"], resource: "calendars"),
        .init(
            symbol: "EKEventStore.requestFullAccessToReminders", keys: ["NSRemindersFullAccessUsageDescription"],
            resource: "reminders"),
        .init(
            symbol: "EKEventStore.requestAccess(to: .reminder)",
            keys: ["NSRemindersUsageDescription", "NSRemindersFullAccessUsageDescription"], resource: "reminders"),
        .init(symbol: "LAContext.evaluatePolicy", keys: ["NSFaceIDUsageDescription"], resource: "Face ID"),
        .init(symbol: "LAContext.evaluateAccessControl", keys: ["NSFaceIDUsageDescription"], resource: "Face ID"),
        // A Keychain item whose access control asks for biometry shows Face ID when it is read.
        .init(
            symbol: "SecAccessControlCreateWithFlags(.biometry…)", keys: ["NSFaceIDUsageDescription"],
            resource: "Face ID"),
        .init(symbol: "CBCentralManager", keys: ["NSBluetoothAlwaysUsageDescription"], resource: "Bluetooth"),
        .init(symbol: "CBPeripheralManager", keys: ["NSBluetoothAlwaysUsageDescription"], resource: "Bluetooth"),
        .init(symbol: "CMMotionActivityManager", keys: ["NSMotionUsageDescription"], resource: "motion"),
        .init(symbol: "CMPedometer", keys: ["NSMotionUsageDescription"], resource: "motion"),
        .init(
            symbol: "SFSpeechRecognizer.requestAuthorization", keys: ["NSSpeechRecognitionUsageDescription"],
            resource: "speech recognition"),
        .init(
            symbol: "HKHealthStore.requestAuthorization",
            keys: ["NSHealthShareUsageDescription", "NSHealthUpdateUsageDescription"], resource: "health data"),
        .init(symbol: "HMHomeManager", keys: ["NSHomeKitUsageDescription"], resource: "HomeKit"),
        .init(
            symbol: "MPMediaLibrary.requestAuthorization", keys: ["NSAppleMusicUsageDescription"],
            resource: "media library"),
        .init(symbol: "INPreferences.requestSiriAuthorization", keys: ["NSSiriUsageDescription"], resource: "Siri"),
        .init(symbol: "NFCNDEFReaderSession", keys: ["NFCReaderUsageDescription"], resource: "NFC"),
        .init(symbol: "NFCTagReaderSession", keys: ["NFCReaderUsageDescription"], resource: "NFC"),
        .init(symbol: "NWBrowser", keys: ["NSLocalNetworkUsageDescription"], resource: "local network"),
        .init(symbol: "NetServiceBrowser", keys: ["NSLocalNetworkUsageDescription"], resource: "local network"),
        .init(
            symbol: "ATTrackingManager.requestTrackingAuthorization", keys: ["NSUserTrackingUsageDescription"],
            resource: "tracking"),
        .init(
            symbol: "VSAccountManager", keys: ["NSVideoSubscriberAccountUsageDescription"],
            resource: "TV provider account")
    ]

    /// All known purpose-string keys, including legacy ones.
    public static let allKeys: Set<String> = Set(requirements.flatMap(\.keys)).union([
        "NSLocationAlwaysUsageDescription", "NSLocationUsageDescription", "NSBluetoothPeripheralUsageDescription",
        "NSHealthClinicalHealthRecordsShareUsageDescription", "NSCalendarsUsageDescription",
        "NSRemindersUsageDescription"
    ])

    private static let bySymbol: [String: [String]] = {
        var out: [String: [String]] = [:]
        for r in requirements {
            out[r.symbol, default: []].append(contentsOf: r.keys.filter { !(out[r.symbol] ?? []).contains($0) })
        }
        return out
    }()

    /// Keys that satisfy a symbol (any one is enough); empty when the symbol needs none.
    public static func keys(forSymbol symbol: String) -> [String] { bySymbol[symbol] ?? [] }

    /// Why a purpose string is too generic for App Review and users, or nil when it is specific.
    /// Generic: empty, shorter than 12 characters, or only "need/require/access/use" wording with
    /// no reason ("We need access", "Camera access", "This app uses the camera").
    public static func genericProblem(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return "the purpose string is empty" }
        if trimmed.count < 12 {
            return "the purpose string \"\(trimmed)\" is too short to explain why the app needs access"
        }
        let words = SensitiveName.words(trimmed)
        let filler: Set<String> = [
            "we", "need", "needs", "require", "requires", "access", "to", "your", "the", "this", "app", "uses", "use",
            "permission", "allow", "please", "for", "and", "is", "required", "camera", "microphone", "photos", "photo",
            "library", "location", "contacts", "bluetooth", "calendar", "calendars", "face", "id", "data", "it", "our",
            "a", "an", "would", "like", "wants", "want", "features", "feature", "functionality", "work", "properly"
        ]
        if words.allSatisfy(filler.contains) {
            return
                "the purpose string \"\(trimmed)\" does not say why the app needs access; describe the feature and the data used"
        }
        return nil
    }
}
