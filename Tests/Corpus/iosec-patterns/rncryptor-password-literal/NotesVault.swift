import Foundation
import RNCryptor

enum NotesVault {
    static func seal(_ note: Data) -> Data {
        RNCryptor.encrypt(data: note, withPassword: "vault-Passphrase-2019")
    }

    static func sealLegacy(_ note: Data) throws -> Data {
        try RNEncryptor.encryptData(note, with: kRNCryptorAES256Settings, password: "legacy-Passphrase-2016")
    }
}
