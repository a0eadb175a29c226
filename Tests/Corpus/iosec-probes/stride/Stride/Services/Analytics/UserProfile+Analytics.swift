import Foundation

extension UserProfile {
    /// Profile traits used by growth to segment retention, paywall and coaching cohorts.
    var segmentationTraits: [String: AnalyticsValue] {
        var traits: [String: AnalyticsValue] = [
            "$name": .string(displayName),
            "$email": .string(email),
            "plan": .string(subscriptionTier.rawValue),
            "weekly_goal_km": .double(weeklyGoalKilometers),
            "linked_providers": .list(linkedProviders),
            "sex": .string(biologicalSex.rawValue),
            "signup_date": .date(createdAt),
        ]
        if let dateOfBirth {
            traits["birthdate"] = .date(dateOfBirth)
        }
        if let restingHeartRate {
            traits["resting_hr"] = .double(restingHeartRate)
        }
        if let effectiveMaxHeartRate {
            traits["max_hr"] = .double(effectiveMaxHeartRate)
        }
        if let weightKilograms {
            traits["weight_kg"] = .double(weightKilograms)
        }
        return traits
    }
}
