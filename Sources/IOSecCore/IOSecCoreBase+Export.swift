// Classifiers, association files and SPKI pins are shared with IOSecKit (see Package.swift); users of IOSecCore
// see them as part of it.
@_exported import IOSecCoreBase
