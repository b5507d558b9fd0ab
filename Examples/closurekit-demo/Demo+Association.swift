import ClosureKit

/// A class that knows nothing of ClosureKit.
private final class Photo {
    let title: String
    init(title: String) { self.title = title }
}

/// A class that opts in to deterministic cleanup with one stored property.
private final class Album: Lifetime {
    let lifetimeStorage = LifetimeStorage()
    let name: String
    init(name: String) { self.name = name }
}

private final class Viewer: Sendable {
    let name: String
    init(name: String) { self.name = name }
}

private let rating = AssociationKey<Int>("rating")
private let lastViewer = AssociationKey<Viewer>("lastViewer")

func demoAssociation() {
    let photo = Photo(title: "Harbour at dusk")
    Association.set(5, for: rating, on: photo)
    print(
        "   attached rating \(Association.value(for: rating, on: photo) ?? 0) to \"\(photo.title)\", a class with no "
            + "extra properties"
    )

    var viewer: Viewer? = Viewer(name: "Ada")
    Association.set(viewer, for: lastViewer, on: photo, policy: .weak)
    print("   weakly attached viewer: \(Association.value(for: lastViewer, on: photo)?.name ?? "nil")")
    viewer = nil
    print(
        "   after the viewer is released, the weak value reads: "
            + "\(Association.value(for: lastViewer, on: photo)?.name ?? "nil")"
    )

    Association.set(nil, for: rating, on: photo)
    print("   setting nil removes the rating: \(Association.value(for: rating, on: photo).map(String.init) ?? "nil")")

    let album = Album(name: "Holidays")
    Association.set(12, for: rating, on: album)
    print(
        "   \"\(album.name)\" adopts Lifetime, so its values live inside it: rating "
            + "\(Association.value(for: rating, on: album) ?? 0)"
    )
}
