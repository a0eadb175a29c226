import ArgumentParser
import Foundation
import IOSecCommands
import IOSecAudit
import IOSecLive
import IOSecCore

struct PinCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pin",
        abstract: "Print the SPKI SHA-256 pins of a certificate file or a live TLS server.",
        discussion: """
            SOURCE is a PEM or DER certificate (or chain) file, or HOST[:PORT] (default port 443). For a live \
            server the chain is read during the handshake without trusting it, so self-signed and internal \
            servers can be inspected. Pins are printed in the forms NSPinnedDomains and IOSecKit's PinSet take.

            Always ship at least two pins: the current key and a backup key kept offline.

            Examples:
              iosec pin api.example.com
              iosec pin api.example.com:8443 --format plist --include-subdomains
              iosec pin api-chain.pem --format swift --host api.example.com
            """
    )

    @Argument(help: "A certificate file (PEM/DER) or HOST[:PORT].")
    var source: String

    @Option(name: .shortAndLong, help: "text, plist (NSPinnedDomains), swift (IOSecKit PinSet) or json.")
    var format: PinFormat = .text

    @Option(help: "The host name to use in plist/swift output (default: the host of SOURCE).")
    var host: String?

    @Flag(name: .customLong("include-subdomains"), help: "Pin subdomains too in plist/swift output.")
    var includeSubdomains = false

    @Option(help: "Seconds to wait for a live server.")
    var timeout: Double = 10

    func run() async throws {
        let chain: [[UInt8]]
        var hostName = host
        if FileManager.default.fileExists(atPath: source) {
            guard let data = FileManager.default.contents(atPath: source) else {
                throw FatalError("\(source): not readable")
            }
            do { chain = try CertificateChainReader.certificates(in: data) } catch {
                throw FatalError("\(source): \(error)")
            }
        } else {
            let (h, port) = try Self.hostAndPort(source)
            hostName = hostName ?? h
            do {
                chain = try await TLSChainFetcher(timeout: .nanoseconds(Int64(timeout * 1e9))).fetchChain(
                    host: h, port: port)
            } catch {
                throw FatalError(error.description)
            }
        }
        let infos: [CertificatePinInfo]
        do { infos = try PinFormatter.describe(chain) } catch { throw FatalError("\(source): \(error)") }
        let name = hostName ?? "example.com"
        switch format {
        case .text: print(PinFormatter.text(infos, source: source), terminator: "")
        case .plist:
            print(
                PinFormatter.pinnedDomainsPlist(infos, host: name, includesSubdomains: includeSubdomains),
                terminator: "")
        case .swift:
            print(PinFormatter.pinSetSwift(infos, host: name, includesSubdomains: includeSubdomains), terminator: "")
        case .json: print(PinFormatter.json(infos, host: hostName), terminator: "")
        }
    }

    static func hostAndPort(_ source: String) throws -> (String, Int) {
        if source.contains("/") { throw FatalError("\(source): no such file, and not HOST[:PORT]") }
        let parts = source.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, let host = parts.first, !host.isEmpty else {
            throw FatalError("\(source): expected HOST[:PORT]")
        }
        guard parts.count == 2 else { return (String(host), 443) }
        guard let port = Int(parts[1]), (1...65_535).contains(port) else {
            throw FatalError("\(source): port must be 1–65535")
        }
        return (String(host), port)
    }
}

enum PinFormat: String, ExpressibleByArgument, CaseIterable {
    case text, plist, swift, json
}
