package conformance.junit;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import conformance.adapter.Evaluator;
import conformance.adapter.Outcome;
import conformance.junit.ConformancePack.PackTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.opentest4j.TestAbortedException;

/**
 * The vectors of a pack as JUnit 5 dynamic tests, one per vector, grouped by suite and file, each
 * judged with the harness's rules and (when asked) recorded in an answers file for {@code
 * conformance judge}:
 *
 * <pre>{@code
 * @TestFactory
 * Stream<DynamicNode> vectors() {
 *   return ConformanceTests.named("android-sdk").version("2.3.0").suites("leeep.fid")
 *       .tests((suite, input, context) -> Outcome.accept(input));
 * }
 * }</pre>
 *
 * <p>The pack is {@link #pack(Path)}, else the system property {@value #PACK_PROPERTY}, else the
 * environment variable {@value #PACK_VARIABLE}. Answers are recorded to {@link #answers(Path)},
 * else the system property {@value #ANSWERS_PROPERTY}, else {@value #ANSWERS_VARIABLE}; nothing is
 * recorded when none is set. An evaluator that aborts a test ({@code Assumptions.abort("why")},
 * {@code assumeTrue(false, "why")}) leaves it out on purpose: recorded as {@code {"skip": "why"}},
 * reported skipped.
 */
public final class ConformanceTests {
  public static final String PACK_PROPERTY = "conformance.pack";
  public static final String PACK_VARIABLE = "CONFORMANCE_PACK";
  public static final String ANSWERS_PROPERTY = "conformance.answers";
  public static final String ANSWERS_VARIABLE = "CONFORMANCE_ANSWERS";

  private static final java.util.regex.Pattern JSON_NUMBER =
      java.util.regex.Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][-+]?[0-9]+)?");

  private final String implementation;
  private String version;
  private List<String> suites = List.of();
  private Path pack;
  private Path answers;

  private ConformanceTests(String implementation) {
    this.implementation = implementation;
  }

  /** The implementation under test, as answers files and reports name it. */
  public static ConformanceTests named(String implementation) {
    if (implementation == null || implementation.isEmpty()) {
      throw new IllegalArgumentException("the implementation needs a non-empty name");
    }
    return new ConformanceTests(implementation);
  }

  /** The implementation's version (recorded in the answers' header). */
  public ConformanceTests version(String version) {
    this.version = version;
    return this;
  }

  /**
   * The suites the implementation answers: only their tests run, and {@code conformance judge}
   * reports the pack's other tests as skipped. None named: every test of the pack runs.
   */
  public ConformanceTests suites(String... suites) {
    this.suites = List.of(suites);
    return this;
  }

  public ConformanceTests suites(List<String> suites) {
    this.suites = List.copyOf(suites);
    return this;
  }

  /** The pack to run (instead of {@value #PACK_PROPERTY} or {@value #PACK_VARIABLE}). */
  public ConformanceTests pack(Path pack) {
    this.pack = pack;
    return this;
  }

  /** Where to record the answers (instead of {@value #ANSWERS_PROPERTY} or {@value #ANSWERS_VARIABLE}). */
  public ConformanceTests answers(Path answers) {
    this.answers = answers;
    return this;
  }

  /** The pack's path as configured: the builder's, the system property's or the variable's. */
  Path packPath() {
    if (pack != null) return pack;
    String named = setting(PACK_PROPERTY, PACK_VARIABLE);
    if (named == null) {
      throw new ConformancePack.PackException(
          "no pack to run: make one with `conformance pack --suite … --out FILE` and name it with "
              + PACK_VARIABLE
              + "=FILE or -D"
              + PACK_PROPERTY
              + "=FILE");
    }
    return Path.of(named);
  }

  Path answersPath() {
    if (answers != null) return answers;
    String named = setting(ANSWERS_PROPERTY, ANSWERS_VARIABLE);
    return named == null ? null : Path.of(named);
  }

  private static String setting(String property, String variable) {
    String value = System.getProperty(property);
    if (value == null || value.isEmpty()) value = System.getenv(variable);
    return value == null || value.isEmpty() ? null : value;
  }

  /**
   * Loads the pack and returns one container per suite, one per file inside it, one test per
   * vector, in the pack's order. Recording starts here (the header) and ends when JUnit has run
   * them all (the trailer).
   */
  public Stream<DynamicNode> tests(Evaluator evaluator) {
    if (evaluator == null) throw new IllegalArgumentException("tests(evaluator) needs an evaluator");
    ConformancePack loaded = ConformancePack.load(packPath());
    List<PackTest> selected = new ArrayList<>();
    for (PackTest test : loaded.tests()) {
      if (suites.isEmpty() || suites.contains(test.suite())) selected.add(test);
    }
    for (String suite : suites) {
      if (selected.stream().noneMatch(test -> test.suite().equals(suite))) {
        throw new ConformancePack.PackException(
            loaded.path()
                + ": the pack has no test of suite "
                + Json.quoted(suite)
                + " (it has "
                + Json.render(AnswersRecorder.GSON.toJsonTree(suitesOf(loaded.tests())))
                + "); make the pack with --suite "
                + suite);
      }
    }
    if (selected.isEmpty()) {
      throw new ConformancePack.PackException(loaded.path() + ": the pack has no tests");
    }
    Path answersPath = answersPath();
    AnswersRecorder recorder = null;
    if (answersPath != null) {
      try {
        recorder = AnswersRecorder.open(answersPath, implementation, version, loaded.digest(), suites);
      } catch (IOException exception) {
        throw new UncheckedIOException(
            "cannot record answers to " + answersPath + ": " + exception.getMessage(), exception);
      }
    }
    AnswersRecorder answers = recorder;
    Map<String, Map<String, List<DynamicNode>>> grouped = new LinkedHashMap<>();
    for (PackTest test : selected) {
      grouped
          .computeIfAbsent(test.suite(), key -> new LinkedHashMap<>())
          .computeIfAbsent(test.file(), key -> new ArrayList<>())
          .add(DynamicTest.dynamicTest(test.displayName(), () -> check(test, evaluator, answers)));
    }
    List<DynamicNode> containers = new ArrayList<>();
    grouped.forEach(
        (suite, files) -> {
          List<DynamicNode> fileNodes = new ArrayList<>();
          files.forEach(
              (file, tests) -> fileNodes.add(DynamicContainer.dynamicContainer(file, tests.stream())));
          containers.add(DynamicContainer.dynamicContainer(suite, fileNodes.stream()));
        });
    // JUnit closes the factory's stream once it has run every node: that is the run's end.
    return containers.stream()
        .onClose(
            () -> {
              if (answers == null) return;
              try {
                answers.finish();
              } catch (IOException exception) {
                throw new UncheckedIOException(
                    "cannot end the answers file " + answers.path() + ": " + exception.getMessage(),
                    exception);
              }
            });
  }

  private static List<String> suitesOf(List<PackTest> tests) {
    return tests.stream().map(PackTest::suite).distinct().toList();
  }

  /**
   * Evaluates one vector, records the answer ({@code answers} may be null) and throws a {@link
   * VectorFailure} when the harness would not pass it: the body of each dynamic test, public for
   * runners a {@code @TestFactory} cannot reach (JUnit 4, Robolectric, Android instrumented tests).
   */
  public static void check(PackTest test, Evaluator evaluator, AnswersRecorder answers)
      throws Throwable {
    JsonObject answer;
    Throwable thrown = null;
    TestAbortedException aborted = null;
    long start = System.nanoTime();
    try {
      Outcome outcome =
          evaluator.evaluate(test.suite(), test.input().deepCopy(), test.context().deepCopy());
      answer = answerOf(outcome);
    } catch (TestAbortedException abort) {
      aborted = abort;
      answer = new JsonObject();
      String why = abort.getMessage();
      answer.addProperty("skip", why == null || why.isEmpty() ? "aborted by the test" : why);
    } catch (Throwable throwable) {
      if (throwable instanceof VirtualMachineError && !(throwable instanceof StackOverflowError)) {
        throw throwable;
      }
      thrown = throwable;
      String message = throwable.getMessage();
      answer = new JsonObject();
      answer.addProperty(
          "error",
          "evaluate threw " + throwable.getClass().getName() + (message == null ? "" : ": " + message));
    }
    double ms = (System.nanoTime() - start) / 1e6;
    // Judged as recorded: the answer's JSON text read back, as `conformance judge` reads it.
    JsonObject recorded = Json.parse(AnswersRecorder.GSON.toJson(answer)).getAsJsonObject();
    if (answers != null) answers.answer(test.suite(), test.id(), answer, ms);
    if (aborted != null) throw aborted;
    Comparison.Verdict verdict = Comparison.judge(test.expect(), recorded);
    switch (verdict.kind()) {
      case PASS:
        return;
      case SKIP:
        throw new TestAbortedException(verdict.text());
      case ERROR:
        throw new VectorFailure(
            message(test, recorded, "error:    " + verdict.text()), thrown);
      default:
        throw new VectorFailure(
            message(test, recorded, "differs:  " + verdict.text()),
            Json.render(test.expect()),
            Json.render(recorded));
    }
  }

  /** The answer an adapter would give for {@code outcome} (without {@code id}). */
  static JsonObject answerOf(Outcome outcome) {
    JsonObject answer = new JsonObject();
    if (outcome == null) {
      answer.addProperty(
          "error", "evaluate returned null; expected Outcome.accept(...) or Outcome.reject(...)");
      return answer;
    }
    if (outcome.isAccept()) {
      answer.addProperty("result", "accept");
      if (outcome.getOutput() != null) {
        String problem = notJSON(outcome.getOutput(), "output");
        if (problem != null) {
          JsonObject error = new JsonObject();
          error.addProperty("error", "the output is not JSON: " + problem);
          return error;
        }
        answer.add("output", outcome.getOutput());
      }
    } else {
      answer.addProperty("result", "reject");
      answer.addProperty("error", outcome.getError());
      if (outcome.getField() != null) answer.addProperty("field", outcome.getField());
    }
    return answer;
  }

  /** Why {@code value} cannot be written as strict JSON in UTF-8, or null. */
  private static String notJSON(JsonElement value, String path) {
    if (value.isJsonArray()) {
      for (int index = 0; index < value.getAsJsonArray().size(); index++) {
        String problem = notJSON(value.getAsJsonArray().get(index), path + "[" + index + "]");
        if (problem != null) return problem;
      }
    } else if (value.isJsonObject()) {
      for (Map.Entry<String, JsonElement> member : value.getAsJsonObject().entrySet()) {
        String child = path + Comparison.pathComponent(member.getKey());
        if (!isUTF8(member.getKey())) return child + " is a key with a lone surrogate";
        String problem = notJSON(member.getValue(), child);
        if (problem != null) return problem;
      }
    } else if (value.isJsonPrimitive() && value.getAsJsonPrimitive().isNumber()) {
      String text = value.getAsJsonPrimitive().getAsString();
      if (!JSON_NUMBER.matcher(text).matches()) {
        return path + " is " + text + ", which JSON cannot hold";
      }
    } else if (value.isJsonPrimitive() && value.getAsJsonPrimitive().isString()) {
      if (!isUTF8(value.getAsString())) return path + " holds a lone surrogate";
    }
    return null;
  }

  private static boolean isUTF8(String text) {
    try {
      StandardCharsets.UTF_8
          .newEncoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .encode(java.nio.CharBuffer.wrap(text));
      return true;
    } catch (CharacterCodingException exception) {
      return false;
    }
  }

  /** A failure as the harness prints one: where, input, context, expected, actual, and why. */
  static String message(PackTest test, JsonObject answer, String why) {
    StringBuilder text = new StringBuilder();
    text.append("FAIL ").append(test.suite()).append(' ').append(test.id());
    text.append(" (").append(test.file()).append(")\n");
    text.append("  input:    ").append(shown(test.input())).append('\n');
    if (test.context().size() > 0) text.append("  context:  ").append(shown(test.context())).append('\n');
    text.append("  expected: ").append(shown(test.expect())).append('\n');
    text.append("  actual:   ").append(shown(answer)).append('\n');
    text.append("  ").append(why);
    return text.toString();
  }

  private static String shown(JsonElement value) {
    String text = Json.render(value);
    int length = text.codePointCount(0, text.length());
    if (length <= 4 * Comparison.LONG_VALUE) return text;
    return String.format(java.util.Locale.ROOT, "%,d characters: ", length)
        + text.substring(0, text.offsetByCodePoints(0, 4 * Comparison.LONG_VALUE))
        + "…";
  }
}
