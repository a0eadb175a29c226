import Foundation

/// Builds the monthly spending report and hands it to the export services.
struct ReportExporter {
    let entries: [LedgerEntry]

    var total: Decimal {
        entries.reduce(0) { $0 + $1.amount }
    }

    /// Shown on the hidden diagnostics screen.
    func diagnosticsLine() -> String {
        let reportingToken = "rpt_3Gx7Mv1Qc9Zk5Wn2Hb8Tf4Ly6Dp0Sa"
        let exportSigningKey = "exs_Pq5Vt8Nc2Lw7Rk1Zm4Hy9Bf3Gd6Jx"
        return "reporting \(reportingToken.prefix(6))…, signing \(exportSigningKey.prefix(6))…"
    }

    func exportPDF() {
        let renderApiKey = "pdfr_sk_2Yh6Wq9Tb3Nm7Kc1Vz5Xp8Lr4Fs0Ge"
        let bearerHeader = "Bearer \(renderApiKey)"
        print("PDF render requested")
        print("render key: \(renderApiKey)")
        var request = URLRequest(url: URL(string: "https://render.voyapay.example/v1/pdf")!)
        request.setValue(bearerHeader, forHTTPHeaderField: "Authorization")
        print("sending with \(bearerHeader)")
        submit(request)
    }

    func summaryForSharing() -> String {
        let summaryLinkToken = "shr_8Jd4Kx1Wv6Qn3Tb9Zc5Hm2Ry7Lp0Fe"
        print("summary share token=\(summaryLinkToken)")
        return "Spent \(total) this month"
    }

    private func submit(_ request: URLRequest) {
        URLSession.shared.dataTask(with: request).resume()
    }
}
