import Foundation

enum SubscriptionTier: String, Codable {
    case free
    case plus
    case coachPro = "coach_pro"
}

enum BiologicalSexValue: String, Codable {
    case female, male, other, notSet
}

struct UserProfile: Codable, Identifiable, Equatable {
    let id: String
    var displayName: String
    var email: String
    var dateOfBirth: Date?
    var biologicalSex: BiologicalSexValue
    var weightKilograms: Double?
    var heightCentimeters: Double?
    var restingHeartRate: Double?
    var measuredMaxHeartRate: Double?
    var subscriptionTier: SubscriptionTier
    var weeklyGoalKilometers: Double
    var linkedProviders: [String]
    var createdAt: Date

    var age: Int? { dateOfBirth?.years(until: Date()) }

    /// Prefer a lab/field-measured max; otherwise fall back to the Tanaka estimate.
    var effectiveMaxHeartRate: Double? {
        if let measuredMaxHeartRate { return measuredMaxHeartRate }
        guard let age else { return nil }
        return 208 - 0.7 * Double(age)
    }

    var firstName: String {
        displayName.split(separator: " ").first.map(String.init) ?? displayName
    }
}
