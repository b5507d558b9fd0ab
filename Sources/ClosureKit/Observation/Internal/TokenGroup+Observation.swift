extension TokenGroup: ObservationRegistration {
    /// Wraps the handler of a one-shot registration over several key paths:
    /// the first callback of any key path ends the whole registration, and
    /// only it runs.
    func gate<Root, Value>(
        _ handler: @escaping @Sendable (Root, ObservedChange<Value>) -> Void
    ) -> @Sendable (Root, ObservedChange<Value>) -> Void {
        { [weak self] object, change in
            guard let self, self.end() else { return }
            handler(object, change)
        }
    }
}
