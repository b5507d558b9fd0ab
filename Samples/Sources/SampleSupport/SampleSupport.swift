// Intentionally empty: this target exists so that the snippets of this package
// can import ClosureKit and ClosureKitFoundation (see Package.swift).
