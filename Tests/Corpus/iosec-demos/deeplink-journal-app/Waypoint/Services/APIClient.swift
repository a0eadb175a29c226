import Alamofire
import Foundation

struct Credentials: Encodable {
    let email: String
    let password: String
}

final class APIClient {
    static let shared = APIClient()
    private let endpoint = URL(string: "http://api.waypoint-journal.com/v2")!

    func signIn(_ credentials: Credentials, completion: @escaping (String?) -> Void) {
        AF.request(endpoint.appendingPathComponent("session"), method: .post, parameters: credentials, encoder: JSONParameterEncoder.default)
            .validate(statusCode: 200..<300)
            .response { response in
                guard response.error == nil else { return completion(nil) }
                completion(sessionCipher.seal(credentials.email + ":" + credentials.password))
            }
    }
}
