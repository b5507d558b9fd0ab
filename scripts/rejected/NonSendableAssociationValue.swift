// expect: type 'Draft' does not conform to the 'Sendable' protocol
// An associated value is read and written from any thread: its type is Sendable.
import ClosureKit

final class Draft {
    var text = ""
}

final class Document {}

func attach(_ draft: Draft, to document: Document) {
    let key = AssociationKey<Draft>("draft")
    Association.set(draft, for: key, on: document)
}
