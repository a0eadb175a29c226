import UIKit

/// Renders a one-page PDF receipt the customer can keep or share.
final class ReceiptExporter {
    private static let pageRect = CGRect(x: 0, y: 0, width: 595, height: 842) // A4 @ 72 dpi
    private static let margin: CGFloat = 48

    private let fileManager: FileManager

    init(fileManager: FileManager = .default) {
        self.fileManager = fileManager
    }

    func exportPDF(_ receipt: TransferReceipt) throws -> URL {
        let folder = try receiptsFolder()
        let fileURL = folder.appendingPathComponent("Northwind-Receipt-\(receipt.transferId).pdf")

        let format = UIGraphicsPDFRendererFormat()
        format.documentInfo = [
            kCGPDFContextTitle as String: L10n.string("receipt.title"),
            kCGPDFContextCreator as String: "Northwind Bank",
        ]
        let renderer = UIGraphicsPDFRenderer(bounds: Self.pageRect, format: format)
        try renderer.writePDF(to: fileURL) { context in
            context.beginPage()
            draw(receipt)
        }
        AppLog.event(.receiptExported)
        return fileURL
    }

    // MARK: - Private

    private func receiptsFolder() throws -> URL {
        let documents = try fileManager.url(for: .documentDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
        let folder = documents.appendingPathComponent("Receipts", isDirectory: true)
        if !fileManager.fileExists(atPath: folder.path) {
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        return folder
    }

    private func draw(_ receipt: TransferReceipt) {
        let titleAttributes: [NSAttributedString.Key: Any] = [.font: UIFont.boldSystemFont(ofSize: 22)]
        let labelAttributes: [NSAttributedString.Key: Any] = [
            .font: UIFont.systemFont(ofSize: 11),
            .foregroundColor: UIColor.darkGray,
        ]
        let valueAttributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 14)]

        var y = Self.margin
        L10n.string("receipt.title").draw(at: CGPoint(x: Self.margin, y: y), withAttributes: titleAttributes)
        y += 44

        let rows: [(String, String)] = [
            (L10n.string("receipt.date"), Formatters.receiptTimestamp.string(from: receipt.createdAt)),
            (L10n.string("receipt.from"), "\(receipt.fromAccountName) · \(receipt.fromAccountNumber)"),
            (L10n.string("receipt.to"), receipt.payeeName),
            (L10n.string("receipt.iban"), Formatters.groupedIBAN(receipt.payeeIban)),
            (L10n.string("receipt.amount"), Formatters.currency(receipt.amount)),
            (L10n.string("receipt.reference"), receipt.reference),
            (L10n.string("receipt.transfer_id"), receipt.transferId),
        ]
        for (label, value) in rows {
            label.uppercased().draw(at: CGPoint(x: Self.margin, y: y), withAttributes: labelAttributes)
            value.draw(at: CGPoint(x: Self.margin, y: y + 14), withAttributes: valueAttributes)
            y += 42
        }

        let footer = String(format: L10n.string("receipt.footer.%@"), Formatters.receiptTimestamp.string(from: Date()))
        footer.draw(
            in: CGRect(x: Self.margin, y: Self.pageRect.height - 80, width: Self.pageRect.width - Self.margin * 2, height: 40),
            withAttributes: labelAttributes
        )
    }
}
