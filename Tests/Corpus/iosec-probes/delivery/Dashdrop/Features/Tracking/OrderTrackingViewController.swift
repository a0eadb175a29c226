//
//  OrderTrackingViewController.swift
//  Dashdrop
//

import UIKit
import MapKit
import CoreLocation
import os

@objc(OrderTrackingViewController)
final class OrderTrackingViewController: UIViewController {

    private let orderID: String?
    private var deliveryToken: String?

    private let mapView = MKMapView()
    private let statusLabel = UILabel()
    private let etaLabel = UILabel()
    private let locationManager = CLLocationManager()
    private let courierPin = MKPointAnnotation()
    private var trackingClient: CourierTrackingClient?

    @objc init(orderID: String?, deliveryToken: String?) {
        self.orderID = orderID
        self.deliveryToken = deliveryToken
        super.init(nibName: nil, bundle: nil)
        hidesBottomBarWhenPushed = true
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = orderID.map { String(localized: "Order \($0)") } ?? String(localized: "Tracking")
        view.backgroundColor = .systemBackground
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .action, target: self, action: #selector(shareTapped))

        mapView.delegate = self
        mapView.pointOfInterestFilter = .excludingAll
        statusLabel.font = .preferredFont(forTextStyle: .title3)
        statusLabel.text = String(localized: "Connecting to your courier…")
        etaLabel.font = .preferredFont(forTextStyle: .subheadline)
        etaLabel.textColor = .secondaryLabel

        let labels = UIStackView(arrangedSubviews: [statusLabel, etaLabel])
        labels.axis = .vertical
        labels.isLayoutMarginsRelativeArrangement = true
        labels.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 16, leading: 20, bottom: 16, trailing: 20)
        let stack = UIStackView(arrangedSubviews: [mapView, labels])
        stack.axis = .vertical
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: view.topAnchor),
            stack.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            stack.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor),
        ])

        locationManager.delegate = self
        if locationManager.authorizationStatus == .notDetermined {
            locationManager.requestWhenInUseAuthorization()
        }
        loadOrderDetails()
        AnalyticsTracker.shared().logScreen("order_tracking")
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        let subject: CourierTrackingClient.Subject
        if let orderID {
            subject = .order(orderID)
        } else if let deliveryToken {
            subject = .deliveryToken(deliveryToken)
        } else {
            return
        }
        let client = CourierTrackingClient(subject: subject)
        client.delegate = self
        client.connect()
        trackingClient = client
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        trackingClient?.disconnect()
        trackingClient = nil
    }

    private func loadOrderDetails() {
        guard let orderID else { return }
        APIClient.shared().get("orders/\(orderID)", parameters: nil) { [weak self] json, response, _ in
            NSLog("[Tracking] order details HTTP %ld", response?.statusCode ?? -1)
            guard let self, let order = json as? [String: Any] else { return }
            self.deliveryToken = order["delivery_token"] as? String ?? self.deliveryToken
            if let destination = order["destination"] as? [String: Double],
               let lat = destination["lat"], let lng = destination["lng"] {
                let pin = MKPointAnnotation()
                pin.coordinate = CLLocationCoordinate2D(latitude: lat, longitude: lng)
                pin.title = String(localized: "Drop-off")
                self.mapView.addAnnotation(pin)
            }
            self.navigationItem.prompt = order["restaurant_name"] as? String
        }
    }

    private func apply(_ update: CourierUpdate) {
        let isFirstFix = courierPin.title == nil
        courierPin.title = update.courierFirstName
        UIView.animate(withDuration: 0.8) { self.courierPin.coordinate = update.coordinate }
        if isFirstFix {
            mapView.addAnnotation(courierPin)
            mapView.showAnnotations(mapView.annotations, animated: true)
        }

        let status: String = switch update.stage {
        case .confirmed: String(localized: "Restaurant confirmed your order")
        case .preparing: String(localized: "Your food is being prepared")
        case .pickedUp: String(localized: "\(update.courierFirstName) picked up your order")
        case .arriving: String(localized: "\(update.courierFirstName) is almost there")
        case .delivered: String(localized: "Delivered. Enjoy!")
        case .cancelled: String(localized: "This order was cancelled")
        }
        statusLabel.text = status
        if let eta = update.etaSeconds {
            etaLabel.text = String(localized: "Arriving in about \(max(1, eta / 60)) min")
        }
        if update.stage == .delivered || update.stage == .cancelled {
            trackingClient?.disconnect()
            OrderHistoryStore.shared.updateStatus(orderID: update.orderID, status: update.stage.rawValue)
        }
    }

    @objc private func shareTapped() {
        guard let deliveryToken, let url = URL(string: DDTrackingShareBaseURLString + deliveryToken) else { return }
        Logger.tracking.info("Sharing tracking link \(url.absoluteString, privacy: .public)")
        AnalyticsTracker.shared().log("tracking_link_shared", parameters: ["order_id": orderID ?? "shared"])
        let activity = UIActivityViewController(activityItems: [String(localized: "Follow my Dashdrop delivery"), url],
                                                applicationActivities: nil)
        activity.popoverPresentationController?.barButtonItem = navigationItem.rightBarButtonItem
        present(activity, animated: true)
    }
}

extension OrderTrackingViewController: CourierTrackingClientDelegate {
    func trackingClient(_ client: CourierTrackingClient, didReceive update: CourierUpdate) {
        apply(update)
    }

    func trackingClientDidDisconnect(_ client: CourierTrackingClient, error: Error?) {
        statusLabel.text = String(localized: "Live tracking paused")
        if let error { AnalyticsTracker.shared().recordNonFatal(error) }
    }
}

extension OrderTrackingViewController: MKMapViewDelegate {
    func mapView(_ mapView: MKMapView, viewFor annotation: MKAnnotation) -> MKAnnotationView? {
        guard annotation === courierPin else { return nil }
        let view = MKMarkerAnnotationView(annotation: annotation, reuseIdentifier: "courier")
        view.glyphImage = UIImage(systemName: "bicycle")
        view.markerTintColor = .systemOrange
        return view
    }
}

extension OrderTrackingViewController: CLLocationManagerDelegate {
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        mapView.showsUserLocation = [.authorizedWhenInUse, .authorizedAlways].contains(manager.authorizationStatus)
    }
}
