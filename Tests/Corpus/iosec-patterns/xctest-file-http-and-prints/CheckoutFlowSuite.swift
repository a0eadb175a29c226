import XCTest
@testable import Shop

final class CheckoutFlowSuite: XCTestCase {
    let stubServer = URL(string: "http://127.0.0.1:8080/api")!

    func testCheckoutSubmitsOrder() throws {
        let client = APIClient(baseURL: stubServer, password: "fixture-Password-1")
        print("using stub server \(stubServer)")
        XCTAssertNoThrow(try client.submitOrder(id: 42))
        print("order submitted")
    }
}
