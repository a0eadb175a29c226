import Foundation

enum ThirdPartyKeys {
    static let stripePublishableKey = "pk_live_51HxQm2Ck8Jd0aLpZr7TuVw3yN4sB6eG9fH1iK2jL3mN4oP5qR6sT7uV8wX9yZ0aB1cD2eF3gH4i"
    static let postHogProjectKey = "phc_Xk9mQ2rT7vB4nL8pW3sD6fG1hJ5kZ0cY2aE4uI7oM9q"
}
