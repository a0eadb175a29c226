import IOSecCore

/// `privacy.third-party-sdk-pii` in Objective-C: a send to an analytics or crash SDK (`[Flurry logEvent:…
/// withParameters:@{@"email": …}]`, `[[Crashlytics sharedInstance] setUserEmail:…]`) whose arguments carry personal
/// data: an identifier naming it, or a dictionary key naming it. The event name is not user data.
enum ThirdPartySDKPIIObjCMatcher: ObjCRule {
    static var description: RuleDescription { ThirdPartySDKPIIRule.description }

    /// Selector parts that name the event rather than carry user data.
    static let eventParts: Set<String> = ["logEvent", "logEventWithName", "track", "log", "event", "eventName"]
    /// Members that read a Bool or a number from a personal value (`email.length`).
    static let derivedMembers: Set<String> = ["length", "count", "hash", "isEmpty"]

    static let requiredNames: Set<String>? = ThirdPartySDKPIIRule.sdkNames

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        // Where the SDKs are named, in order: a send is to an SDK when its receiver holds one of these.
        let sdkTokens = ThirdPartySDKPIIRule.sdkNames.flatMap(source.occurrences).sorted()
        for send in source.sends {
            guard let sdk = sdk(receiving: send, sdkTokens, source) else { continue }
            for part in send.parts where !eventParts.contains(part.name) {
                guard let argument = part.argument,
                    let what = personalData(in: argument, source) ?? personalKey(of: part, in: send, source)
                else { continue }
                report(
                    file, source, at: send.parts[0].nameIndex,
                    "\(what) is sent to a third-party SDK (\(sdk)); identify users by an opaque ID and send categories, not personal data"
                )
                break
            }
        }
    }

    /// The SDK a send goes to: named in its receiver (`[FIRAnalytics …]`, `[[Crashlytics sharedInstance] …]`), or a
    /// local declared from one (`FIRCrashlytics *crashlytics = [FIRCrashlytics crashlytics];`).
    private static func sdk(receiving send: ObjCMessageSend, _ sdkTokens: [Int], _ source: ObjCSource) -> String? {
        if let first = sdkTokens.first(from: send.receiver.lowerBound), send.receiver.contains(first) {
            return source.text(first)
        }
        let receiver = source.trimmedExpression(send.receiver)
        guard receiver.count == 1, source.isIdentifier(receiver.lowerBound),
            let value = source.declaredValue(of: source.text(receiver.lowerBound), before: receiver.lowerBound),
            let first = sdkTokens.first(from: value.lowerBound), value.contains(first)
        else { return nil }
        return source.text(first)
    }

    /// `setCustomValue:number forKey:@"card_number_input"`, `setUserPropertyString:x forName:@"email"`: a value the
    /// key names as personal data, unless the value is a literal.
    private static func personalKey(
        of part: ObjCMessageSend.Part, in send: ObjCMessageSend, _ source: ObjCSource
    ) -> String? {
        guard ["forKey", "forName"].contains(part.name), let key = part.argument,
            let literal = source.stringValue(of: key), ThirdPartySDKPIIRule.isPersonal(literal),
            let value = send.parts.first?.argument, source.stringValue(of: value) == nil,
            !source.isTrivialValue(source.trimmedExpression(value))
        else { return nil }
        return "a value under the key \"\(literal)\""
    }

    /// "`emailField`" / "the key \"phone\"": an identifier naming personal data (not a count or length of it), or a
    /// dictionary literal's key naming it. Hashed values are pseudonymous.
    private static func personalData(in range: Range<Int>, _ source: ObjCSource) -> String? {
        let names = source.identifiers(in: range)
        if names.contains(where: { SensitiveName.words($0).contains { ["hash", "hashed", "sha256"].contains($0) } }) {
            return nil
        }
        for index in range {
            if source.isIdentifier(index) {
                let text = source.text(index)
                if source.isPunct(index + 1, "."), derivedMembers.contains(source.text(index + 2)) { continue }
                if ThirdPartySDKPIIRule.isPersonal(text) { return "`\(text)`" }
            } else if let literal = source.stringValue(ofToken: index), source.isPunct(index + 1, ":"),
                ThirdPartySDKPIIRule.isPersonal(literal)
            {
                return "the key \"\(literal)\""
            }
        }
        return nil
    }
}

extension [Int] {
    /// The first element not less than `value`, in an ascending array.
    fileprivate func first(from value: Int) -> Int? {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if self[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low < count ? self[low] : nil
    }
}
