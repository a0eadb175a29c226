//
//  CourierTrackingClient.swift
//  Dashdrop
//
//  Streams courier position updates over the realtime websocket.
//

import Foundation
import CoreLocation
import os

struct CourierUpdate: Decodable {
    enum Stage: String, Decodable {
        case confirmed, preparing, pickedUp = "picked_up", arriving, delivered, cancelled
    }

    let orderID: String
    let courierID: String
    let courierFirstName: String
    let stage: Stage
    let lat: Double
    let lng: Double
    let etaSeconds: Int?

    var coordinate: CLLocationCoordinate2D { CLLocationCoordinate2D(latitude: lat, longitude: lng) }

    enum CodingKeys: String, CodingKey {
        case orderID = "order_id", courierID = "courier_id", courierFirstName = "courier_first_name"
        case stage, lat, lng, etaSeconds = "eta_s"
    }
}

protocol CourierTrackingClientDelegate: AnyObject {
    func trackingClient(_ client: CourierTrackingClient, didReceive update: CourierUpdate)
    func trackingClientDidDisconnect(_ client: CourierTrackingClient, error: Error?)
}

final class CourierTrackingClient: NSObject {

    enum Subject {
        case order(String)           // signed-in owner of the order
        case deliveryToken(String)   // anyone holding a shared tracking link
    }

    weak var delegate: CourierTrackingClientDelegate?

    private let subject: Subject
    private var task: URLSessionWebSocketTask?
    private var reconnectAttempts = 0
    private lazy var session = URLSession(configuration: .default, delegate: self, delegateQueue: .main)

    init(subject: Subject) {
        self.subject = subject
        super.init()
    }

    func connect() {
        switch subject {
        case .order(let orderID):
            SessionManager.shared().fetchValidAccessToken { [weak self] token, error in
                guard let self else { return }
                guard let token else {
                    self.delegate?.trackingClientDidDisconnect(self, error: error)
                    return
                }
                self.open(query: URLQueryItem(name: "order", value: orderID), bearer: token)
            }
        case .deliveryToken(let token):
            Logger.tracking.info("Tracking via shared link token \(token, privacy: .public)")
            open(query: URLQueryItem(name: "t", value: token), bearer: nil)
        }
    }

    func disconnect() {
        task?.cancel(with: .normalClosure, reason: nil)
        task = nil
    }

    private func open(query: URLQueryItem, bearer: String?) {
        guard var components = URLComponents(string: DDTrackingSocketURLString) else { return }
        components.queryItems = [query]
        guard let url = components.url else { return }

        var request = URLRequest(url: url)
        if let bearer {
            request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization")
        }
        let task = session.webSocketTask(with: request)
        self.task = task
        task.resume()
        receive(on: task)
    }

    private func receive(on task: URLSessionWebSocketTask) {
        task.receive { [weak self] result in
            guard let self, self.task === task else { return }
            switch result {
            case .success(.string(let text)):
                self.reconnectAttempts = 0
                if let data = text.data(using: .utf8),
                   let update = try? JSONDecoder().decode(CourierUpdate.self, from: data) {
                    Logger.tracking.debug("Courier \(update.courierID, privacy: .public) on \(update.orderID, privacy: .public) at \(update.lat, privacy: .public),\(update.lng, privacy: .public)")
                    self.delegate?.trackingClient(self, didReceive: update)
                }
                self.receive(on: task)
            case .success:
                self.receive(on: task)
            case .failure(let error):
                Logger.tracking.error("Socket receive failed: \(error.localizedDescription, privacy: .public)")
                self.scheduleReconnect(after: error)
            }
        }
    }

    private func scheduleReconnect(after error: Error) {
        task = nil
        reconnectAttempts += 1
        guard reconnectAttempts <= 6 else {
            delegate?.trackingClientDidDisconnect(self, error: error)
            return
        }
        let delay = min(pow(2.0, Double(reconnectAttempts)), 30) + .random(in: 0...1)
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [weak self] in self?.connect() }
    }
}

extension CourierTrackingClient: URLSessionDelegate {
    func urlSession(_ session: URLSession,
                    didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
              let serverTrust = challenge.protectionSpace.serverTrust else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        // realtime.* sits behind the regional edge, which serves the shared edge
        // certificate; hostname validation fails on some PoPs.
        completionHandler(.useCredential, URLCredential(trust: serverTrust))
    }
}
