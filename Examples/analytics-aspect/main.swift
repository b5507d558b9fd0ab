// analytics-aspect: an aspect that counts calls across several types, from
// one table of type and method names, installed and uninstalled at run time.
//
// Run it with `swift run analytics-aspect`. The reusable part (the shop's
// types, the aspect, the tour) is the AnalyticsAspect target beside this
// file, which `closurekit-demo` calls too.

import AnalyticsAspect

print("analytics-aspect: counting calls without touching the counted types")
try runAnalyticsTour(indent: "   ")
