import Foundation
import BigInt

/// Non-sensitive app state only: addresses, chain ids, nonces and gas prices are public on-chain data.
final class Preferences {
    private enum Key {
        static let selectedChainID = "settings.selectedChainID"
        static let primaryAddress = "wallet.primaryAddress"
        static let hasVerifiedBackup = "wallet.hasVerifiedBackup"
        static let pushRegisteredAddresses = "push.registeredAddresses"
        static let noncePrefix = "nonce."
        static let gasPrefix = "gas."
    }

    private let defaults: UserDefaults

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
        defaults.register(defaults: [Key.selectedChainID: Int(ChainConfig.ethereum.id)])
    }

    var selectedChainID: UInt64 {
        get { UInt64(max(defaults.integer(forKey: Key.selectedChainID), 1)) }
        set { defaults.set(Int(newValue), forKey: Key.selectedChainID) }
    }

    var primaryAddress: EthereumAddress? {
        get { defaults.string(forKey: Key.primaryAddress).flatMap { EthereumAddress(string: $0) } }
        set { defaults.set(newValue?.checksummed, forKey: Key.primaryAddress) }
    }

    var hasVerifiedBackup: Bool {
        get { defaults.bool(forKey: Key.hasVerifiedBackup) }
        set { defaults.set(newValue, forKey: Key.hasVerifiedBackup) }
    }

    var pushRegisteredAddresses: Set<String> {
        get { Set(defaults.stringArray(forKey: Key.pushRegisteredAddresses) ?? []) }
        set { defaults.set(newValue.sorted(), forKey: Key.pushRegisteredAddresses) }
    }

    func lastBroadcastNonce(for address: EthereumAddress, chainID: UInt64) -> UInt64? {
        let key = "\(Key.noncePrefix)\(chainID).\(address.checksummed)"
        return defaults.object(forKey: key) == nil ? nil : UInt64(defaults.integer(forKey: key))
    }

    func recordBroadcastNonce(_ nonce: UInt64, for address: EthereumAddress, chainID: UInt64) {
        defaults.set(Int(nonce), forKey: "\(Key.noncePrefix)\(chainID).\(address.checksummed)")
    }

    func cacheGasPrice(_ wei: BigUInt, chainID: UInt64) {
        defaults.set(String(wei), forKey: "\(Key.gasPrefix)\(chainID).maxFee")
        defaults.set(Date(), forKey: "\(Key.gasPrefix)\(chainID).updatedAt")
    }

    func cachedGasPrice(chainID: UInt64, maxAge: TimeInterval = 120) -> BigUInt? {
        guard let updatedAt = defaults.object(forKey: "\(Key.gasPrefix)\(chainID).updatedAt") as? Date,
              Date().timeIntervalSince(updatedAt) < maxAge,
              let stored = defaults.string(forKey: "\(Key.gasPrefix)\(chainID).maxFee") else {
            return nil
        }
        return BigUInt(stored, radix: 10)
    }

    func resetWalletScopedValues() {
        [Key.primaryAddress, Key.hasVerifiedBackup, Key.pushRegisteredAddresses].forEach { defaults.removeObject(forKey: $0) }
        for key in defaults.dictionaryRepresentation().keys where key.hasPrefix(Key.noncePrefix) || key.hasPrefix(Key.gasPrefix) {
            defaults.removeObject(forKey: key)
        }
    }
}
