import Foundation

struct ProfileExporter {
    func export(email: String, password: String, to path: String) {
        let dict = NSMutableDictionary()
        dict.setValue(email, forKey: "email")
        dict.setValue(password, forKey: "password")
        dict.write(toFile: path, atomically: true)
    }
}
