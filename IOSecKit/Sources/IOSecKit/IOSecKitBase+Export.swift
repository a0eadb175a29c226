// The types an app passes to IOSecKit (AppID, SPKIPin, AssociationFileCheck) come with `import IOSecKit`. Under
// CocoaPods the base sources are compiled into IOSecKit itself, so there is nothing to re-export.
#if canImport(IOSecKitBase)
@_exported import IOSecKitBase
#endif
