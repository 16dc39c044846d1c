package conformance.junittest;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import conformance.adapter.Outcome;
import conformance.junit.ConformancePack;
import conformance.junit.ConformancePack.PackTest;
import conformance.junit.ConformanceTests;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * Kits/java/benchmark.sh's factories over every vector of the pack (CONFORMANCE_PACK), each with a
 * trivial evaluate. Not a test of the kit: its name keeps it out of the kit's tests.
 */
class BenchmarkVectors {
  /**
   * A conforming SDK: each vector's expected outcome, looked up by suite, input and context as JSON
   * text (the evaluator is handed copies; Gson's equals would take 1.0 for 1 and ignore key order).
   * The lookup's own load of the pack and its rendering are counted in the figure.
   */
  @TestFactory
  Stream<DynamicNode> everyVector() {
    Map<String, Outcome> expected = new HashMap<>();
    for (PackTest test : ConformancePack.load(Path.of(System.getenv("CONFORMANCE_PACK"))).tests()) {
      expected.put(key(test.suite(), test.input(), test.context()), outcomeOf(test.expect()));
    }
    return ConformanceTests.named("benchmark")
        .tests((suite, input, context) -> expected.get(key(suite, input, context)));
  }

  /** The input, accepted: most vectors fail, each with its message (BENCHMARK_EVALUATE=echo). */
  @TestFactory
  Stream<DynamicNode> everyVectorEchoed() {
    return ConformanceTests.named("benchmark").tests((suite, input, context) -> Outcome.accept(input));
  }

  private static String key(String suite, JsonElement input, JsonObject context) {
    return suite + '\u0000' + input + '\u0000' + context;
  }

  private static Outcome outcomeOf(JsonObject expect) {
    if (expect.get("result").getAsString().equals("accept")) {
      return expect.has("output") ? Outcome.accept(expect.get("output")) : Outcome.accept();
    }
    String error = expect.has("error") ? expect.get("error").getAsString() : "any";
    return Outcome.reject(error, expect.has("field") ? expect.get("field").getAsString() : null);
  }
}
