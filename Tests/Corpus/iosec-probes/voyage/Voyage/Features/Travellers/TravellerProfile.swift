import Foundation
import RealmSwift

enum Gender: String, Codable, CaseIterable, PersistableEnum {
    case female = "F"
    case male = "M"
    case unspecified = "X"
}

struct TravelDocument: Codable, Hashable {
    enum Kind: String, Codable, CaseIterable, PersistableEnum {
        case passport
        case nationalID = "national_id"
    }

    var kind: Kind
    var number: String
    var issuingCountry: String
    var expiresOn: Date

    var isExpired: Bool { expiresOn < Date().startOfDay }

    /// For list rows: "•••• 421".
    var maskedNumber: String {
        "•••• " + number.suffix(3)
    }
}

struct TravellerProfile: Codable, Hashable, Identifiable {
    let id: UUID
    var givenName: String
    var familyName: String
    var dateOfBirth: Date
    var nationality: String
    var gender: Gender
    var document: TravelDocument
    var isPrimary: Bool

    var fullName: String {
        PersonNameComponents(givenName: givenName, familyName: familyName).formatted()
    }
}

// MARK: - Realm persistence

final class TravelDocumentObject: EmbeddedObject {
    @Persisted var kind: TravelDocument.Kind = .passport
    @Persisted var number = ""
    @Persisted var issuingCountry = ""
    @Persisted var expiresOn = Date()

    convenience init(_ document: TravelDocument) {
        self.init()
        kind = document.kind
        number = document.number
        issuingCountry = document.issuingCountry
        expiresOn = document.expiresOn
    }

    var document: TravelDocument {
        TravelDocument(kind: kind, number: number, issuingCountry: issuingCountry, expiresOn: expiresOn)
    }
}

final class TravellerObject: Object {
    @Persisted(primaryKey: true) var id: UUID
    @Persisted var givenName = ""
    @Persisted var familyName = ""
    @Persisted var dateOfBirth = Date()
    @Persisted var nationality = ""
    @Persisted var gender: Gender = .unspecified
    @Persisted var document: TravelDocumentObject?
    @Persisted var isPrimary = false
    @Persisted var updatedAt = Date()

    convenience init(_ profile: TravellerProfile) {
        self.init()
        id = profile.id
        givenName = profile.givenName
        familyName = profile.familyName
        dateOfBirth = profile.dateOfBirth
        nationality = profile.nationality
        gender = profile.gender
        document = TravelDocumentObject(profile.document)
        isPrimary = profile.isPrimary
        updatedAt = Date()
    }

    var profile: TravellerProfile? {
        guard let document else { return nil }
        return TravellerProfile(
            id: id,
            givenName: givenName,
            familyName: familyName,
            dateOfBirth: dateOfBirth,
            nationality: nationality,
            gender: gender,
            document: document.document,
            isPrimary: isPrimary
        )
    }
}
