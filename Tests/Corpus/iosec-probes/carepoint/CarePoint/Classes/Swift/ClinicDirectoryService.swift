//
//  ClinicDirectoryService.swift
//  CarePoint
//
//  Created by Tomasz Wiśniewski on 4/11/23.
//  Copyright © 2023 CarePoint Health, Inc. All rights reserved.
//

import Foundation

struct Clinic: Codable, Identifiable, Hashable {
    let id: String
    let name: String
    let code: String
    let city: String
    let phone: String?
    let acceptsNewPatients: Bool

    enum CodingKeys: String, CodingKey {
        case id, name, code, city, phone
        case acceptsNewPatients = "accepts_new_patients"
    }
}

enum ClinicDirectoryError: Error {
    case invalidResponse
    case http(Int)
}

/// Newer async/await client for the clinic directory. Shares the pinned trust
/// configuration with the Objective-C `CPAPIClient`.
final class ClinicDirectoryService {

    static let shared = ClinicDirectoryService()

    private let session: URLSession
    private let baseURL: URL
    private let decoder = JSONDecoder()

    init(baseURL: URL = URL(string: kCPAPIBaseURL)!.appendingPathComponent(kCPAPIVersion)) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = kCPRequestTimeout
        configuration.tlsMinimumSupportedProtocolVersion = .TLSv12
        configuration.httpShouldSetCookies = false
        self.session = URLSession(configuration: configuration,
                                  delegate: CPPinningSessionDelegate.shared(),
                                  delegateQueue: nil)
        self.baseURL = baseURL
    }

    func clinics(near city: String? = nil) async throws -> [Clinic] {
        var components = URLComponents(url: baseURL.appendingPathComponent("clinics"), resolvingAgainstBaseURL: false)!
        if let city, !city.isEmpty {
            components.queryItems = [URLQueryItem(name: "city", value: city)]
        }

        var request = URLRequest(url: components.url!)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let token = CPSessionManager.shared().accessToken {
            request.setValue(token, forHTTPHeaderField: kCPTokenHeader)
        }

        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else {
            throw ClinicDirectoryError.invalidResponse
        }
        guard (200..<300).contains(http.statusCode) else {
            AuditLogger.requestFailed(path: "clinics", status: http.statusCode)
            throw ClinicDirectoryError.http(http.statusCode)
        }
        return try decoder.decode([Clinic].self, from: data)
    }

    // MARK: - Preferred clinic

    var preferredClinicID: String? {
        get { UserDefaults.standard.string(forKey: kCPDefaultsPreferredClinicID) }
        set {
            if let newValue {
                UserDefaults.standard.set(newValue, forKey: kCPDefaultsPreferredClinicID)
                AuditLogger.clinicSelected(newValue)
            } else {
                UserDefaults.standard.removeObject(forKey: kCPDefaultsPreferredClinicID)
            }
        }
    }

    func preferredClinic(from clinics: [Clinic]) -> Clinic? {
        guard let id = preferredClinicID else { return nil }
        return clinics.first { $0.id == id }
    }
}
