/// How often the app's own files, outside tests, mention some names: the search behind the passes that ask whether
/// anything reaches a function, a domain or a Core Data model. File by file, each name is looked for with `memchr`
/// (`ByteSearch`) only until it has been seen `times` times, and the search ends when every name has.
enum SourceMentions {
    /// The names that files of `kinds` mention fewer than `times` times, as whole words (`wholeWords`) or anywhere in
    /// the text (a domain inside a URL). A file `skip` rejects is not read (one that holds the declarations
    /// themselves).
    static func mentionedFewer(
        than times: Int, _ names: Set<String>, in inputs: [FileInput], kinds: Set<FileKind>, wholeWords: Bool,
        skip: (FileInput, [UInt8]) -> Bool = { _, _ in false }
    ) -> Set<String> {
        var open = Dictionary(uniqueKeysWithValues: names.map { ($0, (search: ByteSearch($0), seen: 0)) })
        for input in inputs where kinds.contains(input.kind) {
            guard !open.isEmpty else { break }
            guard !PathTraits.isTestCode(input.relativePath), let bytes = try? input.load(), !skip(input, bytes)
            else { continue }
            for (name, entry) in open {
                let found =
                    wholeWords
                    ? entry.search.wordCount(in: bytes, limit: times - entry.seen)
                    : (entry.search.occurs(in: bytes) ? 1 : 0)
                if entry.seen + found >= times { open[name] = nil } else { open[name]?.seen += found }
            }
        }
        return Set(open.keys)
    }
}
