package conformance.adapter;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import com.google.gson.TypeAdapter;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Runs a conformance adapter (protocol {@code conformance-adapter/2}) around one {@link
 * Evaluator}:
 *
 * <pre>{@code
 * public static void main(String[] args) {
 *   System.exit(new ConformanceAdapter("android-sdk", List.of("leeep.fid"),
 *       (suite, input, context) -> Outcome.accept(input)).version("2.3.0").run());
 * }
 * }</pre>
 *
 * <p>What the loop guarantees (docs/adapters.md): the hello is answered with the protocol, the
 * name, the suites (and the version when given); every evaluate request is answered by exactly one
 * line echoing its {@code id}; an exception thrown by the evaluator, a {@code null} outcome, an
 * output that is not JSON or a suite the adapter did not announce becomes {@code {"id": N,
 * "error": "why"}} and the stack trace goes to standard error; while {@link #run()} serves, {@code
 * System.out} is standard error, so no stray line reaches the harness; each answer is flushed; the
 * loop returns 0 at the end of input.
 */
public final class ConformanceAdapter {
  public static final String PROTOCOL = "conformance-adapter/2";

  private static final Gson GSON =
      new GsonBuilder().disableHtmlEscaping().serializeNulls().create();
  private static final TypeAdapter<JsonElement> ELEMENTS = GSON.getAdapter(JsonElement.class);

  private final String name;
  private final List<String> suites;
  private final Evaluator evaluator;
  private String version;

  public ConformanceAdapter(String name, List<String> suites, Evaluator evaluator) {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("an adapter needs a non-empty name");
    }
    this.name = name;
    this.suites = List.copyOf(suites);
    this.evaluator = Objects.requireNonNull(evaluator, "evaluator");
  }

  /** The optional {@code version} of the hello answer. */
  public ConformanceAdapter version(String version) {
    this.version = version;
    return this;
  }

  /** Serves the process's standard input and output; returns 0 at the end of input. */
  public int run() {
    PrintStream log = System.err;
    OutputStream answers = new FileOutputStream(FileDescriptor.out);
    PrintStream teamOut = System.out;
    teamOut.flush();
    System.setOut(log);
    try {
      return serve(System.in, answers, log);
    } finally {
      System.setOut(teamOut);
    }
  }

  /** Serves {@code input} until its end, writing one answer line per request to {@code output}. */
  public int serve(InputStream input, OutputStream output, PrintStream log) {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    byte[] buffer = new byte[65536];
    try {
      int count;
      while ((count = input.read(buffer)) != -1) {
        int start = 0;
        for (int index = 0; index < count; index++) {
          if (buffer[index] == '\n') {
            line.write(buffer, start, index - start);
            if (!answer(line.toByteArray(), output, log)) return 1;
            line.reset();
            start = index + 1;
          }
        }
        line.write(buffer, start, count - start);
      }
      if (line.size() > 0 && !answer(line.toByteArray(), output, log)) return 1;
      return 0;
    } catch (IOException exception) {
      log.println("cannot read the harness's requests: " + exception);
      return 1;
    }
  }

  private boolean answer(byte[] line, OutputStream output, PrintStream log) {
    if (isBlank(line)) return true;
    String text = answerLine(line, log);
    try {
      output.write(text.getBytes(StandardCharsets.UTF_8));
      output.write('\n');
      output.flush();
      return true;
    } catch (IOException exception) {
      log.println("cannot write to the harness (" + exception.getMessage() + "); stopping");
      return false;
    }
  }

  /** The answer (one JSON text, no newline) to one request line (UTF-8, without its newline). */
  public String answerLine(byte[] line, PrintStream log) {
    String text;
    try {
      text =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(line))
              .toString();
    } catch (CharacterCodingException exception) {
      return error("request is not UTF-8: " + exception, null);
    }
    JsonElement parsed;
    try {
      parsed = parseStrictly(text);
    } catch (IOException | RuntimeException exception) {
      String message = String.valueOf(exception.getMessage());
      return error(
          "request is not JSON: "
              + message.replace(
                  "Use JsonReader.setLenient(true) to accept malformed JSON", "malformed JSON"),
          null);
    }
    if (!parsed.isJsonObject()) {
      return error("request must be an object with a string \"type\"", null);
    }
    JsonObject request = parsed.getAsJsonObject();
    JsonElement id = isRequestId(request.get("id")) ? request.get("id") : null;
    String type = stringMember(request, "type");
    if (type == null) return error("request must be an object with a string \"type\"", id);
    if (type.equals("hello")) {
      if (!PROTOCOL.equals(stringMember(request, "protocol"))) {
        log.println(
            "the harness asked for protocol "
                + GSON.toJson(request.get("protocol"))
                + "; this adapter speaks "
                + PROTOCOL);
      }
      JsonObject hello = new JsonObject();
      hello.addProperty("protocol", PROTOCOL);
      hello.addProperty("name", name);
      JsonArray list = new JsonArray();
      for (String suite : suites) list.add(suite);
      hello.add("suites", list);
      if (version != null) hello.addProperty("version", version);
      return GSON.toJson(hello);
    }
    if (type.equals("evaluate")) return evaluate(request, id, log);
    return error("unknown request type " + GSON.toJson(type), id);
  }

  private String evaluate(JsonObject request, JsonElement id, PrintStream log) {
    if (id == null) {
      String shown = GSON.toJson(request);
      return error(
          "evaluate request without an integer \"id\": "
              + shown.substring(0, Math.min(200, shown.length())),
          null);
    }
    String suite = stringMember(request, "suite");
    if (suite == null || !request.has("input")) {
      return error("an evaluate request needs a string \"suite\" and an \"input\"", id);
    }
    if (!suites.contains(suite)) {
      return error(
          "suite "
              + GSON.toJson(suite)
              + " is not implemented by this adapter (it announced "
              + GSON.toJson(suites)
              + ")",
          id);
    }
    JsonElement context = request.get("context");
    if (context == null || context.isJsonNull()) context = new JsonObject();
    if (!context.isJsonObject()) return error("\"context\" must be an object", id);
    Outcome outcome;
    try {
      outcome = evaluator.evaluate(suite, request.get("input"), context.getAsJsonObject());
    } catch (Throwable thrown) {
      if (thrown instanceof VirtualMachineError && !(thrown instanceof StackOverflowError)) {
        throw (VirtualMachineError) thrown;
      }
      StringWriter trace = new StringWriter();
      thrown.printStackTrace(new PrintWriter(trace));
      log.println("evaluate(" + GSON.toJson(suite) + ") threw for request " + id + ":");
      log.print(trace);
      log.flush();
      String message = thrown.getMessage();
      return error(
          "evaluate threw " + thrown.getClass().getName() + (message == null ? "" : ": " + message),
          id);
    }
    if (outcome == null) {
      return error("evaluate returned null; expected Outcome.accept(...) or Outcome.reject(...)", id);
    }
    JsonObject answer = new JsonObject();
    answer.add("id", id);
    if (outcome.isAccept()) {
      answer.addProperty("result", "accept");
      if (outcome.getOutput() != null) {
        String problem = notJSON(outcome.getOutput(), "output");
        if (problem != null) return error("the output is not JSON: " + problem, id);
        answer.add("output", outcome.getOutput());
      }
    } else {
      answer.addProperty("result", "reject");
      answer.addProperty("error", outcome.getError());
      if (outcome.getField() != null) answer.addProperty("field", outcome.getField());
    }
    String text;
    try {
      text = GSON.toJson(answer);
    } catch (RuntimeException exception) {
      return error("the output is not JSON: " + exception.getMessage(), id);
    }
    try {
      // A lone surrogate would silently become "?" in UTF-8: say so instead.
      StandardCharsets.UTF_8
          .newEncoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .encode(CharBuffer.wrap(text));
    } catch (CharacterCodingException exception) {
      return error("the answer is not valid UTF-8 (a lone surrogate?): " + exception, id);
    }
    return text;
  }

  private static JsonElement parseStrictly(String text) throws IOException {
    JsonReader reader = new JsonReader(new StringReader(text));
    reader.setLenient(false);
    JsonElement element = ELEMENTS.read(reader);
    if (reader.peek() != JsonToken.END_DOCUMENT) {
      throw new IOException("more than one JSON value on the line");
    }
    return element;
  }

  /** Why {@code value} is not strict JSON (Gson would write NaN and infinities), or null. */
  private static String notJSON(JsonElement value, String path) {
    if (value.isJsonArray()) {
      JsonArray array = value.getAsJsonArray();
      for (int index = 0; index < array.size(); index++) {
        String problem = notJSON(array.get(index), path + "[" + index + "]");
        if (problem != null) return problem;
      }
    } else if (value.isJsonObject()) {
      for (java.util.Map.Entry<String, JsonElement> member : value.getAsJsonObject().entrySet()) {
        String problem = notJSON(member.getValue(), path + "." + member.getKey());
        if (problem != null) return problem;
      }
    } else if (value.isJsonPrimitive() && value.getAsJsonPrimitive().isNumber()) {
      Number number = value.getAsNumber();
      double asDouble = number.doubleValue();
      boolean floating = number instanceof Double || number instanceof Float;
      if (floating && (Double.isNaN(asDouble) || Double.isInfinite(asDouble))) {
        return path + " is " + number + ", which JSON cannot hold";
      }
    }
    return null;
  }

  private static boolean isRequestId(JsonElement value) {
    if (value == null || !value.isJsonPrimitive() || !value.getAsJsonPrimitive().isNumber()) {
      return false;
    }
    try {
      return new BigDecimal(value.getAsString()).stripTrailingZeros().scale() <= 0;
    } catch (NumberFormatException exception) {
      return false;
    }
  }

  private static String stringMember(JsonObject object, String key) {
    JsonElement value = object.get(key);
    if (value == null || !value.isJsonPrimitive() || !value.getAsJsonPrimitive().isString()) {
      return null;
    }
    return value.getAsString();
  }

  private static boolean isBlank(byte[] line) {
    for (byte b : line) {
      if (b != ' ' && b != '\t' && b != '\r') return false;
    }
    return true;
  }

  private static String error(String message, JsonElement id) {
    JsonObject answer = new JsonObject();
    if (id != null) answer.add("id", id);
    answer.add("error", new JsonPrimitive(message));
    return GSON.toJson(answer);
  }

  /** The suites this adapter announces. */
  public List<String> suites() {
    return new ArrayList<>(suites);
  }
}
