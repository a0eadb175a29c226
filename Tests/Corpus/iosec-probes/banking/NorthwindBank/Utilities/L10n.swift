import Foundation

enum L10n {
    static func string(_ key: String, table: String? = nil) -> String {
        NSLocalizedString(key, tableName: table, bundle: .main, comment: "")
    }

    /// Formats a localised template. The template always comes from Localizable.strings,
    /// user values are only ever passed as arguments.
    static func format(_ key: String, _ arguments: CVarArg...) -> String {
        String(format: string(key), locale: Locale.current, arguments: arguments)
    }
}

enum Formatters {
    private static let currencyFormatter: NumberFormatter = {
        let formatter = NumberFormatter()
        formatter.numberStyle = .currency
        return formatter
    }()

    static let receiptTimestamp: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .long
        formatter.timeStyle = .short
        return formatter
    }()

    static func currency(_ money: Money) -> String {
        currencyFormatter.currencyCode = money.currency
        return currencyFormatter.string(from: NSDecimalNumber(decimal: money.amount)) ?? "\(money.amount) \(money.currency)"
    }

    static func maskedAccountNumber(_ number: String) -> String {
        let digits = number.filter { !$0.isWhitespace }
        guard digits.count > 4 else { return digits }
        return "•••• " + digits.suffix(4)
    }

    /// Groups an IBAN in blocks of four for display.
    static func groupedIBAN(_ iban: String) -> String {
        let compact = iban.replacingOccurrences(of: " ", with: "").uppercased()
        return stride(from: 0, to: compact.count, by: 4).map { offset -> String in
            let start = compact.index(compact.startIndex, offsetBy: offset)
            let end = compact.index(start, offsetBy: 4, limitedBy: compact.endIndex) ?? compact.endIndex
            return String(compact[start..<end])
        }.joined(separator: " ")
    }
}
