package conformance.junittest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import conformance.junit.Comparison;
import conformance.junit.StrictJsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every case of Kits/comparison-cases.json (the harness's comparison rules as data): the kit gives
 * its verdict and, for a failure, names the same place (the words before the first ": "). The file
 * is found at -Dconformance.comparisonCases=PATH, else Kits/comparison-cases.json from the working
 * folder (the repository's root, where Kits/check.sh runs).
 */
class ComparisonCasesTest {
  static Path casesFile() {
    return Path.of(System.getProperty("conformance.comparisonCases", "Kits/comparison-cases.json"));
  }

  static JsonObject read(Path path) throws IOException {
    return StrictJsonParser.parse(Files.readString(path, StandardCharsets.UTF_8)).getAsJsonObject();
  }

  @TestFactory
  Stream<DynamicTest> everyCase() throws IOException {
    JsonObject file = read(casesFile());
    assertEquals("conformance-comparison-cases/1", file.get("format").getAsString());
    List<DynamicTest> tests = new ArrayList<>();
    for (JsonElement element : file.getAsJsonArray("cases")) {
      JsonObject test = element.getAsJsonObject();
      String name = test.get("name").getAsString();
      tests.add(
          DynamicTest.dynamicTest(
              name,
              () -> {
                Comparison.Verdict verdict =
                    Comparison.judge(
                        test.getAsJsonObject("expect"), test.getAsJsonObject("answer"));
                String expected = test.get("verdict").getAsString();
                assertEquals(expected, verdict.kind().name().toLowerCase(), name);
                if (expected.equals("fail")) {
                  String difference = test.get("difference").getAsString();
                  assertNotNull(verdict.text(), name);
                  assertEquals(place(difference), place(verdict.text()), name);
                }
              }));
    }
    assertTrue(tests.size() >= 50, "every case read: " + tests.size());
    return tests.stream();
  }

  private static String place(String difference) {
    int colon = difference.indexOf(": ");
    return colon < 0 ? difference : difference.substring(0, colon);
  }
}
