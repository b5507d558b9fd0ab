/// How an associated value is held.
public enum AssociationPolicy: Hashable, Sendable {
    /// The object keeps the value alive; reading returns the same instance.
    case strong
    /// The value is not kept alive; reading returns nil once it is released.
    case weak
}
