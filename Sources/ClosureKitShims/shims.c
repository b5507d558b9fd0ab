#include "ClosureKitShims.h"

// The thread-local slots that ClosureKitShims.h declares; its functions are
// static inline.
_Thread_local uintptr_t closurekit_sender_isolation = 0;

// Whether this file is compiled with the thread sanitizer: clang says so,
// for this file only, and this file is the library's one place to ask.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define CLOSUREKIT_THREAD_SANITIZER 1
#endif
#endif

#if defined(CLOSUREKIT_THREAD_SANITIZER)
// The sanitizer's annotations (its runtime defines them): an acquire of
// `address` orders everything after it after every release of it so far.
void __tsan_acquire(void *address);
void __tsan_release(void *address);

void closurekit_lock_acquired(void *lock) { __tsan_acquire(lock); }
void closurekit_lock_releasing(void *lock) { __tsan_release(lock); }
#else
void closurekit_lock_acquired(void *lock) { (void)lock; }
void closurekit_lock_releasing(void *lock) { (void)lock; }
#endif
