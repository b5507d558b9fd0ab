// Placeholder so that the ClosureKitTests target has a source file on the
// foundation branch before the capability branches are merged. Safe to delete
// once Tests/ClosureKitTests holds tests.
