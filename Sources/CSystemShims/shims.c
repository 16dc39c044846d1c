#define _GNU_SOURCE
#include "CSystemShims.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int conformance_exchange_paths(const char *first, const char *second) {
#if defined(__linux__) && defined(RENAME_EXCHANGE)
  return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#else
  (void)first;
  (void)second;
  errno = ENOSYS;
  return -1;
#endif
}

long conformance_copy_file_range(int input, int output, unsigned long length) {
#if defined(__linux__)
  return (long)copy_file_range(input, NULL, output, NULL, length, 0);
#else
  (void)input;
  (void)output;
  (void)length;
  errno = ENOSYS;
  return -1;
#endif
}

int conformance_pipe_cloexec(int descriptors[2]) {
#if defined(__linux__)
  return pipe2(descriptors, O_CLOEXEC);
#else
  if (pipe(descriptors) != 0) return -1;
  (void)fcntl(descriptors[0], F_SETFD, FD_CLOEXEC);
  (void)fcntl(descriptors[1], F_SETFD, FD_CLOEXEC);
  return 0;
#endif
}
