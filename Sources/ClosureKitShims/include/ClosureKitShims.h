// The C library calls that Swift cannot make directly, for ClosureKit's
// Internal/Platform.swift only: not part of ClosureKit's API.
#ifndef CLOSUREKIT_SHIMS_H
#define CLOSUREKIT_SHIMS_H

#include <stdint.h>

/// The library's thread-local slot: the sending actor's identity as a number,
/// zero on every thread until set there. C's `_Thread_local` is read and
/// written inline, with no call (`pthread_getspecific` is a library call);
/// Swift cannot declare thread-local variables or import C's, so the slot has
/// a pair of inline accessors. Defined in shims.c.
extern _Thread_local uintptr_t closurekit_sender_isolation;

static inline uintptr_t closurekit_get_sender_isolation(void) { return closurekit_sender_isolation; }
static inline void closurekit_set_sender_isolation(uintptr_t value) { closurekit_sender_isolation = value; }

/// Two entry points of the Swift runtime, which every platform's runtime
/// exports with C linkage, declared here so that the linker resolves them:
/// a look-up by name at run time finds nothing in a statically linked
/// executable. `swift_tryRetain` retains an object unless its
/// deinitialisation has begun (then it returns null and changes nothing);
/// `swift_isDeallocating` says whether it has begun.
extern void *swift_tryRetain(void *object);
extern _Bool swift_isDeallocating(void *object);

static inline void *closurekit_try_retain(void *object) { return swift_tryRetain(object); }
static inline _Bool closurekit_is_deallocating(void *object) { return swift_isDeallocating(object); }

/// The concurrency runtime's answer to "does the calling thread run this
/// serial executor now", asked with flags 0, which means that the runtime
/// answers false rather than crash where it cannot tell (the question that
/// `Task.immediate` asks before it runs its operation synchronously; the
/// public checks, `assumeIsolated` and `preconditionIsolated`, trap instead).
/// The executor reference is the two words of an `UnownedSerialExecutor`,
/// which Swift's calling convention passes as two arguments. Swift cannot
/// call it by name (the `_Concurrency` module declares it with a type only
/// the standard library can spell), hence this declaration and its wrapper.
/// The runtimes of Apple platforms export it from macOS 26 (iOS 26, ...) on:
/// there it is weakly imported and, where it is missing, the answer is false.
#if defined(__APPLE__)
__attribute__((weak_import))
#endif
__attribute__((swiftcall)) extern _Bool swift_task_isCurrentExecutorWithFlags(
    void *identity, uintptr_t implementation, uint64_t flags);

static inline _Bool closurekit_is_current_executor(void *identity, uintptr_t implementation) {
#if defined(__APPLE__)
    if (!swift_task_isCurrentExecutorWithFlags) return 0;
#endif
    return swift_task_isCurrentExecutorWithFlags(identity, implementation, 0);
}

/// Whether `closurekit_is_current_executor` asks the runtime (false on an
/// Apple runtime that does not export the entry point: it then always
/// answers false).
static inline _Bool closurekit_can_check_executor(void) {
#if defined(__APPLE__)
    return swift_task_isCurrentExecutorWithFlags != 0;
#else
    return 1;
#endif
}

/// What ClosureKit's lock on Linux tells the thread sanitizer: that the lock
/// at `lock` was just taken, and that it is about to be given up. Defined in
/// shims.c, out of line on purpose: that file is compiled with
/// `-fsanitize=thread` when the package is built with the sanitizer, and
/// then they call the sanitizer's `__tsan_acquire` and `__tsan_release`;
/// otherwise they return at once. (A static inline function here would be
/// compiled by Swift's C importer, which never sees the sanitizer flag.)
void closurekit_lock_acquired(void *lock);
void closurekit_lock_releasing(void *lock);

#if defined(__linux__)
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

/// Whether the calling thread is the process's first thread (the one that ran
/// `main`): its kernel thread id is the process id. `syscall(SYS_gettid)`
/// works with every glibc and musl (glibc exports `gettid` only from 2.30 on,
/// and its header hides it from Swift); Swift cannot call the variadic
/// `syscall` itself.
static inline int closurekit_is_process_main_thread(void) {
    return (pid_t)syscall(SYS_gettid) == getpid();
}

/// Asks the kernel to wake the calling thread within `nanoseconds` of its
/// deadlines (`PR_SET_TIMERSLACK`); best effort, so the result is not
/// reported. Swift cannot call the variadic `prctl` itself.
static inline void closurekit_set_timer_slack(unsigned long nanoseconds) {
    (void)prctl(PR_SET_TIMERSLACK, nanoseconds, 0UL, 0UL, 0UL);
}
#endif

#endif
