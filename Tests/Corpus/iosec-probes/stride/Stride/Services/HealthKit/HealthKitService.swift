import Foundation
import HealthKit

protocol HealthDataProviding {
    func requestAuthorization() async throws
    func recentWorkouts(since start: Date) async throws -> [Workout]
    func restingHeartRate() async throws -> Double?
    func startObservingWorkouts(_ handler: @escaping () -> Void)
}

enum HealthKitError: Error {
    case unavailable
}

final class HealthKitService: HealthDataProviding {
    private let store = HKHealthStore()
    private let mapper = WorkoutMapper()
    private var observerQuery: HKObserverQuery?

    private var readTypes: Set<HKObjectType> {
        [
            HKObjectType.workoutType(),
            HKSeriesType.workoutRoute(),
            HKQuantityType(.heartRate),
            HKQuantityType(.restingHeartRate),
            HKQuantityType(.distanceWalkingRunning),
            HKQuantityType(.activeEnergyBurned),
            HKQuantityType(.vo2Max),
            HKCharacteristicType(.dateOfBirth),
            HKCharacteristicType(.biologicalSex),
        ]
    }

    private var shareTypes: Set<HKSampleType> {
        [HKObjectType.workoutType(), HKQuantityType(.distanceWalkingRunning), HKQuantityType(.activeEnergyBurned)]
    }

    func requestAuthorization() async throws {
        guard HKHealthStore.isHealthDataAvailable() else { throw HealthKitError.unavailable }
        try await store.requestAuthorization(toShare: shareTypes, read: readTypes)
    }

    func recentWorkouts(since start: Date) async throws -> [Workout] {
        let running = HKQuery.predicateForWorkouts(with: .running)
        let walking = HKQuery.predicateForWorkouts(with: .walking)
        let activity = NSCompoundPredicate(orPredicateWithSubpredicates: [running, walking])
        let window = HKQuery.predicateForSamples(withStart: start, end: nil, options: .strictStartDate)

        let descriptor = HKSampleQueryDescriptor(
            predicates: [.workout(NSCompoundPredicate(andPredicateWithSubpredicates: [activity, window]))],
            sortDescriptors: [SortDescriptor(\.startDate, order: .reverse)],
            limit: 200
        )
        let hkWorkouts = try await descriptor.result(for: store)

        var results: [Workout] = []
        results.reserveCapacity(hkWorkouts.count)
        for hkWorkout in hkWorkouts {
            let samples = try await heartRateSamples(during: hkWorkout)
            let route = try await routePoints(for: hkWorkout)
            results.append(mapper.workout(from: hkWorkout, heartRate: samples, route: route))
        }
        Log.health.info("Fetched \(results.count, privacy: .public) workouts from HealthKit")
        return results
    }

    private func heartRateSamples(during workout: HKWorkout) async throws -> [HeartRateSample] {
        let predicate = HKQuery.predicateForObjects(from: workout)
        let descriptor = HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: HKQuantityType(.heartRate), predicate: predicate)],
            sortDescriptors: [SortDescriptor(\.startDate)]
        )
        let unit = HKUnit.count().unitDivided(by: .minute())
        return try await descriptor.result(for: store).map {
            HeartRateSample(timestamp: $0.startDate, beatsPerMinute: $0.quantity.doubleValue(for: unit))
        }
    }

    private func routePoints(for workout: HKWorkout) async throws -> [RoutePoint] {
        let routeDescriptor = HKSampleQueryDescriptor(
            predicates: [.sample(type: HKSeriesType.workoutRoute(), predicate: HKQuery.predicateForObjects(from: workout))],
            sortDescriptors: []
        )
        guard let route = try await routeDescriptor.result(for: store).first as? HKWorkoutRoute else {
            return []
        }

        let locationsDescriptor = HKWorkoutRouteQueryDescriptor(route)
        var points: [RoutePoint] = []
        for try await location in locationsDescriptor.results(for: store) {
            points.append(RoutePoint(
                latitude: location.coordinate.latitude,
                longitude: location.coordinate.longitude,
                altitude: location.verticalAccuracy >= 0 ? location.altitude : nil,
                timestamp: location.timestamp
            ))
        }
        return points
    }

    func restingHeartRate() async throws -> Double? {
        let descriptor = HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: HKQuantityType(.restingHeartRate))],
            sortDescriptors: [SortDescriptor(\.endDate, order: .reverse)],
            limit: 1
        )
        let unit = HKUnit.count().unitDivided(by: .minute())
        return try await descriptor.result(for: store).first?.quantity.doubleValue(for: unit)
    }

    func startObservingWorkouts(_ handler: @escaping () -> Void) {
        guard observerQuery == nil else { return }
        let query = HKObserverQuery(sampleType: .workoutType(), predicate: nil) { _, completion, error in
            if let error {
                Log.health.error("Workout observer error: \(error.localizedDescription, privacy: .public)")
            } else {
                handler()
            }
            completion()
        }
        store.execute(query)
        store.enableBackgroundDelivery(for: .workoutType(), frequency: .immediate) { success, error in
            if !success {
                Log.health.error("Background delivery not enabled: \(String(describing: error), privacy: .public)")
            }
        }
        observerQuery = query
    }
}

struct WorkoutMapper {
    private let bpm = HKUnit.count().unitDivided(by: .minute())

    func workout(from hkWorkout: HKWorkout, heartRate: [HeartRateSample], route: [RoutePoint]) -> Workout {
        let distance = hkWorkout.statistics(for: HKQuantityType(.distanceWalkingRunning))?
            .sumQuantity()?.doubleValue(for: .meter()) ?? 0
        let energy = hkWorkout.statistics(for: HKQuantityType(.activeEnergyBurned))?
            .sumQuantity()?.doubleValue(for: .kilocalorie()) ?? 0
        let hrStats = hkWorkout.statistics(for: HKQuantityType(.heartRate))

        return Workout(
            id: hkWorkout.uuid,
            kind: kind(for: hkWorkout),
            source: hkWorkout.sourceRevision.source.bundleIdentifier.hasSuffix(".watchkitapp") ? .watch : .healthKit,
            startDate: hkWorkout.startDate,
            endDate: hkWorkout.endDate,
            distanceMeters: distance,
            activeEnergyKilocalories: energy,
            averageHeartRate: hrStats?.averageQuantity()?.doubleValue(for: bpm),
            maxHeartRate: hrStats?.maximumQuantity()?.doubleValue(for: bpm),
            heartRateSamples: heartRate,
            route: route,
            shareSlug: nil
        )
    }

    private func kind(for workout: HKWorkout) -> ActivityKind {
        switch workout.workoutActivityType {
        case .walking:
            return .walk
        case .hiking:
            return .trailRun
        case .running:
            if let indoor = workout.metadata?[HKMetadataKeyIndoorWorkout] as? Bool, indoor {
                return .treadmill
            }
            return .run
        default:
            return .run
        }
    }
}
