// Keeps the ClosureKitFoundationTests target buildable (SwiftPM needs at least
// one source file) until the Foundation proxies' own tests land; delete then.
