#include "CTemporaryFiles.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the signal handler needs lock-free atomic ints");

// Slot states: free, being filled in (the handler skips it; the file does not exist yet), live.
enum { FREE = 0, FILLING = 1, LIVE = 2 };

static _Atomic int states[TP_TMP_SLOTS];
static char paths[TP_TMP_SLOTS][TP_TMP_PATH_MAX + 1];

int tp_tmp_register(const char *path) {
    size_t length = strlen(path);
    if (length > TP_TMP_PATH_MAX) return -1;
    for (int slot = 0; slot < TP_TMP_SLOTS; slot++) {
        int expected = FREE;
        if (atomic_compare_exchange_strong(&states[slot], &expected, FILLING)) {
            memcpy(paths[slot], path, length + 1);
            atomic_store(&states[slot], LIVE);
            return slot;
        }
    }
    return -1;
}

void tp_tmp_unregister(int slot) {
    if (slot < 0 || slot >= TP_TMP_SLOTS) return;
    atomic_store(&states[slot], FREE);
}

int tp_tmp_registered_count(void) {
    int count = 0;
    for (int slot = 0; slot < TP_TMP_SLOTS; slot++) count += atomic_load(&states[slot]) == LIVE;
    return count;
}

static void remove_and_exit(int signal) {
    for (int slot = 0; slot < TP_TMP_SLOTS; slot++) {
        if (atomic_load(&states[slot]) == LIVE) unlink(paths[slot]);
    }
    _exit(128 + signal);
}

int tp_tmp_install_handlers(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = remove_and_exit;
    sigfillset(&action.sa_mask);   // no second signal interrupts the cleanup
    sigset_t installed;
    sigemptyset(&installed);
    const int signals[] = {SIGINT, SIGTERM};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction old;
        if (sigaction(signals[i], NULL, &old) != 0) return -1;
        // Ignored by whoever started us (nohup, a background job): stay ignored.
        if (old.sa_handler == SIG_IGN) continue;
        if (sigaction(signals[i], &action, NULL) != 0) return -1;
        sigaddset(&installed, signals[i]);
    }
    // A parent's blocked mask is inherited (threads of Dispatch block signals, and processes
    // they spawn start blocked): unblock what we handle, or it would never arrive.
    errno = pthread_sigmask(SIG_UNBLOCK, &installed, NULL);
    return errno == 0 ? 0 : -1;
}
