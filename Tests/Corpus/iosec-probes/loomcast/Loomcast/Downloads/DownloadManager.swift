import Foundation
import LoomKit
import os

@MainActor
final class DownloadManager: NSObject, ObservableObject {
    static let shared = DownloadManager()
    static let sessionIdentifier = "fm.loomcast.app.background-downloads"

    enum Status: Equatable {
        case queued
        case downloading(Double)
        case finished
        case failed
    }

    @Published private(set) var statuses: [String: Status] = [:]

    nonisolated let storage: DownloadStorage
    weak var tokenProvider: TokenProvider?
    var apiBaseURL = URL(string: "https://\(LoomcastHosts.api)")!
    var analytics: AnalyticsService?

    private var backgroundCompletionHandler: (() -> Void)?
    private var session: URLSession!

    private override init() {
        storage = (try? DownloadStorage.makeDefault()) ?? DownloadStorage(rootDirectory: FileManager.default.temporaryDirectory)
        super.init()

        let configuration = URLSessionConfiguration.background(withIdentifier: Self.sessionIdentifier)
        configuration.sessionSendsLaunchEvents = true
        configuration.isDiscretionary = false
        configuration.tlsMinimumSupportedProtocolVersion = .TLSv12
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)

        storage.entries().forEach { statuses[$0.id] = .finished }
    }

    func storeBackgroundCompletion(_ handler: @escaping () -> Void, for identifier: String) {
        guard identifier == Self.sessionIdentifier else { return handler() }
        backgroundCompletionHandler = handler
    }

    func enqueue(_ episode: Episode) async {
        guard Identifier.isValid(episode.id), [nil, .failed].contains(statuses[episode.id]) else { return }

        var request: URLRequest
        if episode.isPremium {
            guard let token = await tokenProvider?.currentAccessToken() else { return }
            request = URLRequest(url: apiBaseURL.appending(path: "v1/episodes/\(episode.id)/download"))
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        } else {
            // URLSession is bound by ATS; the media exception only covers AVFoundation.
            guard let secure = HTTPSUpgrader.upgraded(episode.audioURL) else { return }
            request = URLRequest(url: secure)
        }
        let allowCellular = UserDefaults.standard.bool(forKey: PreferenceKey.downloadOverCellular)
        request.allowsCellularAccess = allowCellular
        request.allowsExpensiveNetworkAccess = allowCellular

        let task = session.downloadTask(with: request)
        task.taskDescription = episode.id
        task.countOfBytesClientExpectsToReceive = Int64(episode.duration * 16_000)
        statuses[episode.id] = .queued
        task.resume()
        Logger.downloads.info("Queued \(episode.id, privacy: .public), cellular=\(allowCellular)")
    }

    func delete(episodeID: String) {
        session.getAllTasks { tasks in
            tasks.filter { $0.taskDescription == episodeID }.forEach { $0.cancel() }
        }
        storage.remove(episodeID: episodeID)
        statuses[episodeID] = nil
    }

    private func update(_ episodeID: String, to status: Status) {
        statuses[episodeID] = status
        if status == .finished {
            Task { await analytics?.track(.downloadCompleted(episodeID: episodeID)) }
        }
    }
}

extension DownloadManager: URLSessionDownloadDelegate {
    nonisolated func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        guard let episodeID = downloadTask.taskDescription else { return }
        var status = Status.failed
        if let http = downloadTask.response as? HTTPURLResponse, (200..<300).contains(http.statusCode) {
            do {
                try storage.moveIntoPlace(location, episodeID: episodeID)
                status = .finished
            } catch {
                Logger.downloads.error("Move failed for \(episodeID, privacy: .public): \(error.localizedDescription, privacy: .public)")
            }
        }
        Task { @MainActor [status] in self.update(episodeID, to: status) }
    }

    nonisolated func urlSession(
        _ session: URLSession,
        downloadTask: URLSessionDownloadTask,
        didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64,
        totalBytesExpectedToWrite: Int64
    ) {
        guard let episodeID = downloadTask.taskDescription, totalBytesExpectedToWrite > 0 else { return }
        let fraction = Double(totalBytesWritten) / Double(totalBytesExpectedToWrite)
        Task { @MainActor in self.update(episodeID, to: .downloading(fraction)) }
    }

    nonisolated func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let error, let episodeID = task.taskDescription, (error as? URLError)?.code != .cancelled else { return }
        Logger.downloads.error("Download \(episodeID, privacy: .public) failed: \(error.localizedDescription, privacy: .public)")
        Task { @MainActor in self.update(episodeID, to: .failed) }
    }

    nonisolated func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
        Task { @MainActor in
            self.backgroundCompletionHandler?()
            self.backgroundCompletionHandler = nil
        }
    }
}
