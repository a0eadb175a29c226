import Foundation

/// Writes a GPX 1.1 track so users can take runs to other tools.
struct GPXExporter {
    private static let gpxNamespace = "http://www.topografix.com/GPX/1/1"
    private static let xsiNamespace = "http://www.w3.org/2001/XMLSchema-instance"
    private static let schemaLocation = "http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd"
    private static let trackPointExtensionNamespace = "http://www.garmin.com/xmlschemas/TrackPointExtension/v1"

    private let timestampFormatter: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()

    func export(_ workout: Workout) throws -> URL {
        let xml = render(workout)
        let name = "Stride-\(workout.kind.rawValue)-\(Int(workout.startDate.timeIntervalSince1970)).gpx"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(name)
        try Data(xml.utf8).write(to: url, options: [.atomic, .completeFileProtection])
        return url
    }

    func render(_ workout: Workout) -> String {
        var lines: [String] = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<gpx version=\"1.1\" creator=\"Stride\" xmlns=\"\(Self.gpxNamespace)\" xmlns:xsi=\"\(Self.xsiNamespace)\" xmlns:gpxtpx=\"\(Self.trackPointExtensionNamespace)\" xsi:schemaLocation=\"\(Self.schemaLocation)\">",
            "  <metadata><time>\(timestampFormatter.string(from: workout.startDate))</time></metadata>",
            "  <trk>",
            "    <name>\(escape(workout.kind.displayName))</name>",
            "    <type>\(workout.kind.rawValue)</type>",
            "    <trkseg>",
        ]

        for point in workout.route {
            var trkpt = String(format: "      <trkpt lat=\"%.7f\" lon=\"%.7f\">", point.latitude, point.longitude)
            if let altitude = point.altitude {
                trkpt += String(format: "<ele>%.1f</ele>", altitude)
            }
            trkpt += "<time>\(timestampFormatter.string(from: point.timestamp))</time>"
            if let hr = nearestHeartRate(to: point.timestamp, in: workout.heartRateSamples) {
                trkpt += "<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>\(Int(hr))</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions>"
            }
            trkpt += "</trkpt>"
            lines.append(trkpt)
        }

        lines += ["    </trkseg>", "  </trk>", "</gpx>"]
        return lines.joined(separator: "\n")
    }

    private func nearestHeartRate(to date: Date, in samples: [HeartRateSample]) -> Double? {
        samples.min(by: { abs($0.timestamp.timeIntervalSince(date)) < abs($1.timestamp.timeIntervalSince(date)) })
            .flatMap { abs($0.timestamp.timeIntervalSince(date)) < 10 ? $0.beatsPerMinute : nil }
    }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }
}
