package conformance.kittest;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import conformance.adapter.ConformanceAdapter;
import conformance.adapter.Evaluator;
import conformance.adapter.Outcome;
import conformance.example.ExampleAdapter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Tests of the Java kit, without a test framework (none is needed to build it):
 * {@code java -cp build/kit-tests.jar:build/example-adapter.jar:build/conformance-adapter.jar:/usr/share/java/gson.jar conformance.kittest.ConformanceAdapterTest}.
 * Prints each failure and closes with "N passed, M failed"; exits 1 on a failure.
 */
public final class ConformanceAdapterTest {
  private int passed;
  private final List<String> failures = new ArrayList<>();

  private interface Check {
    void run() throws Exception;
  }

  private void test(String name, Check check) {
    try {
      check.run();
      passed++;
    } catch (Throwable thrown) {
      failures.add(name + ": " + thrown);
      System.err.println("FAIL " + name + ": " + thrown.getMessage());
    }
  }

  private static void assertEquals(Object expected, Object actual) {
    if (!Objects.equals(expected, actual)) {
      throw new AssertionError("\n  expected: " + expected + "\n  actual:   " + actual);
    }
  }

  /** The answers of a loop over {@code lines}, and the log. */
  private static final class Served {
    final List<String> answers;
    final String log;
    final int status;

    Served(List<String> answers, String log, int status) {
      this.answers = answers;
      this.log = log;
      this.status = status;
    }
  }

  private static Served serve(ConformanceAdapter adapter, String... lines) {
    StringBuilder input = new StringBuilder();
    for (String line : lines) input.append(line).append('\n');
    return serve(adapter, input.toString().getBytes(StandardCharsets.UTF_8));
  }

  private static Served serve(ConformanceAdapter adapter, byte[] input) {
    ByteArrayOutputStream output = new ByteArrayOutputStream();
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    int status =
        adapter.serve(
            new ByteArrayInputStream(input),
            output,
            new PrintStream(log, true, StandardCharsets.UTF_8));
    String text = output.toString(StandardCharsets.UTF_8);
    List<String> answers = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
    if (!answers.remove(answers.size() - 1).isEmpty()) throw new AssertionError("no final newline");
    return new Served(answers, log.toString(StandardCharsets.UTF_8), status);
  }

  private static String evaluate(int id, String inputJson) {
    return "{\"type\":\"evaluate\",\"id\":" + id + ",\"suite\":\"leeep.fid\",\"input\":" + inputJson
        + ",\"context\":{}}";
  }

  private static ConformanceAdapter adapter(Evaluator evaluator) {
    return new ConformanceAdapter("test", List.of("leeep.fid"), evaluator);
  }

  private void run() throws Exception {
    test("hello names the protocol, the adapter, its suites and version", () -> {
      Served served =
          serve(
              new ConformanceAdapter("test", List.of("a.b", "c"), (s, i, c) -> Outcome.accept())
                  .version("2.3.0"),
              "{\"type\":\"hello\",\"protocol\":\"conformance-adapter/2\"}");
      assertEquals(
          List.of(
              "{\"protocol\":\"conformance-adapter/2\",\"name\":\"test\",\"suites\":[\"a.b\",\"c\"],\"version\":\"2.3.0\"}"),
          served.answers);
      assertEquals(0, served.status);
      assertEquals("", served.log);
    });

    test("hello of another protocol is answered and logged", () -> {
      Served served =
          serve(adapter((s, i, c) -> Outcome.accept()), "{\"type\":\"hello\",\"protocol\":\"conformance-adapter/1\"}");
      assertEquals(
          "the harness asked for protocol \"conformance-adapter/1\"; this adapter speaks conformance-adapter/2\n",
          served.log);
    });

    test("answers echo each id in order, numbers kept as written", () -> {
      List<String> seen = new ArrayList<>();
      Served served =
          serve(
              adapter(
                  (suite, input, context) -> {
                    seen.add(suite + " " + input + " " + context);
                    return input.isJsonPrimitive() && input.getAsJsonPrimitive().isNumber()
                        ? Outcome.accept(input)
                        : Outcome.reject("invalid_fid");
                  }),
              "{\"type\":\"evaluate\",\"id\":17,\"suite\":\"leeep.fid\",\"input\":1.50e400,\"context\":{\"k\":1}}",
              evaluate(3, "\"no\""));
      assertEquals(
          List.of(
              "{\"id\":17,\"result\":\"accept\",\"output\":1.50e400}",
              "{\"id\":3,\"result\":\"reject\",\"error\":\"invalid_fid\"}"),
          served.answers);
      assertEquals(List.of("leeep.fid 1.50e400 {\"k\":1}", "leeep.fid \"no\" {}"), seen);
    });

    test("accept without output, accept(null), nulls inside outputs, reject with a field", () -> {
      JsonObject withNull = new JsonObject();
      withNull.add("slug", null);
      Iterator<Outcome> outcomes =
          List.of(
                  Outcome.accept(),
                  Outcome.accept((JsonElement) null),
                  Outcome.accept(withNull),
                  Outcome.reject("missing_key", "app_id"))
              .iterator();
      Served served =
          serve(adapter((s, i, c) -> outcomes.next()), evaluate(1, "1"), evaluate(2, "2"), evaluate(3, "3"), evaluate(4, "4"));
      assertEquals(
          List.of(
              "{\"id\":1,\"result\":\"accept\"}",
              "{\"id\":2,\"result\":\"accept\",\"output\":null}",
              "{\"id\":3,\"result\":\"accept\",\"output\":{\"slug\":null}}",
              "{\"id\":4,\"result\":\"reject\",\"error\":\"missing_key\",\"field\":\"app_id\"}"),
          served.answers);
    });

    test("a thrown exception or error is an error answer on its test, and the run goes on", () -> {
      Served served =
          serve(
              adapter(
                  (suite, input, context) -> {
                    switch (input.getAsInt()) {
                      case 1:
                        throw new IllegalStateException("no scope");
                      case 2:
                        throw new UnsupportedOperationException();
                      case 3:
                        throw new AssertionError("Kotlin's TODO() throws an Error too");
                      default:
                        return Outcome.accept(input);
                    }
                  }),
              evaluate(5, "1"), evaluate(6, "2"), evaluate(7, "3"), evaluate(8, "4"));
      assertEquals(
          List.of(
              "{\"id\":5,\"error\":\"evaluate threw java.lang.IllegalStateException: no scope\"}",
              "{\"id\":6,\"error\":\"evaluate threw java.lang.UnsupportedOperationException\"}",
              "{\"id\":7,\"error\":\"evaluate threw java.lang.AssertionError: Kotlin's TODO() throws an Error too\"}",
              "{\"id\":8,\"result\":\"accept\",\"output\":4}"),
          served.answers);
      if (!served.log.startsWith("evaluate(\"leeep.fid\") threw for request 5:\njava.lang.IllegalStateException: no scope\n\tat ")) {
        throw new AssertionError("log: " + served.log);
      }
    });

    test("results that cannot be answered are errors on their test", () -> {
      JsonArray array = new JsonArray();
      array.add(Double.NaN);
      Iterator<Outcome> outcomes =
          Arrays.asList(null, Outcome.accept(array), Outcome.accept("\ud800")).iterator();
      Served served =
          serve(adapter((s, i, c) -> outcomes.next()), evaluate(1, "1"), evaluate(2, "2"), evaluate(3, "3"));
      assertEquals(
          List.of(
              "{\"id\":1,\"error\":\"evaluate returned null; expected Outcome.accept(...) or Outcome.reject(...)\"}",
              "{\"id\":2,\"error\":\"the output is not JSON: output[0] is NaN, which JSON cannot hold\"}",
              "{\"id\":3,\"error\":\"the answer is not valid UTF-8 (a lone surrogate?): java.nio.charset.MalformedInputException: Input length = 1\"}"),
          served.answers);
    });

    test("requests that cannot be evaluated", () -> {
      Served served =
          serve(
              adapter((s, i, c) -> Outcome.accept()),
              "not json",
              "{\"a\":1} {\"b\":2}",
              "{\"type\":\"evaluate\",\"suite\":\"leeep.fid\",\"input\":1}",
              "{\"type\":\"evaluate\",\"id\":1.5,\"suite\":\"leeep.fid\",\"input\":1}",
              "{\"type\":\"evaluate\",\"id\":7,\"input\":1}",
              "{\"type\":\"evaluate\",\"id\":8,\"suite\":\"leeep.link\",\"input\":1}",
              "{\"type\":\"evaluate\",\"id\":9,\"suite\":\"leeep.fid\",\"input\":1,\"context\":[]}",
              "{\"type\":\"bye\",\"id\":10}",
              "[1]");
      assertEquals(
          List.of(
              "{\"error\":\"request is not JSON: malformed JSON at line 1 column 1 path $\"}",
              "{\"error\":\"request is not JSON: malformed JSON at line 1 column 10 path $\"}",
              "{\"error\":\"evaluate request without an integer \\\"id\\\": {\\\"type\\\":\\\"evaluate\\\",\\\"suite\\\":\\\"leeep.fid\\\",\\\"input\\\":1}\"}",
              "{\"error\":\"evaluate request without an integer \\\"id\\\": {\\\"type\\\":\\\"evaluate\\\",\\\"id\\\":1.5,\\\"suite\\\":\\\"leeep.fid\\\",\\\"input\\\":1}\"}",
              "{\"id\":7,\"error\":\"an evaluate request needs a string \\\"suite\\\" and an \\\"input\\\"\"}",
              "{\"id\":8,\"error\":\"suite \\\"leeep.link\\\" is not implemented by this adapter (it announced [\\\"leeep.fid\\\"])\"}",
              "{\"id\":9,\"error\":\"\\\"context\\\" must be an object\"}",
              "{\"id\":10,\"error\":\"unknown request type \\\"bye\\\"\"}",
              "{\"error\":\"request must be an object with a string \\\"type\\\"\"}"),
          served.answers);
    });

    test("a request that is not UTF-8", () -> {
      Served served = serve(adapter((s, i, c) -> Outcome.accept()), new byte[] {'"', (byte) 0xff, '"', '\n'});
      assertEquals(
          List.of("{\"error\":\"request is not UTF-8: java.nio.charset.MalformedInputException: Input length = 1\"}"),
          served.answers);
    });

    test("lines split on \\n only: U+2028, CR and NUL inside strings survive", () -> {
      Served served =
          serve(adapter((s, input, c) -> Outcome.accept(input)), evaluate(1, "\"a\u2028b\\rc\\u0000\ud83d\ude00<>\""));
      assertEquals(List.of("{\"id\":1,\"result\":\"accept\",\"output\":\"a\\u2028b\\rc\\u0000\ud83d\ude00<>\"}"), served.answers);
    });

    test("the real process: System.out goes to standard error, and end of input ends it", () -> {
      String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
      Process process =
          new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), NoisyAdapter.class.getName())
              .start();
      process
          .getOutputStream()
          .write(("{\"type\":\"hello\",\"protocol\":\"conformance-adapter/2\"}\n" + evaluate(1, "\"x\"") + "\n")
              .getBytes(StandardCharsets.UTF_8));
      process.getOutputStream().close();
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new AssertionError("the adapter did not exit at the end of its input");
      }
      assertEquals(0, process.exitValue());
      assertEquals(
          "{\"protocol\":\"conformance-adapter/2\",\"name\":\"noisy\",\"suites\":[\"leeep.fid\"]}\n"
              + "{\"id\":1,\"result\":\"accept\",\"output\":\"x\"}\n",
          new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
      assertEquals(
          "println from evaluate\n",
          new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    });

    test("example: leeep.fid and leeep.user-id, and the planted bug", () -> {
      assertEquals("accept(\"cAbCdEfGhIjKlMnOpQr_-0\")", ExampleAdapter.fid(new JsonPrimitive("cAbCdEfGhIjKlMnOpQr_-0")).toString());
      assertEquals("reject(invalid_fid)", ExampleAdapter.fid(new JsonPrimitive("cAbCdEfGhIjKlMnOpQr_-0\n")).toString());
      assertEquals("reject(not_a_string)", ExampleAdapter.fid(new JsonPrimitive(22)).toString());
      assertEquals("reject(too_long)", ExampleAdapter.userId(new JsonPrimitive("é".repeat(128)), false).toString());
      assertEquals("reject(whitespace_only)", ExampleAdapter.userId(new JsonPrimitive("\u3000".repeat(85)), false).toString());
      assertEquals("reject(whitespace_only)", ExampleAdapter.userId(new JsonPrimitive("\u00a0\u0085\u2007\u202f"), false).toString());
      assertEquals("accept(\"\\u001c\")", ExampleAdapter.userId(new JsonPrimitive("\u001c"), false).toString());
      assertEquals("reject(whitespace_only)", ExampleAdapter.userId(new JsonPrimitive("\u001c"), true).toString());
      assertEquals("accept(\"\u00a0\")", ExampleAdapter.userId(new JsonPrimitive("\u00a0"), true).toString());
      assertEquals("reject(empty)", ExampleAdapter.userId(new JsonPrimitive(""), false).toString());
    });

    for (String failure : failures) System.out.println("FAIL " + failure);
    System.out.println(passed + " passed, " + failures.size() + " failed");
    System.exit(failures.isEmpty() ? 0 : 1);
  }

  /** An adapter whose evaluator prints to System.out, for the process test. */
  public static final class NoisyAdapter {
    public static void main(String[] args) {
      System.exit(
          new ConformanceAdapter(
                  "noisy",
                  List.of("leeep.fid"),
                  (suite, input, context) -> {
                    System.out.println("println from evaluate");
                    return Outcome.accept(input);
                  })
              .run());
    }
  }

  public static void main(String[] args) throws Exception {
    new ConformanceAdapterTest().run();
  }
}
