package conformance.junit;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes an answers file ({@code conformance-answers/1}, JSON lines): the header when opened, one
 * line per answered test, each written to the file as soon as it is known (so a crashed or killed
 * run keeps every answer it made), and the trailer {@code {"end": true, "count": N}} at the end.
 */
public final class AnswersRecorder implements AutoCloseable {
  public static final String FORMAT = "conformance-answers/1";

  static final Gson GSON = new GsonBuilder().disableHtmlEscaping().serializeNulls().create();

  private final Path path;
  private final OutputStream file;
  private int count;
  private boolean ended;

  private AnswersRecorder(Path path, OutputStream file) {
    this.path = path;
    this.file = file;
  }

  /**
   * Creates (or truncates) {@code path} and writes the header: the implementation's name, its
   * version ({@code null}: left out), the pack's digest and the suites it implements ({@code null}
   * or empty: left out).
   */
  public static AnswersRecorder open(
      Path path, String implementation, String version, String packDigest, List<String> suites)
      throws IOException {
    JsonObject header = new JsonObject();
    header.addProperty("format", FORMAT);
    header.addProperty("implementation", implementation);
    if (version != null) header.addProperty("version", version);
    header.addProperty("pack", packDigest);
    if (suites != null && !suites.isEmpty()) {
      JsonArray list = new JsonArray();
      for (String suite : suites) list.add(suite);
      header.add("suites", list);
    }
    // Unbuffered: each line goes to the operating system in one write, before the next test runs.
    AnswersRecorder recorder = new AnswersRecorder(path, new FileOutputStream(path.toFile()));
    recorder.writeLine(header);
    return recorder;
  }

  /** Records one answer ({@code ms}: the evaluation's time, left out when negative). */
  public synchronized void answer(String suite, String id, JsonObject answer, double ms)
      throws IOException {
    if (ended) {
      throw new IOException(
          path
              + ": an answer for "
              + suite
              + " "
              + id
              + " came after the run ended (run the conformance tests of one factory one after"
              + " another, not in parallel)");
    }
    JsonObject line = new JsonObject();
    line.addProperty("suite", suite);
    line.addProperty("id", id);
    line.add("answer", answer);
    if (ms >= 0) line.add("ms", new com.google.gson.JsonPrimitive(Math.round(ms * 1000) / 1000.0));
    writeLine(line);
    count++;
  }

  /** Writes the trailer (once); the file is complete. */
  public synchronized void finish() throws IOException {
    if (ended) return;
    JsonObject trailer = new JsonObject();
    trailer.addProperty("end", true);
    trailer.addProperty("count", count);
    writeLine(trailer);
    ended = true;
    file.close();
  }

  /** Closes without the trailer when {@link #finish()} was not called: the file says it was cut short. */
  @Override
  public synchronized void close() throws IOException {
    if (!ended) {
      ended = true;
      file.close();
    }
  }

  public Path path() {
    return path;
  }

  private void writeLine(JsonElement value) throws IOException {
    byte[] text = (GSON.toJson(value) + "\n").getBytes(StandardCharsets.UTF_8);
    file.write(text);
    file.flush();
  }
}
