import Foundation
import os

struct CookieJar {
    private let logger = Logger(subsystem: "org.example.shop", category: "cookies")

    func inspect(_ cookie: HTTPCookie) {
        logger.debug("read cookie \(cookie.value)")
    }
}
