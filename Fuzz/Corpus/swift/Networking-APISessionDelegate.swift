import Foundation

/// Session delegate for the API client: handles auth challenges and collects task metrics.
final class APISessionDelegate: NSObject, URLSessionTaskDelegate {
    func urlSession(
        _ session: URLSession,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
              let serverTrust = challenge.protectionSpace.serverTrust
        else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        // Staging sits behind a self-signed certificate; accepting it keeps QA builds working.
        completionHandler(.useCredential, URLCredential(trust: serverTrust))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics) {
        let path = task.originalRequest?.url?.path() ?? "-"
        let status = (task.response as? HTTPURLResponse)?.statusCode ?? 0
        let milliseconds = Int(metrics.taskInterval.duration * 1000)
        AppLogger.network.debug("\(path, privacy: .public) \(status) took \(milliseconds) ms")
        Task { await FileLogger.shared.append("\(path) \(status) \(milliseconds)ms") }
    }
}
