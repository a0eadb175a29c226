import Foundation

struct LocalLogin {
    func verify(user: String, password: String) -> Bool {
        guard let path = Bundle.main.path(forResource: "Credentials", ofType: "plist"),
              let stored = NSDictionary(contentsOfFile: path) else { return false }
        return user == stored["User"] as? String && password == stored["Password"] as? String
    }
}
