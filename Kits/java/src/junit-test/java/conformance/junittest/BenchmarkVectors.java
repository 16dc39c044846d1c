package conformance.junittest;

import conformance.adapter.Outcome;
import conformance.junit.ConformanceTests;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * Kits/java/benchmark.sh's factory: every vector of the pack (CONFORMANCE_PACK) with a trivial
 * evaluate (the input, accepted). Not a test of the kit: its name keeps it out of the kit's tests.
 */
class BenchmarkVectors {
  @TestFactory
  Stream<DynamicNode> everyVector() {
    return ConformanceTests.named("benchmark").tests((suite, input, context) -> Outcome.accept(input));
  }
}
