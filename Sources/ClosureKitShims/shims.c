#include "ClosureKitShims.h"

// The thread-local slots that ClosureKitShims.h declares; its functions are
// static inline.
_Thread_local void *closurekit_sender_isolation = 0;
_Thread_local void *closurekit_access_tracker = 0;
