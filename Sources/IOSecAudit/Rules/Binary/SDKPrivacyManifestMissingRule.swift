import IOSecCore

/// `privacy.sdk-manifest-missing`: an embedded framework that Apple lists among the commonly used third-party SDKs,
/// shipped without a privacy manifest. App Store Connect rejects such uploads (ITMS-91061).
enum SDKPrivacyManifestMissingRule: BinaryRule {
    static let description = RuleDescription(
        id: "privacy.sdk-manifest-missing",
        title: "Commonly used SDK without its privacy manifest",
        severity: .medium,
        confidence: .high,
        masvs: "MASVS-PRIVACY-1",
        cwe: 1059, owasp: OWASPReference("MASWE-0073", beta: "MASWE-0112", mastg: [], .close),
        rationale: """
            Apple names a list of commonly used third-party SDKs (Alamofire, Firebase, Kingfisher, SDWebImage, …). \
            An app that embeds any version of one of them must ship the SDK's own PrivacyInfo.xcprivacy (and, for a \
            binary dependency, its signature); App Store Connect rejects the upload otherwise (ITMS-91061). Older \
            releases of these SDKs predate the requirement, so the fix is almost always an update. Only embedded \
            frameworks can be told apart in a built app: an SDK linked statically into the executable leaves no \
            folder of its own.
            """,
        fix:
            "Update the SDK to a release that ships PrivacyInfo.xcprivacy (most added it in 2024) and keep its resource bundle in the app.",
        fixExample: """
            // Package.swift: a release that ships its privacy manifest
            .package(url: "https://github.com/Alamofire/Alamofire.git", from: "5.9.0"),

            // The built app then holds
            // Frameworks/Alamofire.framework/PrivacyInfo.xcprivacy (or Alamofire_Alamofire.bundle/PrivacyInfo.xcprivacy)
            """,
        triggeringExamples: [], nonTriggeringExamples: [])

    static func check(_ binary: BinaryFile) {
        guard binary.role == .library, let framework = binary.framework, !binary.frameworkHasPrivacyManifest else {
            return
        }
        let name = String(framework.dropLast(".framework".count))
        guard framework.hasSuffix(".framework"), listedFrameworks.contains(name) else { return }
        binary.report(
            description, evidence: "\(framework): no PrivacyInfo.xcprivacy",
            message:
                "\(framework) is on Apple's list of commonly used SDKs but carries no PrivacyInfo.xcprivacy: App Store Connect rejects the upload (ITMS-91061); update \(name)"
        )
    }

    /// Framework names of the SDKs on Apple's list ("Upcoming third-party SDK requirements", 86 SDKs), as they
    /// appear in `Frameworks/` (Abseil builds as `absl`, BoringSSL for gRPC as `openssl_grpc`, Charts 5 as
    /// `DGCharts`).
    static let listedFrameworks: Set<String> = [
        "Abseil", "absl", "AFNetworking", "Alamofire", "AppAuth", "BoringSSL", "openssl_grpc", "Capacitor", "Charts",
        "DGCharts", "connectivity_plus", "Cordova", "device_info_plus", "DKImagePickerController", "DKPhotoGallery",
        "FBAEMKit", "FBLPromises", "FBSDKCoreKit", "FBSDKCoreKit_Basics", "FBSDKLoginKit", "FBSDKShareKit",
        "file_picker", "FirebaseABTesting", "FirebaseAuth", "FirebaseCore", "FirebaseCoreDiagnostics",
        "FirebaseCoreExtension", "FirebaseCoreInternal", "FirebaseCrashlytics", "FirebaseDynamicLinks",
        "FirebaseFirestore", "FirebaseInstallations", "FirebaseMessaging", "FirebaseRemoteConfig", "Flutter",
        "flutter_inappwebview", "flutter_local_notifications", "fluttertoast", "FMDB", "geolocator_apple",
        "GoogleDataTransport", "GoogleSignIn", "GoogleToolboxForMac", "GoogleUtilities", "grpcpp", "GTMAppAuth",
        "GTMSessionFetcher", "hermes", "image_picker_ios", "IQKeyboardManager", "IQKeyboardManagerSwift", "Kingfisher",
        "leveldb", "Lottie", "MBProgressHUD", "nanopb", "OneSignal", "OneSignalCore", "OneSignalExtension",
        "OneSignalOutcomes", "OpenSSL", "OrderedSet", "package_info", "package_info_plus", "path_provider",
        "path_provider_ios", "Promises", "Protobuf", "Reachability", "RealmSwift", "RxCocoa", "RxRelay", "RxSwift",
        "SDWebImage", "share_plus", "shared_preferences_ios", "SnapKit", "sqflite", "Starscream", "SVProgressHUD",
        "SwiftyGif", "SwiftyJSON", "Toast", "UnityFramework", "url_launcher", "url_launcher_ios",
        "video_player_avfoundation", "wakelock", "webview_flutter_wkwebview"
    ]
}
