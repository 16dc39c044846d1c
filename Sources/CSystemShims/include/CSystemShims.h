#ifndef CONFORMANCE_CSYSTEMSHIMS_H
#define CONFORMANCE_CSYSTEMSHIMS_H

// System calls that Swift's Glibc module does not import, each behind one plain C function.

/// Swaps the files at `first` and `second` in one atomic step: `renameat2(RENAME_EXCHANGE)`,
/// a GNU extension, hence the shim (Swift's Glibc module is built without _GNU_SOURCE).
/// Returns 0, or -1 with errno set; where the call does not exist, errno is ENOSYS.
int conformance_exchange_paths(const char *first, const char *second);

/// Copies up to `length` bytes from `input`'s file offset to `output`'s inside the kernel, with
/// no copy through user memory: `copy_file_range`, a GNU extension, hence the shim. Returns the
/// bytes copied (0 at the end of `input`), or -1 with errno set; ENOSYS where it does not exist.
long conformance_copy_file_range(int input, int output, unsigned long length);

/// A pipe whose two ends are close-on-exec from the start: `pipe2(O_CLOEXEC)`, a GNU extension,
/// hence the shim. With `pipe` then `fcntl`, an adapter started on another thread in between
/// would inherit the ends and keep another adapter's input open. Returns 0, or -1 with errno set.
int conformance_pipe_cloexec(int descriptors[2]);

/// Fills up to `length` bytes of `buffer` from the kernel's random source: `getrandom(2)`,
/// which Swift's Glibc module does not import (`<sys/random.h>`), hence the shim. Returns the
/// bytes filled (fewer when a signal interrupted it), or -1 with errno set (ENOSYS elsewhere).
long conformance_random_bytes(void *buffer, unsigned long length);

/// Makes the calling process the reaper of its orphaned descendants:
/// `prctl(PR_SET_CHILD_SUBREAPER, 1)`, Linux only, hence the shim (Swift's Glibc module does
/// not import `<sys/prctl.h>`). An adapter's descendant that leaves its process group and
/// outlives its parent is then re-parented to the harness rather than to init, so the harness
/// can still find it, end it and reap it. Returns 0, or -1 with errno set (ENOSYS elsewhere).
int conformance_become_child_subreaper(void);

/// Starts catching SIGINT and SIGTERM through a self-pipe: the handler only writes the signal's
/// number to a pipe (async-signal-safe), which `conformance_signals_next` reads on an ordinary
/// thread. The pipe's write end must be reachable from the handler, hence a C static; this is
/// the one piece of process-wide state, and it lives here so that the Swift code keeps none.
/// Each handler resets itself to the default (SA_RESETHAND), so a second signal of the same kind
/// ends the process at once. Returns 0, or -1 with errno set (already started: EBUSY).
int conformance_signals_start(void);

/// Waits for the next caught signal and returns its number; 0 once `conformance_signals_stop`
/// was called.
int conformance_signals_next(void);

/// Puts back the default actions for SIGINT and SIGTERM (a second signal then ends the
/// process) without stopping the waiting thread.
void conformance_signals_restore_defaults(void);

/// Restores the dispositions found at start, wakes `conformance_signals_next` (it returns 0)
/// and closes the pipe once it has. Call from the thread that started, after the waiting
/// thread was joined it is safe to start again.
void conformance_signals_stop(void);

/// Closes the pipe; call after the waiting thread has returned from `conformance_signals_next`.
void conformance_signals_close(void);

#endif
