import Foundation

final class ShortcutRouter {
    private let index = BookmarkIndex()

    func route(_ link: URL) {
        guard link.host == "bookmarks", let filter = link.query else { return }
        index.remove(where: filter)
    }
}
