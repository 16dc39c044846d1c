#define _GNU_SOURCE
#include "CSystemShims.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#include <sys/random.h>
#endif

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

long conformance_random_bytes(void *buffer, unsigned long length) {
#if defined(__linux__)
  return (long)getrandom(buffer, length, 0);
#else
  (void)buffer;
  (void)length;
  errno = ENOSYS;
  return -1;
#endif
}

int conformance_become_child_subreaper(void) {
#if defined(__linux__) && defined(PR_SET_CHILD_SUBREAPER)
  return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#else
  errno = ENOSYS;
  return -1;
#endif
}

// The self-pipe of conformance_signals_start: [0] read by conformance_signals_next, [1] written
// by the handler. -1 when not started.
static int signal_pipe[2] = {-1, -1};
static struct sigaction previous_interrupt, previous_terminate;

static void conformance_signal_handler(int number) {
  int saved = errno;
  unsigned char byte = (unsigned char)number;
  if (signal_pipe[1] >= 0) (void)write(signal_pipe[1], &byte, 1);
  errno = saved;
}

int conformance_signals_start(void) {
  if (signal_pipe[0] >= 0) {
    errno = EBUSY;
    return -1;
  }
  if (pipe(signal_pipe) != 0) return -1;
  (void)fcntl(signal_pipe[0], F_SETFD, FD_CLOEXEC);
  (void)fcntl(signal_pipe[1], F_SETFD, FD_CLOEXEC);
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = conformance_signal_handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART | SA_RESETHAND;
  sigaction(SIGINT, &action, &previous_interrupt);
  sigaction(SIGTERM, &action, &previous_terminate);
  // A parent may have started us with the signals blocked (a blocked mask is inherited across
  // exec): they would then stay pending and the run would never stop. The threads started
  // after this inherit the unblocked mask.
  sigset_t wanted;
  sigemptyset(&wanted);
  sigaddset(&wanted, SIGINT);
  sigaddset(&wanted, SIGTERM);
  pthread_sigmask(SIG_UNBLOCK, &wanted, NULL);
  return 0;
}

int conformance_signals_next(void) {
  unsigned char byte = 0;
  for (;;) {
    ssize_t count = read(signal_pipe[0], &byte, 1);
    if (count == 1) return byte;
    if (count < 0 && errno == EINTR) continue;
    return 0;
  }
}

void conformance_signals_restore_defaults(void) {
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
}

void conformance_signals_stop(void) {
  sigaction(SIGINT, &previous_interrupt, NULL);
  sigaction(SIGTERM, &previous_terminate, NULL);
  unsigned char zero = 0;
  if (signal_pipe[1] >= 0) (void)write(signal_pipe[1], &zero, 1);
}

void conformance_signals_close(void) {
  if (signal_pipe[0] >= 0) close(signal_pipe[0]);
  if (signal_pipe[1] >= 0) close(signal_pipe[1]);
  signal_pipe[0] = -1;
  signal_pipe[1] = -1;
}
