import Combine
import Foundation

/// Editable state of the traveller form. Codable so an unfinished "add traveller" form
/// can be restored by `FormDraftStore`.
struct TravellerForm: Codable, Equatable {
    var givenName = ""
    var familyName = ""
    var dateOfBirth = Calendar.current.date(byAdding: .year, value: -30, to: Date()) ?? Date()
    var nationality = ""
    var gender: Gender = .unspecified
    var documentKind: TravelDocument.Kind = .passport
    var documentNumber = ""
    var issuingCountry = ""
    var documentExpiry = Calendar.current.date(byAdding: .year, value: 5, to: Date()) ?? Date()
    var isPrimary = false
}

extension TravellerForm {
    init(_ profile: TravellerProfile) {
        givenName = profile.givenName
        familyName = profile.familyName
        dateOfBirth = profile.dateOfBirth
        nationality = profile.nationality
        gender = profile.gender
        documentKind = profile.document.kind
        documentNumber = profile.document.number
        issuingCountry = profile.document.issuingCountry
        documentExpiry = profile.document.expiresOn
        isPrimary = profile.isPrimary
    }
}

@MainActor
final class PassportFormViewModel: ObservableObject {
    enum Field: Hashable {
        case givenName, familyName, dateOfBirth, nationality, documentNumber, issuingCountry, documentExpiry
    }

    @Published var form: TravellerForm
    @Published private(set) var errors: [Field: String] = [:]
    @Published private(set) var isSaving = false
    @Published private(set) var restoredFromDraft = false

    let editingID: UUID?
    private let repository: TravellerRepository
    private let drafts: FormDraftStore
    private var cancellables = Set<AnyCancellable>()

    private static let documentNumberPattern = try! NSRegularExpression(pattern: "^[A-Z0-9]{6,9}$")
    private static let countryPattern = try! NSRegularExpression(pattern: "^[A-Z]{3}$")

    init(existing: TravellerProfile?, repository: TravellerRepository, drafts: FormDraftStore) {
        self.editingID = existing?.id
        self.repository = repository
        self.drafts = drafts

        if let existing {
            form = TravellerForm(existing)
        } else if let draft = drafts.traveller {
            form = draft
            restoredFromDraft = true
        } else {
            form = TravellerForm()
        }

        autosaveDraft()
    }

    var isEditing: Bool { editingID != nil }

    func discardDraft() {
        drafts.traveller = nil
        form = TravellerForm()
        restoredFromDraft = false
    }

    func save() async -> Bool {
        guard validate() else { return false }
        isSaving = true
        defer { isSaving = false }

        let profile = TravellerProfile(
            id: editingID ?? UUID(),
            givenName: form.givenName.trimmingCharacters(in: .whitespaces),
            familyName: form.familyName.trimmingCharacters(in: .whitespaces),
            dateOfBirth: form.dateOfBirth,
            nationality: form.nationality,
            gender: form.gender,
            document: TravelDocument(
                kind: form.documentKind,
                number: form.documentNumber.uppercased(),
                issuingCountry: form.issuingCountry,
                expiresOn: form.documentExpiry
            ),
            isPrimary: form.isPrimary
        )

        do {
            try await repository.save(profile)
            drafts.traveller = nil
            return true
        } catch {
            Log.travellers.failure("Saving traveller", error)
            errors[.documentNumber] = error.localizedDescription
            return false
        }
    }

    @discardableResult
    func validate() -> Bool {
        var errors: [Field: String] = [:]
        if form.givenName.trimmingCharacters(in: .whitespaces).isEmpty {
            errors[.givenName] = NSLocalizedString("traveller.error.required", comment: "")
        }
        if form.familyName.trimmingCharacters(in: .whitespaces).isEmpty {
            errors[.familyName] = NSLocalizedString("traveller.error.required", comment: "")
        }
        if form.dateOfBirth > Date() {
            errors[.dateOfBirth] = NSLocalizedString("traveller.error.dobFuture", comment: "")
        }
        if !Self.matches(Self.countryPattern, form.nationality) {
            errors[.nationality] = NSLocalizedString("traveller.error.country", comment: "")
        }
        if !Self.matches(Self.countryPattern, form.issuingCountry) {
            errors[.issuingCountry] = NSLocalizedString("traveller.error.country", comment: "")
        }
        if !Self.matches(Self.documentNumberPattern, form.documentNumber.uppercased()) {
            errors[.documentNumber] = NSLocalizedString("traveller.error.documentNumber", comment: "")
        }
        if form.documentExpiry < Date().startOfDay {
            errors[.documentExpiry] = NSLocalizedString("traveller.error.expired", comment: "")
        }
        self.errors = errors
        return errors.isEmpty
    }

    private func autosaveDraft() {
        guard !isEditing else { return }
        $form
            .dropFirst()
            .removeDuplicates()
            .debounce(for: .seconds(1), scheduler: RunLoop.main)
            .sink { [weak self] form in
                self?.drafts.traveller = form
            }
            .store(in: &cancellables)
    }

    private static func matches(_ regex: NSRegularExpression, _ value: String) -> Bool {
        regex.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) != nil
    }
}
