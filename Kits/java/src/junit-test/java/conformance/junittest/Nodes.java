package conformance.junittest;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;

/** Runs a factory's dynamic nodes as JUnit does (in order, then closes the stream). */
final class Nodes {
  private Nodes() {}

  /** Display path ("suite / file / test") to null (passed) or what the test threw. */
  static Map<String, Throwable> run(Stream<DynamicNode> nodes) {
    Map<String, Throwable> results = new LinkedHashMap<>();
    try (nodes) {
      nodes.forEachOrdered(node -> run(node, "", results));
    }
    return results;
  }

  private static void run(DynamicNode node, String prefix, Map<String, Throwable> results) {
    String name = prefix + node.getDisplayName();
    if (node instanceof DynamicContainer container) {
      container.getChildren().forEachOrdered(child -> run(child, name + " / ", results));
    } else {
      Throwable thrown = null;
      try {
        ((DynamicTest) node).getExecutable().execute();
      } catch (Throwable throwable) {
        thrown = throwable;
      }
      results.put(name, thrown);
    }
  }

  static List<String> names(Map<String, Throwable> results) {
    return List.copyOf(results.keySet());
  }

  static List<String> failing(Map<String, Throwable> results) {
    return results.entrySet().stream()
        .filter(entry -> entry.getValue() != null)
        .map(Map.Entry::getKey)
        .collect(Collectors.toList());
  }
}
