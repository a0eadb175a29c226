//
//  AddressSearchModel.swift
//  Dashdrop
//
//  Address autocomplete for the delivery address picker.
//

import Foundation
import MapKit
import os

@MainActor
final class AddressSearchModel: NSObject, ObservableObject {
    @Published var query = "" {
        didSet {
            if query.count >= 3 { completer.queryFragment = query } else { suggestions = [] }
        }
    }
    @Published private(set) var suggestions: [MKLocalSearchCompletion] = []

    private let completer = MKLocalSearchCompleter()

    override init() {
        super.init()
        completer.delegate = self
        completer.resultTypes = .address
    }

    func resolve(_ suggestion: MKLocalSearchCompletion) async -> DeliveryAddress? {
        let request = MKLocalSearch.Request(completion: suggestion)
        request.resultTypes = .address
        guard let placemark = try? await MKLocalSearch(request: request).start().mapItems.first?.placemark else {
            return nil
        }
        let street = [placemark.subThoroughfare, placemark.thoroughfare].compactMap { $0 }.joined(separator: " ")
        Logger.checkout.debug("Resolved address to \(placemark.coordinate.latitude, privacy: .public),\(placemark.coordinate.longitude, privacy: .public)")
        return DeliveryAddress(street: street,
                               city: placemark.locality ?? "",
                               postalCode: placemark.postalCode ?? "",
                               coordinate: placemark.coordinate)
    }
}

extension AddressSearchModel: MKLocalSearchCompleterDelegate {
    nonisolated func completerDidUpdateResults(_ completer: MKLocalSearchCompleter) {
        let results = Array(completer.results.prefix(8))
        Task { @MainActor in self.suggestions = results }
    }

    nonisolated func completer(_ completer: MKLocalSearchCompleter, didFailWithError error: Error) {
        NSLog("[Address] autocomplete failed with code %ld", (error as NSError).code)
    }
}
