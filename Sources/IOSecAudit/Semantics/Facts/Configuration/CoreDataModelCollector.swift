import IOSecCore

/// Records the stored attributes of a Core Data model whose names say secret (`Account.password`), for
/// `storage.database-unencrypted`; says once when the model cannot be read or is truncated.
enum CoreDataModelCollector: ArtifactFactCollector {
    static let fileKinds: Set<FileKind> = [.coreDataModel]

    /// Categories worth a finding when stored in plain database rows.
    static let categories: Set<SensitiveCategory> = [
        .password, .token, .key, .secret, .pin, .otp, .card, .personalID, .credential
    ]

    /// A flag, number or date (`rememberPassword`, `tokenExpiry`) says something about a secret without holding it.
    private static func holdsNoSecret(_ type: String?) -> Bool {
        switch type {
        case "Boolean", "Date", "Integer 16", "Integer 32", "Integer 64", "Double", "Float", "Decimal": true
        default: false
        }
    }

    static func collect(_ file: ArtifactFile) -> [Diagnostic] {
        let model = file.parsed("IOSecAudit.CoreDataModel") { CoreDataModel.parse($0.bytes) }
        for entity in model.entities {
            for attribute in entity.attributes where !attribute.isTransient && !Self.holdsNoSecret(attribute.type) {
                guard let category = SensitiveName.classify(attribute.name), categories.contains(category) else {
                    continue
                }
                file.record(
                    kind: FactKind.coreDataSensitiveAttribute,
                    value: FactKind.join(
                        "\(entity.name).\(attribute.name)", category.rawValue, entity.className ?? entity.name),
                    line: attribute.line, column: file.indentColumn(ofLine: attribute.line))
            }
        }
        guard let error = model.error else { return [] }
        return [Diagnostic(file: file.path, message: "not fully reviewed (line \(error.line)): \(error.message)")]
    }
}
