import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `iosec-bench large-inputs DIR [--megabytes 10] [--repeat N] [--iosec PATH] [--only KIND,…]`
///
/// Issue 13's yardstick: no input of up to 10 MB makes any parser take more than 2 s or 300 MiB. Writes one large,
/// hostile-but-plausible file per kind iosec reads (the shapes of LargeInputTests and HostileInputTests: long
/// strings, many keys, deep-but-allowed nesting, many small elements), each in a folder of its own, and scans each
/// folder alone in a child process of the release `iosec`, so each input has a clean peak RSS of its own (read with
/// `wait4`). The figures are the whole scan (start, discovery, rules, report), a bound on the parser's.
enum LargeInputs {
    static let secondsCap = 2.0
    static let megabytesCap = 300.0

    /// A file to write: its folder under DIR (what is scanned), its path inside, and its content.
    struct Input {
        let kind: String
        let folder: String
        let path: String
        let bytes: [UInt8]
    }

    static func run(_ args: [String]) throws {
        guard let dir = args.first, !dir.hasPrefix("--") else { Bench.usage() }
        let megabytes = Double(Bench.option("--megabytes", in: args) ?? "") ?? 10
        let repeats = max(1, Int(Bench.option("--repeat", in: args) ?? "") ?? 1)
        let only = Bench.option("--only", in: args).map { Set($0.split(separator: ",").map(String.init)) }
        let iosec = Bench.option("--iosec", in: args) ?? defaultIOSec()
        guard FileManager.default.isExecutableFile(atPath: iosec) else {
            throw BenchError(
                "no iosec binary at \(iosec); build it (swift build -c release --product iosec) or pass --iosec")
        }
        let size = Int(megabytes * 1_048_576)
        // Files over the limit are skipped with a diagnostic; the limit is raised so every parser really runs.
        let limit = String(Int(megabytes * 2) + 1)

        print("iosec: \(iosec)")
        print(
            String(
                format:
                    "inputs of %.1f MiB; each scanned alone in a child process, least of %d run%@; caps %.0f s, %.0f MiB",
                megabytes, repeats, repeats == 1 ? "" : "s", secondsCap, megabytesCap))
        print("kind                  size MiB   wall s    CPU s  peak MiB  findings  within caps")
        var failures: [String] = []
        // The cost of a scan with nothing to parse: process start, discovery, report.
        var kinds: [(String, () -> Input)] = [
            ("(empty folder)", { Input(kind: "", folder: "empty", path: "", bytes: []) })
        ]
        kinds += generators(size: size)
        for (kind, make) in kinds where only == nil || only!.contains(kind) || kind.hasPrefix("(") {
            let input = make()
            let folder = (dir as NSString).appendingPathComponent(input.folder)
            try? FileManager.default.removeItem(atPath: folder)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            if !input.path.isEmpty {
                let file = (folder as NSString).appendingPathComponent(input.path)
                try FileManager.default.createDirectory(
                    atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(input.bytes).write(to: URL(fileURLWithPath: file))
            }
            // Only the figures of one input are wanted, not the report's text.
            let report = (dir as NSString).appendingPathComponent(input.folder + ".json")
            var best: Measurement?
            for _ in 0..<repeats {
                let m = try measureThroughShim(
                    iosec,
                    ["scan", folder, "--fail-on", "none", "--max-file-size", limit, "--format", "json", "-o", report])
                guard m.exitStatus == 0 else {
                    throw BenchError("`iosec scan \(folder)` exited with \(m.exitStatus)")
                }
                best =
                    best.map {
                        Measurement(
                            wall: min($0.wall, m.wall), cpu: min($0.cpu, m.cpu), peakMiB: min($0.peakMiB, m.peakMiB),
                            exitStatus: 0)
                    } ?? m
            }
            let (findings, skipped) = summary(ofReport: report)
            if skipped {
                throw BenchError("\(kind): the scan skipped the input (\(report)); is --max-file-size applied?")
            }
            let m = best!
            let within = m.wall <= secondsCap && m.peakMiB <= megabytesCap
            if !within && !kind.hasPrefix("(") { failures.append(kind) }
            print(
                String(
                    format: "%@ %9.1f %8.2f %8.2f %9.0f %9d  %@",
                    kind.padding(toLength: 20, withPad: " ", startingAt: 0),
                    Double(input.bytes.count) / 1_048_576, m.wall, m.cpu, m.peakMiB, findings,
                    within ? "yes" : "NO"))
        }
        print(failures.isEmpty ? "every input within the caps" : "over the caps: \(failures.joined(separator: ", "))")
    }

    /// The `iosec` next to this executable (both are built into the same folder).
    static func defaultIOSec() -> String {
        let me = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return me.deletingLastPathComponent().appendingPathComponent("iosec").path
    }

    /// The number of findings, and whether a diagnostic says a file was skipped for its size: counted in the
    /// report's text, which can be large (a finding per element of some inputs).
    static func summary(ofReport path: String) -> (findings: Int, skipped: Bool) {
        guard let data = FileManager.default.contents(atPath: path) else { return (0, false) }
        let bytes = [UInt8](data)
        func count(_ needle: String) -> Int {
            let n = Array(needle.utf8)
            var found = 0, i = 0
            while i + n.count <= bytes.count {
                if bytes[i] == n[0], bytes[i..<(i + n.count)].elementsEqual(n) {
                    found += 1
                    i += n.count
                } else {
                    i += 1
                }
            }
            return found
        }
        return (count("\"ruleId\" :"), count("\"skipped: ") > 0)
    }

    /// Measures `executable` from a fresh `iosec-bench spawn-measure` process. A child started with posix_spawn
    /// shares its parent's memory until it execs, and Linux then counts the parent's peak in the child's
    /// `ru_maxrss`: started from this process (which holds the inputs), every figure would be at least its peak.
    /// The shim is small, so its peak is below any scan's.
    static func measureThroughShim(_ executable: String, _ arguments: [String]) throws -> Measurement {
        let me = Bundle.main.executableURL?.path ?? CommandLine.arguments[0]
        let out = NSTemporaryDirectory() + "iosec-bench-measure-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: out) }
        let shim = try measure(me, ["spawn-measure", out, executable] + arguments)
        guard shim.exitStatus == 0, let text = try? String(contentsOfFile: out, encoding: .utf8) else {
            throw BenchError("spawn-measure failed (status \(shim.exitStatus))")
        }
        let fields = text.split(separator: " ").compactMap {
            Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        guard fields.count == 4 else { throw BenchError("spawn-measure wrote '\(text)'") }
        return Measurement(wall: fields[0], cpu: fields[1], peakMiB: fields[2], exitStatus: Int32(fields[3]))
    }

    /// `iosec-bench spawn-measure OUT EXECUTABLE ARGS…`: runs the command, writes "wall cpu peakMiB status" to OUT.
    static func spawnMeasure(_ args: [String]) throws {
        guard args.count >= 2 else { Bench.usage() }
        let m = try measure(args[1], Array(args.dropFirst(2)))
        try "\(m.wall) \(m.cpu) \(m.peakMiB) \(m.exitStatus)\n".write(
            toFile: args[0], atomically: true, encoding: .utf8)
    }

    struct Measurement {
        var wall: Double
        var cpu: Double
        var peakMiB: Double
        var exitStatus: Int32
    }

    /// Runs `executable` with `arguments` (its output to /dev/null) and reads the child's own resource usage with
    /// `wait4`: `getrusage(RUSAGE_CHILDREN)` would give the largest peak of every child so far.
    static func measure(_ executable: String, _ arguments: [String]) throws -> Measurement {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let start = Date()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw BenchError("cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchError("wait4: \(String(cString: strerror(errno)))") }
        }
        let wall = Date().timeIntervalSince(start)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1_000_000 }
        #if os(macOS)
        let peak = Double(usage.ru_maxrss) / 1_048_576  // bytes on macOS
        #else
        let peak = Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
        #endif
        // Exited normally: the low 7 bits are 0 and the exit code is in the next byte.
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Measurement(
            wall: wall, cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime), peakMiB: peak, exitStatus: exit)
    }

    // MARK: Inputs

    /// About `size` bytes: `head`, then `unit(0)`, `unit(1)`, … joined by `separator` while they fit, then `tail`.
    static func fill(
        _ size: Int, _ head: String, _ tail: String, separator: String = "", _ unit: (Int) -> String
    ) -> [UInt8] {
        var bytes = Array(head.utf8)
        bytes.reserveCapacity(size + 4096)
        let end = size - tail.utf8.count
        var i = 0
        while true {
            let next = Array(((i == 0 ? "" : separator) + unit(i)).utf8)
            if bytes.count + next.count > end && i > 0 { break }
            bytes += next
            i += 1
        }
        return bytes + Array(tail.utf8)
    }

    static let plistHead = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// One generator per kind iosec reads, in the order of the table.
    static func generators(size: Int) -> [(String, () -> Input)] {
        [
            ("association file", { associationFile(size) }),
            ("bundled JSON", { bundledJSON(size) }),
            ("XML plist", { xmlPlist(size) }),
            ("binary plist", { binaryPlist(size) }),
            ("Info.plist", { infoPlist(size) }),
            ("privacy manifest", { privacyManifest(size) }),
            ("entitlements", { entitlements(size) }),
            ("pbxproj", { pbxproj(size) }),
            ("xcconfig", { xcconfig(size) }),
            ("storyboard", { storyboard(size) }),
            ("Core Data model", { coreDataModel(size) }),
            ("Objective-C", { objectiveC(size) }),
            ("Swift", { swift(size) })
        ]
    }

    /// Issue 13's shape: many details entries, each with an App ID and 40 components, some with query items,
    /// fragments, exclusions and comments.
    static func associationFile(_ size: Int) -> Input {
        let bytes = fill(
            size, "{\"applinks\": {\"details\": [", "]}, \"webcredentials\": {\"apps\": []}}", separator: ","
        ) {
            i in
            let components = (0..<40).map { j -> String in
                switch j % 8 {
                case 0: return "{\"/\": \"/p\(j)/*\", \"?\": {\"ref\": \"?*\", \"utm_source\": \"*\"}}"
                case 1:
                    return "{\"/\": \"/p\(j)/private/*\", \"exclude\": true, \"comment\": \"not the account pages\"}"
                case 2: return "{\"/\": \"/p\(j)/*\", \"#\": \"section-*\", \"caseSensitive\": false}"
                default: return "{\"/\": \"/p\(j)/*\"}"
                }
            }
            return
                "{\"appIDs\": [\"ABCDE12345.com.example.app\(i)\"], \"components\": [\(components.joined(separator: ","))]}"
        }
        return Input(
            kind: "association file", folder: "association-file", path: "App/apple-app-site-association", bytes: bytes)
    }

    /// A configuration file shipped in a built app: environments with endpoints, keys under credential names,
    /// flags, nested a few levels. Only a built app's JSON is read, so it goes in an `.app` folder.
    static func bundledJSON(_ size: Int) -> Input {
        let bytes = fill(size, "{\"version\": 3, \"environments\": [", "]}", separator: ",\n") { i in
            """
            {"name": "env\(i)", "apiKey": "k\(i)-7f3a9c1e5b2d4f60", "password": "hunter\(i)", \
            "endpoints": {"login": "https://api\(i).example.com/v1/login", "data": ["https://cdn.example.com/\(i)", \
            "https://backup.example.com/\(i)"]}, "flags": [true, false, \(i), null, 1.5e3], \
            "nested": {"a": {"b": {"c": {"d": ["deep \(i)"]}}}}}
            """
        }
        return Input(kind: "bundled JSON", folder: "bundled-json/App.app", path: "config.json", bytes: bytes)
    }

    static func xmlPlist(_ size: Int) -> Input {
        let bytes = fill(size, plistHead + "<dict>\n", "</dict>\n</plist>\n") { i in
            """
            <key>item\(i)</key><dict><key>title</key><string>Title &amp; more \(i) &#x263A;</string>\
            <key>count</key><integer>\(i)</integer><key>ratio</key><real>0.5</real><key>enabled</key><true/>\
            <key>tags</key><array><string>a</string><string>b</string><date>2024-01-01T00:00:00Z</date></array>\
            <key>blob</key><data>AAECAwQFBgc=</data></dict>

            """
        }
        return Input(kind: "XML plist", folder: "xml-plist", path: "App/Settings.plist", bytes: bytes)
    }

    /// A dictionary of many keys, each to a small dictionary of a string and an integer, the keys of the inner
    /// dictionaries shared (as writers share equal strings).
    static func binaryPlist(_ size: Int) -> Input {
        var objects: [[UInt8]] = []
        func be(_ value: Int, _ count: Int) -> [UInt8] {
            (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * (count - 1 - $0))) }
        }
        func header(_ type: UInt8, _ count: Int) -> [UInt8] {
            count < 15 ? [type << 4 | UInt8(count)] : [type << 4 | 0x0F, 0x12] + be(count, 4)
        }
        func ascii(_ s: String) -> [UInt8] { header(0x5, s.utf8.count) + Array(s.utf8) }
        // About 81 bytes per entry with its references and offsets.
        let entries = size / 81
        // Object 0: the root; 1, 2: the shared inner keys; then per entry: key, inner dictionary, string, integer.
        objects.append(
            header(0xD, entries) + (0..<entries).flatMap { be(3 + 4 * $0, 4) }
                + (0..<entries).flatMap { be(4 + 4 * $0, 4) })
        objects.append(ascii("name"))
        objects.append(ascii("count"))
        for i in 0..<entries {
            objects.append(ascii("entry\(i)"))
            objects.append(header(0xD, 2) + be(1, 4) + be(2, 4) + be(5 + 4 * i, 4) + be(6 + 4 * i, 4))
            objects.append(ascii("value number \(i)"))
            objects.append([0x12] + be(i, 4))
        }
        var out = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(out.count)
            out += object
        }
        let table = out.count
        for offset in offsets { out += be(offset, 4) }
        out += [0, 0, 0, 0, 0, 0, 4, 4] + be(objects.count, 8) + be(0, 8) + be(table, 8)
        return Input(kind: "binary plist", folder: "binary-plist", path: "App/Data.plist", bytes: out)
    }

    /// An app's Info.plist with ATS exceptions for many domains (strict ones: the parse is measured, not a finding
    /// per domain).
    static func infoPlist(_ size: Int) -> Input {
        let head =
            plistHead + """
                <dict>
                <key>CFBundleIdentifier</key><string>com.example.app</string>
                <key>NSAllowsArbitraryLoads</key><false/>
                <key>LSApplicationQueriesSchemes</key><array><string>fb</string><string>twitter</string></array>
                <key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoadsInWebContent</key><true/>
                <key>NSExceptionDomains</key><dict>

                """
        let bytes = fill(size, head, "</dict></dict>\n</dict>\n</plist>\n") { i in
            """
            <key>host\(i).example.com</key><dict><key>NSIncludesSubdomains</key><true/>\
            <key>NSExceptionMinimumTLSVersion</key><string>TLSv1.2</string>\
            <key>NSRequiresCertificateTransparency</key><true/></dict>

            """
        }
        return Input(kind: "Info.plist", folder: "info-plist", path: "App/Info.plist", bytes: bytes)
    }

    static func privacyManifest(_ size: Int) -> Input {
        let head =
            plistHead + "<dict>\n<key>NSPrivacyTracking</key><false/>\n<key>NSPrivacyAccessedAPITypes</key><array>\n"
        let bytes = fill(size, head, "</array>\n</dict>\n</plist>\n") { i in
            let (category, reason) = [
                ("NSPrivacyAccessedAPICategoryUserDefaults", "CA92.1"),
                ("NSPrivacyAccessedAPICategoryFileTimestamp", "C617.1"),
                ("NSPrivacyAccessedAPICategorySystemBootTime", "35F9.1"),
                ("NSPrivacyAccessedAPICategoryDiskSpace", "E174.1")
            ][i % 4]
            return """
                <dict><key>NSPrivacyAccessedAPIType</key><string>\(category)</string>\
                <key>NSPrivacyAccessedAPITypeReasons</key><array><string>\(reason)</string></array></dict>

                """
        }
        return Input(
            kind: "privacy manifest", folder: "privacy-manifest", path: "App/PrivacyInfo.xcprivacy", bytes: bytes)
    }

    static func entitlements(_ size: Int) -> Input {
        let head =
            plistHead + """
                <dict>
                <key>get-task-allow</key><true/>
                <key>keychain-access-groups</key><array><string>$(AppIdentifierPrefix)com.example.shared</string></array>
                <key>com.apple.developer.associated-domains</key><array>

                """
        let bytes = fill(size, head, "</array>\n</dict>\n</plist>\n") { i in
            "<string>\(["applinks", "webcredentials", "appclips"][i % 3]):host\(i).example.com</string>\n"
        }
        return Input(kind: "entitlements", folder: "entitlements", path: "App/App.entitlements", bytes: bytes)
    }

    /// LargeInputTests' project: many configurations, lists and targets, with debug settings (in a release
    /// configuration once in a thousand).
    static func pbxproj(_ size: Int) -> Input {
        let bytes = fill(
            size, "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = {\n", "\t};\n\trootObject = R;\n}\n"
        ) {
            i in
            """
            \t\tC\(i) /* Release */ = { isa = XCBuildConfiguration; name = \(i % 1000 == 0 ? "Release" : "Debug"); buildSettings = { \
            ENABLE_TESTABILITY = YES; OTHER_SWIFT_FLAGS = "-DDEBUG -Onone"; \
            GCC_PREPROCESSOR_DEFINITIONS = ("DEBUG=1", "$(inherited)"); SWIFT_OPTIMIZATION_LEVEL = "-Onone"; }; };
            \t\tL\(i) = { isa = XCConfigurationList; buildConfigurations = (C\(i) /* Release */, ); };
            \t\tT\(i) = { isa = PBXNativeTarget; name = "Target \(i)"; buildConfigurationList = L\(i); \
            productType = "com.apple.product-type.application"; };

            """
        }
        return Input(kind: "pbxproj", folder: "pbxproj", path: "App.xcodeproj/project.pbxproj", bytes: bytes)
    }

    /// Settings with conditions and comments, and one long line of flags.
    static func xcconfig(_ size: Int) -> Input {
        let long = "OTHER_LDFLAGS = $(inherited)" + String(repeating: " -framework X", count: 20_000) + "\n"
        let bytes = fill(size, "// Release settings\n#include \"Base.xcconfig\"\n" + long, "") { i in
            "SETTING_\(i)[config=Release][sdk=iphoneos*][arch=arm64] = YES $(inherited) // note \(i)\n"
                + (i == 0 ? "ENABLE_TESTABILITY = YES\nSWIFT_ACTIVE_COMPILATION_CONDITIONS = DEBUG\n" : "")
        }
        return Input(kind: "xcconfig", folder: "xcconfig", path: "App/Release.xcconfig", bytes: bytes)
    }

    /// Scenes of text fields (password fields with autocorrection and no secure entry), 40 views deep.
    static func storyboard(_ size: Int) -> Input {
        let head = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701">
            <scenes>

            """
        let bytes = fill(size, head, "</scenes>\n</document>\n") { i in
            let open = String(repeating: "<view contentMode=\"scaleToFill\" id=\"w\(i)\"><subviews>", count: 40)
            let close = String(repeating: "</subviews></view>", count: 40)
            return """
                <scene sceneID="s\(i)"><objects><viewController id="vc\(i)" customClass="Login\(i)"><view key="view" \
                id="v\(i)"><subviews>\(open)<textField placeholder="Password &amp; PIN \(i)" id="p\(i)">\
                <textInputTraits key="textInputTraits" autocorrectionType="yes"/></textField>\
                <textField placeholder="Email" id="e\(i)"><textInputTraits key="textInputTraits" \
                keyboardType="emailAddress"/></textField><!-- comment \(i) --><label text="Sign in" id="l\(i)"/>\
                \(close)</subviews></view></viewController></objects></scene>

                """
        }
        return Input(kind: "storyboard", folder: "storyboard", path: "App/Base.lproj/Main.storyboard", bytes: bytes)
    }

    static func coreDataModel(_ size: Int) -> Input {
        let head = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" systemVersion="22G120">

            """
        let bytes = fill(size, head, "</model>\n") { i in
            """
            <entity name="Account\(i)" representedClassName="Account\(i)" syncable="YES" codeGenerationType="class">\
            <attribute name="password" optional="YES" attributeType="String"/>\
            <attribute name="token" optional="YES" attributeType="String"/>\
            <attribute name="email" attributeType="String"/><attribute name="created" attributeType="Date"/>\
            <relationship name="owner" maxCount="1" deletionRule="Nullify" destinationEntity="Account0"/>\
            <userInfo><entry key="note" value="entity \(i)"/></userInfo></entity>

            """
        }
        return Input(
            kind: "Core Data model", folder: "core-data-model",
            path: "App/Model.xcdatamodeld/Model.xcdatamodel/contents",
            bytes: bytes)
    }

    /// One class of many methods, as code is written (messages, blocks, literals, control flow), with code the
    /// rules report (defaults, logging, HTTP, MD5) in one method of a hundred.
    static func objectiveC(_ size: Int) -> Input {
        let head = "#import <Foundation/Foundation.h>\n#import \"Big.h\"\n\n@implementation Big\n\n"
        let bytes = fill(size, head, "@end\n") { i in
            let flagged =
                i % 100 == 0
                ? """
                    [[NSUserDefaults standardUserDefaults] setObject:token forKey:@"authToken"];
                    NSLog(@"token %@", token);
                    NSURL *insecure = [NSURL URLWithString:@"http://api.example.com/v1/items/\(i)"];
                    CC_MD5(token.UTF8String, (CC_LONG)token.length, self.digest);

                """ : ""
            return """
                - (NSArray<NSString *> *)method\(i):(NSString *)token count:(NSInteger)count {
                \(flagged)    NSMutableArray<NSString *> *out = [NSMutableArray arrayWithCapacity:count];
                    for (NSInteger k = 0; k < count; k++) {
                        NSString *item = [NSString stringWithFormat:@"%@-%ld-\(i)", token, (long)k];
                        if ([item hasPrefix:@"x"] && k % 2 == 0) { [out addObject:item.uppercaseString]; }
                        else { [out addObject:[item stringByReplacingOccurrencesOfString:@"-" withString:@"_"]]; }
                    }
                    [self.queue addOperationWithBlock:^{ [self.delegate didFinish:out index:\(i)]; }];
                    return [out copy];
                }


                """
        }
        return Input(kind: "Objective-C", folder: "objective-c", path: "App/Big.m", bytes: bytes)
    }

    /// One type of many functions, as code is written (closures, generics, string interpolation, control flow),
    /// with code the rules report (defaults, logging, HTTP, MD5) in one function of a hundred.
    static func swift(_ size: Int) -> Input {
        let head = "import Foundation\nimport CryptoKit\n\nfinal class Big {\n    var session = URLSession.shared\n\n"
        let bytes = fill(size, head, "}\n") { i in
            let flagged =
                i % 100 == 0
                ? """
                        UserDefaults.standard.set(token, forKey: "authToken")
                        print("token \\(token)")
                        let insecure = URL(string: "http://api.example.com/v1/items/\(i)")!
                        _ = (insecure, Insecure.MD5.hash(data: Data(token.utf8)))

                """ : ""
            return """
                    func method\(i)<T: CustomStringConvertible>(token: String, values: [T]) -> [String: Int] {
                \(flagged)        var counts: [String: Int] = [:]
                        for (k, value) in values.enumerated() where k % 3 != \(i % 3) {
                            let key = "\\(token)-\\(value.description)-\(i)"
                            counts[key, default: 0] += key.count > 10 ? 1 : 2
                        }
                        guard !counts.isEmpty else { return ["empty": \(i)] }
                        return counts.filter { $0.value > 1 }.mapValues { $0 * 2 }
                    }


                """
        }
        return Input(kind: "Swift", folder: "swift", path: "App/Big.swift", bytes: bytes)
    }
}
