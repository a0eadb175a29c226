import Foundation

/// Writes a deterministic synthetic iOS project: realistic Swift files (view models, API clients, SwiftUI
/// views, stores, models) with a sprinkling of the mistakes iosec looks for, so rules have real work to do.
/// The same seed and file count give byte-identical output on every machine.
struct SyntheticProject {
    var files: Int
    var seed: UInt64
    /// Add Objective-C classes beside the Swift files (`generate --objc`).
    var objectiveC = false

    struct SplitMix64 {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
        mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }
    }

    static let nouns = [
        "Account", "Payment", "Transfer", "Card", "Profile", "Statement", "Budget", "Merchant",
        "Receipt", "Invoice", "Contact", "Device", "Offer", "Reward", "Goal", "Loan"
    ]

    /// Writes the project under `root`; returns (files, bytes).
    func write(to root: String) throws -> (Int, Int) {
        var rng = SplitMix64(state: seed)
        var totalBytes = 0
        let fm = FileManager.default
        for index in 0..<files {
            let noun = rng.pick(Self.nouns)
            let module = "Feature\(index / 50)"
            let fileName = "\(noun)\(index)"
            var text = "import Foundation\nimport SwiftUI\nimport os\n\n"
            // Two or three features per file: about 10 KB, like a real feature file.
            for part in 0..<(2 + Int(rng.next() % 2)) {
                let name = part == 0 ? fileName : "\(fileName)\(rng.pick(Self.nouns))"
                text += model(name, &rng)
                text += store(name, &rng)
                text += client(name, &rng)
                text += viewModel(name, &rng)
                text += view(name, &rng)
            }
            let dir = "\(root)/Sources/\(module)"
            try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: "\(dir)/\(fileName).swift"))
            totalBytes += text.utf8.count
            // Mixed apps: one Objective-C class for every five Swift files, with its header.
            if objectiveC, index % 5 == 0 {
                let (header, implementation) = objcClass("ACM\(fileName)", &rng)
                try Data(header.utf8).write(to: URL(fileURLWithPath: "\(dir)/ACM\(fileName).h"))
                try Data(implementation.utf8).write(to: URL(fileURLWithPath: "\(dir)/ACM\(fileName).m"))
                totalBytes += header.utf8.count + implementation.utf8.count
            }
        }
        return (files, totalBytes)
    }

    /// A legacy Objective-C class of about 6 KB: properties, message sends, blocks, C calls, a `#define`, an
    /// `#if DEBUG` log, and now and then a mistake the Objective-C rules look for.
    private func objcClass(_ name: String, _ rng: inout SplitMix64) -> (String, String) {
        let header = """
            #import <Foundation/Foundation.h>

            NS_ASSUME_NONNULL_BEGIN
            @interface \(name) : NSObject
            @property (nonatomic, copy) NSString *title;
            @property (nonatomic, strong) NSURLSession *session;
            - (void)loadPage:(NSInteger)page completion:(void (^)(NSArray *items, NSError * _Nullable error))completion;
            @end
            NS_ASSUME_NONNULL_END

            """
        var methods = ""
        for m in 0..<(6 + Int(rng.next() % 4)) {
            let key = rng.chance(10) ? "authToken" : rng.pick(["lastPage", "sortOrder", "theme", "filter"])
            let url = rng.chance(5) ? "http://legacy.acmewallet.com/v\(m)" : "https://api.acmewallet.com/v\(m)"
            methods += """

                - (void)loadPage\(m):(NSInteger)page completion:(void (^)(NSArray *items, NSError *error))completion {
                    NSURL *url = [NSURL URLWithString:[NSString stringWithFormat:@"%@/items?page=%ld", @"\(url)", (long)page]];
                    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:url];
                    [request setValue:@"application/json" forHTTPHeaderField:@"Accept"];
                    __weak typeof(self) weakSelf = self;
                    [[self.session dataTaskWithRequest:request completionHandler:^(NSData *data, NSURLResponse *response, NSError *error) {
                        if (error != nil) { completion(@[], error); return; }
                        NSArray *items = [NSJSONSerialization JSONObjectWithData:data options:0 error:nil];
                        [[NSUserDefaults standardUserDefaults] setObject:@(page) forKey:@"\(key)"];
                        dispatch_async(dispatch_get_main_queue(), ^{ weakSelf.title = [NSString stringWithFormat:@"%lu items", (unsigned long)items.count]; completion(items, nil); });
                    }] resume];
                #if DEBUG
                    NSLog(@"loading page %ld", (long)page);
                #endif
                }

                """
        }
        let implementation = """
            #import "\(name).h"
            #import <CommonCrypto/CommonCrypto.h>

            #define k\(name)Timeout 30
            static NSString *const k\(name)CacheKey = @"\(name.lowercased())_cache";

            @implementation \(name)

            - (instancetype)init {
                if ((self = [super init])) {
                    NSURLSessionConfiguration *configuration = [NSURLSessionConfiguration defaultSessionConfiguration];
                    configuration.timeoutIntervalForRequest = k\(name)Timeout;
                    _session = [NSURLSession sessionWithConfiguration:configuration];
                }
                return self;
            }
            \(methods)
            - (NSString *)digestOf:(NSData *)data {
                unsigned char out[CC_SHA256_DIGEST_LENGTH];
                CC_SHA256(data.bytes, (CC_LONG)data.length, out);
                NSMutableString *hex = [NSMutableString string];
                for (int i = 0; i < CC_SHA256_DIGEST_LENGTH; i++) { [hex appendFormat:@"%02x", out[i]]; }
                return hex;
            }

            @end

            """
        return (header, implementation)
    }

    private func model(_ name: String, _ rng: inout SplitMix64) -> String {
        let fields = (0..<(4 + Int(rng.next() % 6))).map { i in
            "    let \(rng.pick(["title", "amount", "currency", "createdAt", "note", "status", "category"]))\(i): \(rng.pick(["String", "Decimal", "Date", "Int", "Bool"]))"
        }.joined(separator: "\n")
        return """
            struct \(name)DTO: Codable, Hashable, Identifiable {
                let id: UUID
            \(fields)

                enum Status: String, Codable { case pending, settled, failed }

                var displayTitle: String {
                    let formatter = NumberFormatter()
                    formatter.numberStyle = .currency
                    return "\\(id.uuidString.prefix(8)) – \\(formatter.string(from: 12.5) ?? "")"
                }
            }


            """
    }

    private func store(_ name: String, _ rng: inout SplitMix64) -> String {
        let risky =
            rng.chance(5)
            ? "        UserDefaults.standard.set(session.accessToken, forKey: \"accessToken\")\n"
            : "        UserDefaults.standard.set(true, forKey: \"has\(name)Onboarding\")\n"
        return """
            final class \(name)Store {
                private let defaults = UserDefaults.standard
                private var cache: [UUID: \(name)DTO] = [:]
                private let queue = DispatchQueue(label: "store.\(name.lowercased())")

                func save(_ items: [\(name)DTO], session: Session) {
                    queue.sync {
                        for item in items { cache[item.id] = item }
                    }
            \(risky)    }

                func item(id: UUID) -> \(name)DTO? {
                    queue.sync { cache[id] }
                }

                func clear() {
                    queue.sync { cache.removeAll() }
                    defaults.removeObject(forKey: "last\(name)Sync")
                }
            }


            """
    }

    private func client(_ name: String, _ rng: inout SplitMix64) -> String {
        let host = rng.chance(3) ? "http://api.acme-legacy.com" : "https://api.acme.example"
        let logLine =
            rng.chance(5)
            ? "            print(\"\(name) request with token \\(token)\")\n"
            : "            logger.debug(\"\(name) request started\")\n"
        return """
            struct \(name)Client {
                let session: URLSession
                let token: String
                private let logger = Logger(subsystem: "com.acme.wallet", category: "\(name)")

                func fetch(page: Int) async throws -> [\(name)DTO] {
                    guard let url = URL(string: "\(host)/v2/\(name.lowercased())s?page=\\(page)") else { return [] }
                    var request = URLRequest(url: url)
                    request.setValue("Bearer \\(token)", forHTTPHeaderField: "Authorization")
                    request.timeoutInterval = 30
            \(logLine)            let (data, response) = try await session.data(for: request)
                    guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
                        throw URLError(.badServerResponse)
                    }
                    let decoder = JSONDecoder()
                    decoder.dateDecodingStrategy = .iso8601
                    return try decoder.decode([\(name)DTO].self, from: data)
                }
            }


            """
    }

    private func viewModel(_ name: String, _ rng: inout SplitMix64) -> String {
        let jitter =
            rng.chance(10)
            ? "        let delay = Double(arc4random_uniform(300)) / 1000\n" : "        let delay = 0.2\n"
        return """
            @MainActor
            final class \(name)ViewModel: ObservableObject {
                @Published private(set) var items: [\(name)DTO] = []
                @Published var isLoading = false
                @Published var errorMessage: String?
                private let client: \(name)Client
                private let store: \(name)Store

                init(client: \(name)Client, store: \(name)Store) {
                    self.client = client
                    self.store = store
                }

                func load(session: Session) async {
                    isLoading = true
                    defer { isLoading = false }
            \(jitter)        try? await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
                    do {
                        items = try await client.fetch(page: 1)
                        store.save(items, session: session)
                    } catch {
                        errorMessage = error.localizedDescription
                    }
                }

                var totalLabel: String {
                    items.isEmpty ? "No \(name.lowercased())s" : "\\(items.count) \(name.lowercased())s"
                }
            }


            """
    }

    private func view(_ name: String, _ rng: inout SplitMix64) -> String {
        """
        struct \(name)ListView: View {
            @StateObject var model: \(name)ViewModel
            let session: Session

            var body: some View {
                NavigationStack {
                    List(model.items) { item in
                        VStack(alignment: .leading, spacing: 4) {
                            Text(item.displayTitle).font(.headline)
                            Text(item.id.uuidString).font(.caption).foregroundStyle(.secondary)
                        }
                        .padding(.vertical, \(4 + rng.next() % 8))
                    }
                    .overlay { if model.isLoading { ProgressView() } }
                    .navigationTitle(model.totalLabel)
                    .task { await model.load(session: session) }
                    .refreshable { await model.load(session: session) }
                    .alert("Error", isPresented: .constant(model.errorMessage != nil)) {
                        Button("OK", role: .cancel) {}
                    } message: {
                        Text(model.errorMessage ?? "")
                    }
                }
            }
        }


        """
    }
}
