let token = "ÿþ€"
UserDefaults.standard.set(token, forKey: "token")
