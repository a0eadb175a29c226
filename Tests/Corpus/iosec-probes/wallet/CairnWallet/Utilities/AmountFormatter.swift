import Foundation
import BigInt

enum AmountFormatter {
    static func decimalString(wei: BigUInt, decimals: Int, maxFractionDigits: Int = 6) -> String {
        let (whole, remainder) = wei.quotientAndRemainder(dividingBy: BigUInt(10).power(decimals))
        var fraction = String(remainder)
        fraction = String(repeating: "0", count: max(0, decimals - fraction.count)) + fraction
        fraction = String(fraction.prefix(maxFractionDigits))
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let separator = Locale.current.decimalSeparator ?? "."
        return fraction.isEmpty ? String(whole) : "\(whole)\(separator)\(fraction)"
    }

    /// Parses "0.25" / "0,25" into base units; rejects more fraction digits than the asset has.
    static func parse(_ text: String, decimals: Int) -> BigUInt? {
        let normalized = text
            .trimmingCharacters(in: .whitespaces)
            .replacingOccurrences(of: Locale.current.decimalSeparator ?? ".", with: ".")
        let parts = normalized.split(separator: ".", omittingEmptySubsequences: false)
        guard !normalized.isEmpty, parts.count <= 2 else { return nil }

        let wholePart = parts[0].isEmpty ? "0" : String(parts[0])
        let fractionPart = parts.count == 2 ? String(parts[1]) : ""
        guard fractionPart.count <= decimals,
              (wholePart + fractionPart).allSatisfy({ $0.isASCII && $0.isNumber }),
              let whole = BigUInt(wholePart, radix: 10) else {
            return nil
        }
        let paddedFraction = fractionPart + String(repeating: "0", count: decimals - fractionPart.count)
        return whole * BigUInt(10).power(decimals) + (BigUInt(paddedFraction, radix: 10) ?? 0)
    }

    static func display(wei: BigUInt, chain: ChainConfig) -> String {
        String(
            format: NSLocalizedString("amount.withSymbol", comment: "%1$@ = amount, %2$@ = ticker"),
            decimalString(wei: wei, decimals: chain.decimals),
            chain.symbol
        )
    }

    static func gwei(_ wei: BigUInt) -> String {
        String(
            format: NSLocalizedString("amount.gwei", comment: "%@ = gwei"),
            decimalString(wei: wei, decimals: 9, maxFractionDigits: 2)
        )
    }
}
