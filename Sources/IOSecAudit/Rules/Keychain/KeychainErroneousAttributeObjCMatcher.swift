/// `keychain.erroneous-attribute` in Objective-C and C: a dictionary with a `kSecClass` whose other keys, all in
/// view (the literal, or a local's declaration and fills), include an attribute that class does not have.
enum KeychainErroneousAttributeObjCMatcher: ObjCRule {
    static var description: RuleDescription { KeychainErroneousAttributeRule.description }

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        var reported: Set<Int> = []
        for index in source.occurrences(of: "kSecClass") {
            guard let dictionary = ObjCKeychainDictionary.of(classKeyAt: index, in: source),
                dictionary.keys["kSecClass"] == index,
                let itemClass = dictionary.itemClass,
                let wrong = KeychainErroneousAttributeRule.foreignAttributes(of: itemClass)
            else { continue }
            for (key, at) in dictionary.keys.sorted(by: { $0.value < $1.value }) where wrong.contains(key) {
                guard reported.insert(at).inserted else { continue }
                report(file, source, at: at, KeychainErroneousAttributeRule.message(key: key, itemClass: itemClass))
            }
        }
    }
}
