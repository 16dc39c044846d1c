package conformance.junittest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonParser;
import conformance.adapter.Outcome;
import conformance.junit.ConformanceTests;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.TestAbortedException;

/** Answers recording: header, one flushed line per answer, trailer; a killed run keeps its lines. */
class RecordingTest {
  @TempDir Path folder;

  @Test
  void recordsHeaderEveryAnswerAndTrailer() throws IOException {
    Path pack = Packs.write(folder, Packs.SAMPLE);
    Path answers = folder.resolve("answers.jsonl");
    Map<String, Throwable> results =
        Nodes.run(
            ConformanceTests.named("android-sdk")
                .version("2.3.0")
                .suites("leeep.fid", "acme.money")
                .pack(pack)
                .answers(answers)
                .tests(
                    (suite, input, context) -> {
                      if (suite.equals("acme.money")) Assumptions.abort("no money API on this platform");
                      String value = input.getAsString();
                      return value.length() == 22 ? Outcome.accept(value) : Outcome.reject("invalid_fid", "fid");
                    }));
    assertEquals(TestAbortedException.class, results.get(Nodes.names(results).get(2)).getClass());
    List<String> lines = Files.readAllLines(answers, StandardCharsets.UTF_8);
    List<String> withoutTimes = new ArrayList<>();
    for (String line : lines) withoutTimes.add(line.replaceAll(",\"ms\":[0-9.E-]+\\}$", "}"));
    assertEquals(
        List.of(
            "{\"format\":\"conformance-answers/1\",\"implementation\":\"android-sdk\",\"version\":\"2.3.0\","
                + "\"pack\":\"" + Packs.DIGEST + "\",\"suites\":[\"leeep.fid\",\"acme.money\"]}",
            "{\"suite\":\"leeep.fid\",\"id\":\"valid.basic\",\"answer\":{\"result\":\"accept\",\"output\":\"cAbCdEfGhIjKlMnOpQr_-0\"}}",
            "{\"suite\":\"leeep.fid\",\"id\":\"invalid.short\",\"answer\":{\"result\":\"reject\",\"error\":\"invalid_fid\",\"field\":\"fid\"}}",
            "{\"suite\":\"acme.money\",\"id\":\"amount.exact\",\"answer\":{\"skip\":\"no money API on this platform\"}}",
            "{\"end\":true,\"count\":3}"),
        withoutTimes);
    for (int index = 1; index < 4; index++) {
      assertTrue(lines.get(index).matches(".*,\"ms\":[0-9.]+(E-?[0-9]+)?\\}$"), lines.get(index));
    }
    assertTrue(Files.readString(answers).endsWith("}\n"));
  }

  @Test
  void recordsNothingWhenNotAsked() throws IOException {
    Path pack = Packs.write(folder, Packs.SAMPLE);
    Nodes.run(ConformanceTests.named("t").pack(pack).suites("leeep.fid").tests((s, i, c) -> Outcome.accept(i)));
    try (var files = Files.list(folder)) {
      assertEquals(List.of(pack), files.toList());
    }
  }

  /**
   * A run killed with SIGKILL half-way keeps every answer it made, each a whole line, and has no
   * trailer (so `conformance judge` says it was cut short).
   */
  @Test
  void aKilledRunKeepsEveryLineItWrote() throws Exception {
    StringBuilder tests = new StringBuilder("[");
    for (int index = 0; index < 10; index++) {
      if (index > 0) tests.append(',');
      tests.append("{\"suite\":\"leeep.fid\",\"id\":\"t").append(index)
          .append("\",\"file\":\"f.json\",\"description\":\"\",\"tags\":[],\"input\":\"x\",\"context\":{},")
          .append("\"expect\":{\"result\":\"reject\"}}");
    }
    Path pack = Packs.write(folder, tests.append(']').toString());
    Path answers = folder.resolve("killed.jsonl");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process child =
        new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), KilledRun.class.getName(),
                pack.toString(), answers.toString())
            .redirectErrorStream(true)
            .redirectOutput(folder.resolve("child.log").toFile())
            .start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (lineCount(answers) < 1 + KilledRun.ANSWERED && System.nanoTime() < deadline) {
        assertTrue(child.isAlive(), () -> "the child ended early: " + log(folder));
        Thread.sleep(20);
      }
      assertEquals(1 + KilledRun.ANSWERED, lineCount(answers), () -> log(folder));
    } finally {
      child.destroyForcibly(); // SIGKILL on Linux and macOS
      child.waitFor();
    }
    assertEquals(137, child.exitValue(), "killed by SIGKILL (128 + 9)");
    String text = read(answers);
    assertTrue(text.endsWith("\n"), "no half-written line");
    String[] lines = text.split("\n");
    assertEquals(1 + KilledRun.ANSWERED, lines.length);
    assertTrue(lines[0].startsWith("{\"format\":\"conformance-answers/1\""));
    for (int index = 1; index < lines.length; index++) {
      var line = JsonParser.parseString(lines[index]).getAsJsonObject();
      assertEquals("t" + (index - 1), line.get("id").getAsString());
      assertTrue(!line.has("end"));
    }
  }

  private static int lineCount(Path path) throws IOException {
    if (!Files.exists(path)) return 0;
    return (int) read(path).chars().filter(c -> c == '\n').count();
  }

  private static String log(Path folder) {
    try {
      return read(folder.resolve("child.log"));
    } catch (IOException exception) {
      return "(no log: " + exception + ")";
    }
  }

  private static String read(Path path) throws IOException {
    return new String(Files.readAllBytes(path), StandardCharsets.UTF_8);
  }

}
