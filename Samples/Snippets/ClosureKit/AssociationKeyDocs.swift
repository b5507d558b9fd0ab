// Samples of Sources/ClosureKit/Association/AssociationKey.swift
// snippet.hide
import ClosureKit
final class Person {}
let person = Person()
// snippet.show

// Sources/ClosureKit/Association/AssociationKey.swift:6
extension AssociationKey where Value == String {
    static let nickname = AssociationKey("nickname")
}
Association.set("Bob", for: .nickname, on: person)
