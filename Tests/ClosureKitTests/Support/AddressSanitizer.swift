#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether this test process runs under the address sanitizer, which keeps
/// freed memory in quarantine so that addresses are not handed out again:
/// tests that make an address be reused can only check that it happened
/// when it can happen.
let runsUnderAddressSanitizer: Bool = {
    #if canImport(Darwin)
    return dlsym(UnsafeMutableRawPointer(bitPattern: -2), "__asan_init") != nil // RTLD_DEFAULT
    #elseif canImport(Glibc)
    return dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil // RTLD_DEFAULT
    #else
    return false
    #endif
}()
