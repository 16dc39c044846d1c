package conformance.junit;

import org.opentest4j.AssertionFailedError;

/**
 * A vector the implementation did not meet: the harness's message (where, input, expected, actual,
 * the first difference), the expected and actual answers for an IDE's comparison view, and the
 * evaluator's exception as the cause when it threw. No stack trace of its own: it would only show
 * the kit's frames, and filling thousands of them is most of a failing run's cost.
 */
public final class VectorFailure extends AssertionFailedError {
  private static final long serialVersionUID = 1L;

  VectorFailure(String message, Object expected, Object actual) {
    super(message, expected, actual);
  }

  VectorFailure(String message, Throwable cause) {
    super(message, cause);
  }

  @Override
  public synchronized Throwable fillInStackTrace() {
    return this;
  }
}
