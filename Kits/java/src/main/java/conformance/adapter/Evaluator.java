package conformance.adapter;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * The one function a team writes: evaluates one input of {@code suite} with the test's merged
 * context. A thrown exception (Kotlin's {@code TODO()} and {@code error()} included) is answered as
 * an implementation error on that test; the adapter goes on with the next one.
 *
 * <p>In Kotlin: {@code Evaluator { suite, input, context -> Outcome.accept(input) }}.
 */
@FunctionalInterface
public interface Evaluator {
  Outcome evaluate(String suite, JsonElement input, JsonObject context) throws Exception;
}
