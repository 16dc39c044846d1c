package conformance.junit;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;

/**
 * The harness's comparison of a test's {@code expect} with an answer (docs/vector-format.md), in
 * the harness's words: output compared as JSON values when the expectation gives one, error then
 * field each when given; an answer {@code {"error": …}} is an error of the test.
 */
public final class Comparison {
  /** Texts of at most this many characters are shown whole in a difference. */
  static final int LONG_VALUE = 160;
  /** Characters shown before a long value's first difference (twice as many from it). */
  static final int WINDOW = 32;

  private Comparison() {}

  /** What a comparison found. */
  public enum Kind {
    PASS,
    FAIL,
    /** The implementation could not answer ({@code {"error": …}}). */
    ERROR,
    /** The kit left the test out on purpose ({@code {"skip": …}}). */
    SKIP
  }

  /** A verdict and, for a failure, the first difference (for an error or skip: the reason). */
  public record Verdict(Kind kind, String text) {}

  /** Compares an answer, exactly as recorded in answers files, with a test's expectation. */
  public static Verdict judge(JsonObject expect, JsonObject answer) {
    if (answer.has("error") && !answer.has("result")) {
      return new Verdict(Kind.ERROR, textOf(answer.get("error")));
    }
    if (answer.has("skip")) return new Verdict(Kind.SKIP, textOf(answer.get("skip")));
    String difference = difference(expect, answer);
    return difference == null ? new Verdict(Kind.PASS, null) : new Verdict(Kind.FAIL, difference);
  }

  /** {@code null} when the answer meets the expectation; otherwise what differs, in words. */
  public static String difference(JsonObject expect, JsonObject answer) {
    boolean expectAccept = "accept".equals(textOf(expect.get("result")));
    boolean accepted = "accept".equals(textOf(answer.get("result")));
    if (expectAccept && accepted) {
      JsonElement output = expect.get("output");
      if (output == null) return null;
      JsonElement actual = answer.get("output");
      return jsonDifference(output, actual == null ? com.google.gson.JsonNull.INSTANCE : actual, "output");
    }
    if (expectAccept) {
      return "result: expected accept, got reject with error " + Json.quoted(textOf(answer.get("error")));
    }
    if (accepted) return "result: expected reject, got accept";
    JsonElement error = expect.get("error");
    String actualError = textOf(answer.get("error"));
    if (error != null && !textOf(error).equals(actualError)) {
      return "error: expected " + Json.quoted(textOf(error)) + ", got " + Json.quoted(actualError);
    }
    JsonElement field = expect.get("field");
    JsonElement actualField = answer.get("field");
    boolean noField = actualField == null || actualField.isJsonNull();
    if (field != null && (noField || !textOf(field).equals(textOf(actualField)))) {
      return "field: expected "
          + Json.quoted(textOf(field))
          + ", got "
          + (noField ? "no field" : Json.quoted(textOf(actualField)));
    }
    return null;
  }

  /** The first place where two JSON values differ, as {@code at output.a: expected "a", got "b"}. */
  static String jsonDifference(JsonElement expected, JsonElement actual, String path) {
    if (expected.isJsonObject() && actual.isJsonObject()) {
      JsonObject a = expected.getAsJsonObject();
      JsonObject b = actual.getAsJsonObject();
      for (String key : Json.keysInByteOrder(a)) {
        String child = path + pathComponent(key);
        JsonElement other = b.get(key);
        if (other == null) {
          return "at " + child + ": expected " + shown(Json.render(a.get(key))) + ", key missing";
        }
        String difference = jsonDifference(a.get(key), other, child);
        if (difference != null) return difference;
      }
      for (String key : Json.keysInByteOrder(b)) {
        if (!a.has(key)) {
          return "at "
              + path
              + pathComponent(key)
              + ": unexpected key with "
              + shown(Json.render(b.get(key)));
        }
      }
      return null;
    }
    if (expected.isJsonArray() && actual.isJsonArray()) {
      JsonArray a = expected.getAsJsonArray();
      JsonArray b = actual.getAsJsonArray();
      for (int index = 0; index < Math.min(a.size(), b.size()); index++) {
        String difference = jsonDifference(a.get(index), b.get(index), path + "[" + index + "]");
        if (difference != null) return difference;
      }
      if (a.size() != b.size()) {
        return "at " + path + ": expected " + a.size() + " elements, got " + b.size();
      }
      return null;
    }
    if (Json.same(expected, actual)) return null;
    String expectedText = Json.render(expected);
    String actualText = Json.render(actual);
    if (length(expectedText) <= LONG_VALUE && length(actualText) <= LONG_VALUE) {
      return "at " + path + ": expected " + expectedText + ", got " + actualText;
    }
    // Long values (a 4,096-character token): a window of each around the first difference.
    int at = firstDifference(expectedText, actualText);
    return String.format(
        java.util.Locale.ROOT,
        "at %s: expected %s, got %s (%,d and %,d characters of JSON, first difference at character %,d)",
        path,
        window(expectedText, at),
        window(actualText, at),
        length(expectedText),
        length(actualText),
        at + 1);
  }

  /** {@code .key} for {@code [A-Za-z0-9_]+}, else {@code ["key"]}. */
  static String pathComponent(String key) {
    boolean simple = !key.isEmpty();
    for (int index = 0; index < key.length() && simple; index++) {
      char c = key.charAt(index);
      simple = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    }
    return simple ? "." + key : "[" + Json.quoted(key) + "]";
  }

  private static String shown(String text) {
    if (length(text) <= LONG_VALUE) return text;
    int[] scalars = text.codePoints().toArray();
    return String.format(java.util.Locale.ROOT, "%,d characters: ", scalars.length)
        + new String(scalars, 0, 2 * WINDOW)
        + "…";
  }

  private static String window(String text, int difference) {
    if (length(text) <= LONG_VALUE) return text;
    int[] scalars = text.codePoints().toArray();
    int start = Math.min(Math.max(0, difference - WINDOW), scalars.length);
    int end = Math.min(scalars.length, Math.max(start, difference + 2 * WINDOW));
    return (start > 0 ? "…" : "")
        + new String(scalars, start, end - start)
        + (end < scalars.length ? "…" : "");
  }

  private static int firstDifference(String a, String b) {
    int[] x = a.codePoints().toArray();
    int[] y = b.codePoints().toArray();
    int index = 0;
    while (index < x.length && index < y.length && x[index] == y[index]) index++;
    return index;
  }

  private static int length(String text) {
    return text.codePointCount(0, text.length());
  }

  private static String textOf(JsonElement value) {
    if (value == null || value.isJsonNull()) return "";
    if (value.isJsonPrimitive()) {
      JsonPrimitive primitive = value.getAsJsonPrimitive();
      return primitive.getAsString();
    }
    return Json.render(value);
  }
}
