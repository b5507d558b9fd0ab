import AnalyticsAspect

/// The `analytics-aspect` example's tour: an aspect that counts calls of
/// several types from one table of names, installed and uninstalled at run
/// time.
func demoAspects() {
    do {
        try runAnalyticsTour(indent: "   ")
    } catch {
        print("   the tour failed: \(error)")
    }
}
