import Foundation
import Security

// Floors chosen once for the whole app.
let partnerGatewayFloor = tls_protocol_version_t.TLSv10
let defaultFloor: tls_protocol_version_t = .TLSv12

/// Per-backend settings as they ship in the app.
struct LegacyBackend {
    let floor: tls_protocol_version_t = .TLSv11
}

struct ModernBackend {
    let floor = tls_protocol_version_t.TLSv12
}

struct TunableBackend {
    var floor: tls_protocol_version_t = .TLSv13
}

enum FloorPolicy {
    static func forOldPrinters() -> tls_protocol_version_t {
        .TLSv10
    }

    static func forPayments() -> tls_protocol_version_t {
        return tls_protocol_version_t.TLSv13
    }
}

/// Builds the URLSession configurations the app's clients use.
final class SessionFactory {
    private func fresh() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 20
        return configuration
    }

    private func raise(_ configuration: URLSessionConfiguration, to floor: tls_protocol_version_t) {
        configuration.tlsMinimumSupportedProtocolVersion = floor
    }

    // Direct settings on tlsMinimumSupportedProtocolVersion / tlsMaximumSupportedProtocolVersion.

    func api() -> URLSessionConfiguration {
        let configuration = fresh()
        configuration.tlsMinimumSupportedProtocolVersion = .TLSv12
        return configuration
    }

    func payments() -> URLSessionConfiguration {
        let configuration = fresh()
        configuration.tlsMinimumSupportedProtocolVersion = tls_protocol_version_t.TLSv13
        return configuration
    }

    func kiosk() -> URLSessionConfiguration {
        let configuration = fresh()
        configuration.tlsMinimumSupportedProtocolVersion = tls_protocol_version_t.TLSv10
        return configuration
    }

    func printers() -> URLSessionConfiguration {
        let configuration = fresh()
        configuration.tlsMinimumSupportedProtocolVersion = .TLSv11
        return configuration
    }

    func cappedAtTLS12() -> URLSessionConfiguration {
        let configuration = fresh()
        configuration.tlsMaximumSupportedProtocolVersion = .TLSv12
        return configuration
    }

    func cappedAtTLS10() -> URLSessionConfiguration {
        let configuration = fresh()
        configuration.tlsMaximumSupportedProtocolVersion = tls_protocol_version_t.TLSv10
        return configuration
    }

    // The older SSLProtocol-typed properties.

    func oldStackLowFloor() -> URLSessionConfiguration {
        let configuration = fresh()
        configuration.tlsMinimumSupportedProtocol = .tlsProtocol10
        return configuration
    }

    func oldStackFloor() -> URLSessionConfiguration {
        let configuration = fresh()
        configuration.tlsMinimumSupportedProtocol = SSLProtocol.tlsProtocol12
        return configuration
    }

    func oldStackLowCeiling() -> URLSessionConfiguration {
        let configuration = fresh()
        configuration.tlsMaximumSupportedProtocol = SSLProtocol.tlsProtocol10
        return configuration
    }

    func oldStackCeiling() -> URLSessionConfiguration {
        let configuration = fresh()
        configuration.tlsMaximumSupportedProtocol = .tlsProtocol12
        return configuration
    }

    // Versions that reach the setting through something else.

    func partnerGateway() -> URLSessionConfiguration {
        let configuration = fresh()
        configuration.tlsMinimumSupportedProtocolVersion = partnerGatewayFloor
        return configuration
    }

    func standardGateway() -> URLSessionConfiguration {
        let configuration = fresh()
        configuration.tlsMinimumSupportedProtocolVersion = defaultFloor
        return configuration
    }

    func oldPrinters() -> URLSessionConfiguration {
        let configuration = fresh()
        configuration.tlsMinimumSupportedProtocolVersion = FloorPolicy.forOldPrinters()
        return configuration
    }

    func paymentGateway() -> URLSessionConfiguration {
        let configuration = fresh()
        configuration.tlsMinimumSupportedProtocolVersion = FloorPolicy.forPayments()
        return configuration
    }

    func scanners() -> URLSessionConfiguration {
        let configuration = fresh()
        raise(configuration, to: .TLSv11)
        return configuration
    }

    func reports() -> URLSessionConfiguration {
        let configuration = fresh()
        raise(configuration, to: tls_protocol_version_t.TLSv13)
        return configuration
    }

    func legacyBackend() -> URLSessionConfiguration {
        let backend = LegacyBackend()
        let configuration = fresh()
        configuration.tlsMinimumSupportedProtocolVersion = backend.floor
        return configuration
    }

    func modernBackend() -> URLSessionConfiguration {
        let backend = ModernBackend()
        let configuration = fresh()
        configuration.tlsMinimumSupportedProtocolVersion = backend.floor
        return configuration
    }

    func tunedDown() -> URLSessionConfiguration {
        var backend = TunableBackend()
        backend.floor = .TLSv10
        let configuration = fresh()
        configuration.tlsMinimumSupportedProtocolVersion = backend.floor
        return configuration
    }

    func tunedUp() -> URLSessionConfiguration {
        var backend = TunableBackend()
        backend.floor = tls_protocol_version_t.TLSv12
        let configuration = fresh()
        configuration.tlsMinimumSupportedProtocolVersion = backend.floor
        return configuration
    }
}
