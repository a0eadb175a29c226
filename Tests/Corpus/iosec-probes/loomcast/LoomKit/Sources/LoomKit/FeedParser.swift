import Foundation

public struct FeedPreview: Sendable {
    public var title = ""
    public var author: String?
    public var declaredGUID: String?
    public var itemCount = 0
    public var hasAudioEnclosures = false
}

/// Reads just enough of an RSS feed to confirm it is a podcast before we ask
/// the server to subscribe. Full ingestion happens server-side.
public final class FeedParser: NSObject, XMLParserDelegate {
    public enum Failure: Error {
        case malformed(line: Int)
        case notAPodcast
    }

    private var preview = FeedPreview()
    private var depthInItem = false
    private var text = ""

    public static func preview(_ data: Data) throws -> FeedPreview {
        let delegate = FeedParser()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        guard parser.parse() else { throw Failure.malformed(line: parser.lineNumber) }
        guard !delegate.preview.title.isEmpty, delegate.preview.hasAudioEnclosures else { throw Failure.notAPodcast }
        return delegate.preview
    }

    public func parser(
        _ parser: XMLParser,
        didStartElement elementName: String,
        namespaceURI: String?,
        qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        text = ""
        switch elementName {
        case "item":
            depthInItem = true
            preview.itemCount += 1
        case "enclosure":
            if attributeDict["type"]?.hasPrefix("audio/") == true { preview.hasAudioEnclosures = true }
        default:
            break
        }
    }

    public func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    public func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch elementName {
        case "item": depthInItem = false
        case "title" where !depthInItem && preview.title.isEmpty: preview.title = value
        case "itunes:author" where !depthInItem: preview.author = value
        case "podcast:guid": preview.declaredGUID = value.lowercased()
        default: break
        }
        text = ""
    }
}
