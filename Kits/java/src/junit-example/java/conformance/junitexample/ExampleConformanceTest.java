package conformance.junitexample;

import conformance.example.ExampleAdapter;
import conformance.junit.ConformanceTests;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * The Java example in-process: the same code as {@link ExampleAdapter} (the process adapter), run
 * by JUnit 5 against every vector of a pack (CONFORMANCE_PACK=FILE); answers recorded when
 * CONFORMANCE_ANSWERS=FILE is set. JVM_EXAMPLE_BUG=java-whitespace plants the adapter's {@code
 * --bug java-whitespace}.
 */
class ExampleConformanceTest {
  @TestFactory
  Stream<DynamicNode> vectors() {
    boolean javaWhitespaceBug = "java-whitespace".equals(System.getenv("JVM_EXAMPLE_BUG"));
    return ConformanceTests.named(javaWhitespaceBug ? "java-example+java-whitespace" : "java-example")
        .version("1.0.0")
        .suites("leeep.fid", "leeep.user-id")
        .tests(
            (suite, input, context) ->
                switch (suite) {
                  case "leeep.fid" -> ExampleAdapter.fid(input);
                  case "leeep.user-id" -> ExampleAdapter.userId(input, javaWhitespaceBug);
                  default -> throw new IllegalArgumentException("unexpected suite " + suite);
                });
  }
}
