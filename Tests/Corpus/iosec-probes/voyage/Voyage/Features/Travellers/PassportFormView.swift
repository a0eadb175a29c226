import Combine
import SwiftUI

struct TravellerListView: View {
    let repository: TravellerRepository
    let makeForm: (TravellerProfile?) -> PassportFormViewModel

    @State private var travellers: [TravellerProfile] = []
    @State private var editing: EditingTarget?

    private enum EditingTarget: Identifiable {
        case new
        case existing(TravellerProfile)

        var id: String {
            switch self {
            case .new: return "new"
            case .existing(let profile): return profile.id.uuidString
            }
        }
    }

    var body: some View {
        List {
            ForEach(travellers) { traveller in
                Button { editing = .existing(traveller) } label: {
                    VStack(alignment: .leading, spacing: 2) {
                        HStack {
                            Text(traveller.fullName).font(.headline)
                            if traveller.isPrimary {
                                Image(systemName: "star.fill").foregroundStyle(.yellow).imageScale(.small)
                            }
                        }
                        Text("\(traveller.document.issuingCountry) \(traveller.document.maskedNumber)")
                            .font(.subheadline.monospaced())
                            .foregroundStyle(traveller.document.isExpired ? .red : .secondary)
                    }
                }
                .foregroundStyle(.primary)
            }
            .onDelete { offsets in
                let ids = offsets.map { travellers[$0].id }
                Task { for id in ids { try? await repository.delete(id: id) } }
            }
        }
        .navigationTitle("travellers.title")
        .toolbar {
            Button { editing = .new } label: { Image(systemName: "plus") }
        }
        .sheet(item: $editing) { target in
            NavigationStack {
                switch target {
                case .new: PassportFormView(viewModel: makeForm(nil))
                case .existing(let profile): PassportFormView(viewModel: makeForm(profile))
                }
            }
        }
        .task { try? repository.load() }
        .onReceive(repository.travellers.receive(on: RunLoop.main)) { travellers = $0 }
    }
}

struct PassportFormView: View {
    @StateObject var viewModel: PassportFormViewModel
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        Form {
            if viewModel.restoredFromDraft {
                Section {
                    HStack {
                        Label("traveller.draftRestored", systemImage: "clock.arrow.circlepath")
                        Spacer()
                        Button("common.discard", role: .destructive) { viewModel.discardDraft() }
                    }
                    .font(.footnote)
                }
            }

            Section("traveller.section.person") {
                field("traveller.givenName", text: $viewModel.form.givenName, error: .givenName)
                    .textContentType(.givenName)
                field("traveller.familyName", text: $viewModel.form.familyName, error: .familyName)
                    .textContentType(.familyName)
                DatePicker("traveller.dateOfBirth", selection: $viewModel.form.dateOfBirth, in: ...Date(), displayedComponents: .date)
                Picker("traveller.gender", selection: $viewModel.form.gender) {
                    ForEach(Gender.allCases, id: \.self) { Text(LocalizedStringKey("gender.\($0.rawValue)")).tag($0) }
                }
                field("traveller.nationality", text: $viewModel.form.nationality, error: .nationality)
                    .textInputAutocapitalization(.characters)
            }

            Section("traveller.section.document") {
                Picker("traveller.documentKind", selection: $viewModel.form.documentKind) {
                    Text("document.passport").tag(TravelDocument.Kind.passport)
                    Text("document.nationalID").tag(TravelDocument.Kind.nationalID)
                }
                field("traveller.documentNumber", text: $viewModel.form.documentNumber, error: .documentNumber)
                    .textInputAutocapitalization(.characters)
                    .autocorrectionDisabled()
                    .font(.body.monospaced())
                    .privacySensitive()
                field("traveller.issuingCountry", text: $viewModel.form.issuingCountry, error: .issuingCountry)
                    .textInputAutocapitalization(.characters)
                DatePicker("traveller.expiry", selection: $viewModel.form.documentExpiry, in: Date()..., displayedComponents: .date)
            }

            Section {
                Toggle("traveller.isPrimary", isOn: $viewModel.form.isPrimary)
            } footer: {
                Text("traveller.footer.apis")
            }
        }
        .navigationTitle(viewModel.isEditing ? "traveller.edit" : "traveller.add")
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItem(placement: .cancellationAction) {
                Button("common.cancel") { dismiss() }
            }
            ToolbarItem(placement: .confirmationAction) {
                if viewModel.isSaving {
                    ProgressView()
                } else {
                    Button("common.save") {
                        Task { if await viewModel.save() { dismiss() } }
                    }
                }
            }
        }
    }

    @ViewBuilder
    private func field(_ title: LocalizedStringKey, text: Binding<String>, error: PassportFormViewModel.Field) -> some View {
        VStack(alignment: .leading, spacing: 2) {
            TextField(title, text: text)
            if let message = viewModel.errors[error] {
                Text(message).font(.caption).foregroundStyle(.red)
            }
        }
    }
}
