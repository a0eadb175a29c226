import Foundation
import WebKit
import BigInt

@MainActor
protocol ProviderBridgeDelegate: AnyObject {
    func bridge(_ bridge: ProviderBridge, requestConnectionFor origin: String) async -> Bool
    func bridge(_ bridge: ProviderBridge, confirm transaction: EIP1559Transaction, origin: String) async -> Bool
    func bridge(_ bridge: ProviderBridge, confirmMessage message: Data, origin: String) async -> Bool
}

/// Native side of the injected EIP-1193 provider.
@MainActor
final class ProviderBridge: NSObject {
    static let messageHandlerName = "cairn"
    static let signingHandlerName = "cairnSign"

    enum ProviderError: Int, Error {
        case userRejected = 4001, unauthorized = 4100, unsupportedMethod = 4200, unsupportedChain = 4902
        case invalidParams = -32602, internalError = -32603

        var payload: [String: Any] { ["code": rawValue, "message": String(describing: self)] }
    }

    weak var delegate: ProviderBridgeDelegate?
    weak var webView: WKWebView?

    private let environment: AppEnvironment
    private let signer = TransactionSigner()

    init(environment: AppEnvironment) {
        self.environment = environment
        super.init()
    }

    private var connectedSites: ConnectedSitesStore { environment.connectedSites }

    private func requireConnected(_ origin: String) throws -> EthereumAddress {
        guard let account = environment.walletManager.primaryAddress, connectedSites.isConnected(origin) else {
            throw ProviderError.unauthorized
        }
        return account
    }

    private func resolve(id: Int, in frame: WKFrameInfo, result: Any?, error: ProviderError?) {
        webView?.callAsyncJavaScript(
            "window.__cairnResolve(id, error, result)",
            arguments: ["id": id, "error": error?.payload ?? NSNull(), "result": result ?? NSNull()],
            in: frame,
            in: .page,
            completionHandler: nil
        )
    }

    private func dispatch(method: String, params: [Any], origin: String) async throws -> Any {
        switch method {
        case "eth_chainId":
            return environment.selectedChain.hexID

        case "eth_accounts":
            return (try? requireConnected(origin)).map { [$0.checksummed] } ?? [String]()

        case "eth_requestAccounts":
            guard let account = environment.walletManager.primaryAddress else { throw ProviderError.unauthorized }
            if !connectedSites.isConnected(origin) {
                guard await delegate?.bridge(self, requestConnectionFor: origin) == true else { throw ProviderError.userRejected }
                connectedSites.connect(origin)
            }
            return [account.checksummed]

        case "wallet_switchEthereumChain":
            guard let hex = (params.first as? [String: Any])?["chainId"] as? String,
                  let chainID = UInt64(hex.strippingHexPrefix, radix: 16) else { throw ProviderError.invalidParams }
            guard let chain = ChainConfig.supported(id: chainID) else { throw ProviderError.unsupportedChain }
            environment.selectChain(chain)
            webView?.callAsyncJavaScript("window.__cairnEmit('chainChanged', chainId)", arguments: ["chainId": chain.hexID],
                                         in: nil, in: .page, completionHandler: nil)
            return NSNull()

        case "eth_sendTransaction":
            let sender = try requireConnected(origin)
            let transaction = try await buildTransaction(from: params, sender: sender)
            guard await delegate?.bridge(self, confirm: transaction, origin: origin) == true else { throw ProviderError.userRejected }
            let reason = String(format: NSLocalizedString("auth.reason.dappTransaction", comment: "%@ = origin"), origin)
            let signed = try await environment.walletManager.withAccountKey(reason: reason) { key in
                try signer.sign(transaction, with: key, expectedSender: sender)
            }
            let hash = try await environment.rpc.sendRawTransaction(signed.raw)
            try? environment.transactionCache.save(CachedTransaction(pending: signed, from: sender, note: origin))
            Log.browser.info("dApp tx \(hash, privacy: .public) from \(origin, privacy: .public)")
            return hash

        default:
            throw ProviderError.unsupportedMethod
        }
    }

    private func buildTransaction(from params: [Any], sender: EthereumAddress) async throws -> EIP1559Transaction {
        guard let object = params.first as? [String: Any] else { throw ProviderError.invalidParams }
        if let from = object["from"] as? String, EthereumAddress(string: from) != sender { throw ProviderError.unauthorized }
        let to = (object["to"] as? String).flatMap { EthereumAddress(string: $0) }
        let value = (object["value"] as? String).flatMap { BigUInt($0.strippingHexPrefix, radix: 16) } ?? 0
        let input = (object["data"] as? String).flatMap { Data(hex: $0) } ?? Data()

        let rpc = environment.rpc
        let call = CallRequest(from: sender.checksummed, to: to?.checksummed, value: "0x" + String(value, radix: 16),
                               data: input.isEmpty ? nil : input.prefixedHex)
        async let nonce = rpc.pendingNonce(for: sender)
        async let gas = rpc.estimateGas(call)
        async let fees = environment.gasOracle.suggestion(for: rpc.chain, speed: .standard)
        let (resolvedNonce, resolvedGas, resolvedFees) = try await (nonce, gas, fees)

        return EIP1559Transaction(
            chainID: rpc.chain.id, nonce: resolvedNonce,
            maxPriorityFeePerGas: resolvedFees.maxPriorityFeePerGas, maxFeePerGas: resolvedFees.maxFeePerGas,
            gasLimit: resolvedGas + resolvedGas / 5, to: to, value: value, input: input
        )
    }

    private func personalSign(params: [Any], origin: String) async throws -> String {
        guard params.count >= 2, let messageHex = params[0] as? String,
              let requested = (params[1] as? String).flatMap({ EthereumAddress(string: $0) }) else {
            throw ProviderError.invalidParams
        }
        guard try requireConnected(origin) == requested else { throw ProviderError.unauthorized }

        let message = Data(hex: messageHex) ?? Data(messageHex.utf8)
        guard await delegate?.bridge(self, confirmMessage: message, origin: origin) == true else { throw ProviderError.userRejected }
        let reason = String(format: NSLocalizedString("auth.reason.dappSign", comment: "%@ = origin"), origin)
        let signature = try await environment.walletManager.withAccountKey(reason: reason) { key in
            try signer.signPersonalMessage(message, with: key)
        }
        return signature.prefixedHex
    }
}

extension ProviderBridge: WKScriptMessageHandler {
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        let frame = message.frameInfo
        guard frame.isMainFrame, DAppAllowlist.isAllowed(origin: frame.securityOrigin) else {
            Log.browser.notice("Dropped provider message from \(frame.securityOrigin.host, privacy: .public) (main frame: \(frame.isMainFrame))")
            return
        }
        guard let body = message.body as? [String: Any], let id = body["id"] as? Int, let method = body["method"] as? String else {
            return
        }
        let params = body["params"] as? [Any] ?? []
        let origin = "https://\(frame.securityOrigin.host)".lowercased()

        Task {
            do {
                let result = try await dispatch(method: method, params: params, origin: origin)
                resolve(id: id, in: frame, result: result, error: nil)
            } catch {
                Log.browser.error("\(method, privacy: .public) from \(origin, privacy: .public) failed: \(error.localizedDescription, privacy: .public)")
                resolve(id: id, in: frame, result: nil, error: error as? ProviderError ?? .internalError)
            }
        }
    }
}

extension ProviderBridge: WKScriptMessageHandlerWithReply {
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage, replyHandler: @escaping (Any?, String?) -> Void) {
        guard let body = message.body as? [String: Any], body["method"] as? String == "personal_sign",
              let params = body["params"] as? [Any] else {
            replyHandler(nil, String(describing: ProviderError.unsupportedMethod))
            return
        }
        let page = message.webView?.url
        let origin = "\(page?.scheme ?? "https")://\(page?.host ?? "")".lowercased()

        Task {
            do {
                replyHandler(try await personalSign(params: params, origin: origin), nil)
            } catch {
                replyHandler(nil, String(describing: error as? ProviderError ?? .internalError))
            }
        }
    }
}

// MARK: - Injected script

extension ProviderBridge {
    static func userScript(chainID: UInt64) -> WKUserScript {
        let source = """
        (function () {
          if (window.ethereum && window.ethereum.isCairn) { return; }
          var pending = new Map(), nextId = 1, listeners = {};
          var provider = {
            isCairn: true,
            chainId: '0x\(String(chainID, radix: 16))',
            request: function (args) {
              if (!args || typeof args.method !== 'string') { return Promise.reject({ code: -32600 }); }
              var params = Array.isArray(args.params) ? args.params : [];
              if (args.method === 'personal_sign') {
                return window.webkit.messageHandlers.\(signingHandlerName).postMessage({ method: args.method, params: params });
              }
              return new Promise(function (resolve, reject) {
                var id = nextId++;
                pending.set(id, { resolve: resolve, reject: reject });
                window.webkit.messageHandlers.\(messageHandlerName).postMessage({ id: id, method: args.method, params: params });
              });
            },
            on: function (event, fn) { (listeners[event] = listeners[event] || []).push(fn); return provider; }
          };
          Object.defineProperty(window, '__cairnResolve', { value: function (id, error, result) {
            var entry = pending.get(id);
            if (!entry) { return; }
            pending.delete(id);
            error ? entry.reject(error) : entry.resolve(result);
          } });
          Object.defineProperty(window, '__cairnEmit', { value: function (event, payload) {
            if (event === 'chainChanged') { provider.chainId = payload; }
            (listeners[event] || []).forEach(function (fn) { fn(payload); });
          } });
          window.ethereum = provider;
          window.dispatchEvent(new Event('ethereum#initialized'));
        })();
        """
        return WKUserScript(source: source, injectionTime: .atDocumentStart, forMainFrameOnly: true, in: .page)
    }
}
