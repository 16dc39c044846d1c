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

#endif
