/// The options of a hook registration: the library-wide
/// ``RegistrationOptions``, under the name that reads best at a hook site.
///
/// ```swift
/// let token = proxy.after(DownloadProxy.didFinish, options: .once) { _ in
///     print("first completion")
/// }
/// ```
public typealias HookOptions = RegistrationOptions
