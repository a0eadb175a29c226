/// Limits shared by every reader of untrusted input in iosec (property lists in all three formats, association
/// files, storyboards and XIBs, Core Data models), so that a corrupt or hostile file ends with one error naming
/// the problem instead of exhausting the stack, the memory or the time of a scan.
public enum ParserLimits {
    /// How many arrays, dictionaries or elements may be open inside one another: 512.
    ///
    /// The recursive readers recurse once per level, and a scan worker or a caller's thread may have a small
    /// stack, so without a cap a file of `[[[[…` could crash the process. Real files stay far below it: an
    /// Info.plist, entitlements or privacy manifest nests under 10 levels, a `project.pbxproj` about 5, an
    /// association file 7, a storyboard two levels per view in the hierarchy. 512 is also where Foundation's
    /// JSON parser stops, so every format gives up at the same depth.
    public static let maximumNestingDepth = 512
}
