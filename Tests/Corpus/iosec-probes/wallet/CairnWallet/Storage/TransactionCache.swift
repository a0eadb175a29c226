import Foundation
import GRDB
import BigInt

struct CachedTransaction: Codable, Identifiable, Equatable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "cachedTransaction"

    enum Status: String, Codable {
        case pending, confirmed, failed
    }

    var hash: String
    var chainID: Int64
    var fromAddress: String
    var toAddress: String?
    var valueWei: String
    var nonce: Int64
    var status: Status
    var blockNumber: Int64?
    var note: String?
    var createdAt: Date

    var id: String { hash }
    var value: BigUInt { BigUInt(valueWei, radix: 10) ?? 0 }

    init(pending signed: SignedTransaction, from sender: EthereumAddress, note: String? = nil) {
        hash = signed.hash.prefixedHex
        chainID = Int64(signed.transaction.chainID)
        fromAddress = sender.checksummed
        toAddress = signed.transaction.to?.checksummed
        valueWei = String(signed.transaction.value)
        nonce = Int64(signed.transaction.nonce)
        status = .pending
        self.note = note
        createdAt = Date()
    }
}

/// Offline cache of the user's own transactions. Everything stored here is public chain data.
final class TransactionCache {
    private let dbQueue: DatabaseQueue

    static func makeDefault() throws -> TransactionCache {
        let folder = try FileManager.default
            .url(for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
            .appendingPathComponent("Cache", isDirectory: true)
        try FileManager.default.createDirectory(
            at: folder,
            withIntermediateDirectories: true,
            attributes: [.protectionKey: FileProtectionType.completeUntilFirstUserAuthentication]
        )
        var configuration = Configuration()
        configuration.label = "CairnTransactionCache"
        let queue = try DatabaseQueue(path: folder.appendingPathComponent("transactions.sqlite").path, configuration: configuration)
        return try TransactionCache(dbQueue: queue)
    }

    init(dbQueue: DatabaseQueue) throws {
        self.dbQueue = dbQueue
        try Self.migrator.migrate(dbQueue)
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1_transactions") { db in
            try db.create(table: CachedTransaction.databaseTableName) { t in
                t.primaryKey("hash", .text)
                t.column("chainID", .integer).notNull()
                t.column("fromAddress", .text).notNull().indexed()
                t.column("toAddress", .text).indexed()
                t.column("valueWei", .text).notNull()
                t.column("nonce", .integer).notNull()
                t.column("status", .text).notNull()
                t.column("blockNumber", .integer)
                t.column("note", .text)
                t.column("createdAt", .datetime).notNull()
            }
        }
        return migrator
    }

    func save(_ transaction: CachedTransaction) throws {
        try dbQueue.write { db in try transaction.save(db) }
    }

    func updateStatus(hash: String, status: CachedTransaction.Status, blockNumber: Int64?) throws {
        try dbQueue.write { db in
            try db.execute(
                sql: "UPDATE cachedTransaction SET status = ?, blockNumber = ? WHERE hash = ?",
                arguments: [status.rawValue, blockNumber, hash]
            )
        }
    }

    func pending(chainID: UInt64) throws -> [CachedTransaction] {
        try dbQueue.read { db in
            try CachedTransaction.fetchAll(
                db,
                sql: "SELECT * FROM cachedTransaction WHERE chainID = ? AND status = ? ORDER BY nonce",
                arguments: [Int64(chainID), CachedTransaction.Status.pending.rawValue]
            )
        }
    }
}
