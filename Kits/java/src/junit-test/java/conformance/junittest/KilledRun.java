package conformance.junittest;

import conformance.adapter.Outcome;
import conformance.junit.ConformanceTests;
import java.nio.file.Path;

/**
 * The child of RecordingTest's SIGKILL test: runs a pack's tests with answers recorded, answers
 * {@link #ANSWERED} of them, then blocks in the next evaluate until it is killed.
 */
public final class KilledRun {
  static final int ANSWERED = 4;

  private KilledRun() {}

  public static void main(String[] args) {
    int[] calls = {0};
    Nodes.run(
        ConformanceTests.named("killed")
            .pack(Path.of(args[0]))
            .answers(Path.of(args[1]))
            .tests(
                (suite, input, context) -> {
                  if (++calls[0] > ANSWERED) Thread.sleep(Long.MAX_VALUE);
                  return Outcome.reject("invalid_fid");
                }));
    System.err.println("KilledRun: not killed");
    System.exit(3);
  }
}
