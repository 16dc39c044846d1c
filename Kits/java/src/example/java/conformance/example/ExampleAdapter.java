package conformance.example;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import conformance.adapter.ConformanceAdapter;
import conformance.adapter.Outcome;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;

/**
 * An example adapter: leeep.fid and leeep.user-id in Java, through the kit.
 *
 * <pre>
 * conformance run --suite leeep.fid --suite leeep.user-id \
 *   --adapter "exec java -cp Kits/java/build/conformance-adapter.jar:Kits/java/build/example-adapter.jar:/usr/share/java/gson.jar conformance.example.ExampleAdapter"
 * </pre>
 *
 * <p>{@code --bug java-whitespace} plants the classic JVM bug for the kit's own CI check: "blank"
 * decided by {@code Character.isWhitespace}, which says yes to U+001C–U+001F and no to U+0085,
 * U+00A0, U+2007 and U+202F (docs/suites/leeep.user-id.md).
 */
public final class ExampleAdapter {
  // docs/suites/leeep.fid.md: [cdef] then 21 of [A-Za-z0-9_-], the whole string (matches()).
  private static final Pattern FID = Pattern.compile("[cdef][A-Za-z0-9_-]{21}");
  // docs/suites/leeep.user-id.md: every scalar has the Unicode White_Space property.
  private static final Pattern WHITE_SPACE_ONLY = Pattern.compile("\\p{IsWhite_Space}+");

  private ExampleAdapter() {}

  public static Outcome fid(JsonElement input) {
    if (!isString(input)) return Outcome.reject("not_a_string");
    String value = input.getAsString();
    return FID.matcher(value).matches() ? Outcome.accept(value) : Outcome.reject("invalid_fid");
  }

  public static Outcome userId(JsonElement input, boolean javaWhitespaceBug) {
    if (!isString(input)) return Outcome.reject("not_a_string");
    String value = input.getAsString();
    int bytes = value.getBytes(StandardCharsets.UTF_8).length; // UTF-8 bytes, never chars
    if (bytes == 0) return Outcome.reject("empty");
    if (bytes > 255) return Outcome.reject("too_long");
    boolean blank =
        javaWhitespaceBug
            ? value.codePoints().allMatch(Character::isWhitespace)
            : WHITE_SPACE_ONLY.matcher(value).matches();
    if (blank) return Outcome.reject("whitespace_only");
    return Outcome.accept(value); // unchanged: no trimming, no normalisation
  }

  private static boolean isString(JsonElement input) {
    return input.isJsonPrimitive() && input.getAsJsonPrimitive().isString();
  }

  public static void main(String[] args) {
    boolean bug = false;
    if (args.length == 2 && args[0].equals("--bug") && args[1].equals("java-whitespace")) {
      bug = true;
    } else if (args.length != 0) {
      System.err.println("usage: ExampleAdapter [--bug java-whitespace]");
      System.exit(2);
    }
    boolean javaWhitespaceBug = bug;
    ConformanceAdapter adapter =
        new ConformanceAdapter(
                bug ? "java-example+java-whitespace" : "java-example",
                List.of("leeep.fid", "leeep.user-id"),
                (String suite, JsonElement input, JsonObject context) -> {
                  switch (suite) {
                    case "leeep.fid":
                      return fid(input);
                    case "leeep.user-id":
                      return userId(input, javaWhitespaceBug);
                    default:
                      throw new IllegalArgumentException("unexpected suite " + suite);
                  }
                })
            .version("1.0.0");
    System.exit(adapter.run());
  }
}
