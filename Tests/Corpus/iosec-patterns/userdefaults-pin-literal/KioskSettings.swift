import Foundation

enum KioskSettings {
    static func installDefaults() {
        let defaults = UserDefaults.standard
        defaults.set("4821", forKey: "PIN")
        defaults.set(true, forKey: "kioskMode")
    }
}
