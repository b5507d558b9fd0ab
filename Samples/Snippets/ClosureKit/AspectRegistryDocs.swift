// Samples of Sources/ClosureKit/Aspects/AspectRegistry.swift
// snippet.hide
import ClosureKit

func sample() {
// snippet.show
print(AspectRegistry.shared.names)          // ["analytics", "audit"]
AspectRegistry.shared.uninstall(named: "audit")
// snippet.hide
}
// snippet.show
