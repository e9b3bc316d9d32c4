// The temporary files a process is writing, kept where a signal handler can reach them.
// AtomicFile registers each temporary file while it exists; when the process is told to stop
// (SIGINT, SIGTERM), the handler installed by tp_tmp_install_handlers unlinks every registered
// file and exits with 128 + the signal number. The handler is async-signal-safe: the paths live
// as C strings in preallocated storage, slots are claimed with lock-free atomics, and the
// handler calls only unlink and _exit.
#ifndef TAPPABLE_CTEMPORARYFILES_H
#define TAPPABLE_CTEMPORARYFILES_H

/// How many temporary files can be registered at once.
enum { TP_TMP_SLOTS = 256 };

/// The longest path (in bytes, without the terminating NUL) a slot holds.
enum { TP_TMP_PATH_MAX = 4095 };

/// Registers `path` (a NUL-terminated C string) as a temporary file to remove on SIGINT/SIGTERM.
/// Returns the slot to pass to tp_tmp_unregister, or -1 when every slot is taken or the path is
/// longer than TP_TMP_PATH_MAX (the file is then simply not removed on a signal).
/// Thread-safe; call it before creating the file.
int tp_tmp_register(const char *path);

/// Forgets the file in `slot` (from tp_tmp_register; -1 is ignored). Call it after the file was
/// renamed into place or removed. Thread-safe.
void tp_tmp_unregister(int slot);

/// Installs the SIGINT and SIGTERM handlers: unlink every registered file, then _exit(128 +
/// signal). A signal the process started with ignored (nohup, background jobs) stays ignored;
/// the handled signals are unblocked in the calling thread (a blocked mask is inherited from
/// the parent). Returns 0, or -1 with errno set when a call fails. Call it once, from main,
/// before starting threads.
int tp_tmp_install_handlers(void);

/// How many files are registered now (for tests).
int tp_tmp_registered_count(void);

#endif
