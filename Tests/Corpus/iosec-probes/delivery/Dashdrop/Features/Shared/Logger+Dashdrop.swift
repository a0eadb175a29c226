//
//  Logger+Dashdrop.swift
//  Dashdrop
//

import Foundation
import os

extension Logger {
    private static let subsystem = Bundle.main.bundleIdentifier ?? "com.dashdrop.ios"
    static let tracking = Logger(subsystem: subsystem, category: "tracking")
    static let checkout = Logger(subsystem: subsystem, category: "checkout")
    static let push = Logger(subsystem: subsystem, category: "push")
    static let history = Logger(subsystem: subsystem, category: "history")
}

enum Money {
    static func format(_ amount: Decimal, currencyCode: String) -> String {
        amount.formatted(.currency(code: currencyCode))
    }
}
