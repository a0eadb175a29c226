//
//  HubPairingCoordinator.swift
//  Hearth
//
//  Created by Sofia Berg on 22/03/2022.
//  Copyright © 2022 Hearth Labs AB. All rights reserved.
//

import Foundation
import os

/// Contents of the QR label on the underside of the hub:
/// `HRH1:<hub id>:<one-time setup code>:<SPKI SHA-256 hex>`
struct HubPairingPayload: Equatable {
    let hubIdentifier: String
    let setupCode: String
    let spkiSHA256Hex: String

    init?(qrString: String) {
        let parts = qrString.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4, parts[0] == "HRH1",
              parts[3].count == 64, parts[3].allSatisfy(\.isHexDigit),
              !parts[1].isEmpty, !parts[2].isEmpty else { return nil }
        hubIdentifier = parts[1]
        setupCode = parts[2]
        spkiSHA256Hex = parts[3].lowercased()
    }
}

final class HubPairingCoordinator {

    enum PairingError: Error {
        case hubNotFound
        case unresolvable
    }

    private let discovery = HubDiscoveryService()
    private let logger = Logger(subsystem: "com.hearthlabs.hearth", category: "pairing")
    private var timeout: DispatchWorkItem?

    func pair(with payload: HubPairingPayload, completion: @escaping (Result<HubRecord, Error>) -> Void) {
        let timeout = DispatchWorkItem { [weak self] in
            self?.discovery.stop()
            completion(.failure(PairingError.hubNotFound))
        }
        self.timeout = timeout
        DispatchQueue.main.asyncAfter(deadline: .now() + 20, execute: timeout)

        discovery.onChange = { [weak self] hubs in
            guard let self, let hub = hubs.first(where: { $0.identifier == payload.hubIdentifier }) else { return }
            self.discovery.stop()
            self.timeout?.cancel()
            self.discovery.resolveHost(for: hub) { host in
                guard let host else {
                    completion(.failure(PairingError.unresolvable))
                    return
                }
                self.completePairing(payload: payload, hub: hub, host: host, completion: completion)
            }
        }
        discovery.start()
    }

    private func completePairing(payload: HubPairingPayload, hub: DiscoveredHub, host: String,
                                 completion: @escaping (Result<HubRecord, Error>) -> Void) {
        let record = HubRecord(identifier: hub.identifier, name: hub.name, host: host,
                               port: HRHubDefaultPort, spkiSHA256Hex: payload.spkiSHA256Hex)
        let connection = HubRegistry.shared.add(record)

        connection.pair(withSetupCode: payload.setupCode) { [logger] info, error in
            if let error {
                logger.error("Pairing failed: \((error as NSError).code)")
                HubRegistry.shared.removeAll()
                completion(.failure(error))
                return
            }
            logger.info("Paired hub model \(hub.model, privacy: .public)")
            connection.connect()
            SharedStateStore().update(hubStatus: WidgetHubStatus(hubName: hub.name, isReachable: true,
                                                                 onlineDeviceCount: 0, updatedAt: Date()))
            AnalyticsClient.shared.track(.hubPaired, properties: ["model": hub.model,
                                                                  "firmware": info?["firmware"] as? String ?? "unknown"])
            completion(.success(record))
        }
    }
}
