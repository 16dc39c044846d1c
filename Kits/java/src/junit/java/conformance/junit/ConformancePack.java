package conformance.junit;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A pack ({@code conformance pack --out FILE}): the harness's loaded, linted and selected tests,
 * contexts already merged, in run order. Read with Gson, strictly; numbers keep their literal text
 * (Gson's {@code LazilyParsedNumber}), so {@code 0.10000000000000001} and a 400-digit integer stay
 * exact.
 */
public final class ConformancePack {
  /** The one pack format this kit reads. */
  public static final String FORMAT = "conformance-pack/1";

  private final Path path;
  private final String digest;
  private final String corpusVersion;
  private final String corpusDigest;
  private final List<PackTest> tests;

  private ConformancePack(
      Path path, String digest, String corpusVersion, String corpusDigest, List<PackTest> tests) {
    this.path = path;
    this.digest = digest;
    this.corpusVersion = corpusVersion;
    this.corpusDigest = corpusDigest;
    this.tests = List.copyOf(tests);
  }

  /** Reads a pack; a file that is not one, or a pack of another format, is refused with why. */
  public static ConformancePack load(Path path) {
    JsonElement parsed;
    try (Reader reader =
        new java.io.InputStreamReader(
            Files.newInputStream(path),
            StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT))) {
      parsed = Json.parse(new java.io.BufferedReader(reader, 1 << 16));
    } catch (java.nio.file.NoSuchFileException exception) {
      throw new PackException(path + ": no such pack (make one with `conformance pack --out FILE`)");
    } catch (java.nio.charset.CharacterCodingException exception) {
      throw new PackException(path + ": not a pack: not UTF-8");
    } catch (IOException exception) {
      throw new PackException(path + ": not a pack: " + Json.cleaned(exception.getMessage()));
    }
    if (!parsed.isJsonObject()) throw new PackException(path + ": not a pack: not a JSON object");
    JsonObject root = parsed.getAsJsonObject();
    JsonElement format = root.get("format");
    if (format == null) {
      throw new PackException(path + ": not a pack: no \"format\" (this kit reads " + FORMAT + ")");
    }
    if (!isString(format) || !FORMAT.equals(format.getAsString())) {
      throw new PackException(
          path
              + ": pack format "
              + Json.render(format)
              + " is not one this kit reads (it reads "
              + FORMAT
              + "); use a kit as new as the harness that made the pack");
    }
    String digest = string(root, "digest", path, "");
    if (!digest.matches("[0-9a-f]{64}")) {
      throw new PackException(path + ": \"digest\" must be 64 lowercase hex digits");
    }
    String corpusVersion = null;
    String corpusDigest = null;
    JsonElement corpus = root.get("corpus");
    if (corpus != null && corpus.isJsonObject()) {
      JsonElement version = corpus.getAsJsonObject().get("version");
      if (version != null && isString(version)) corpusVersion = version.getAsString();
      JsonElement corpusHash = corpus.getAsJsonObject().get("digest");
      if (corpusHash != null && isString(corpusHash)) corpusDigest = corpusHash.getAsString();
    }
    JsonElement testsElement = root.get("tests");
    if (testsElement == null || !testsElement.isJsonArray()) {
      throw new PackException(path + ": \"tests\" must be an array");
    }
    JsonArray array = testsElement.getAsJsonArray();
    List<PackTest> tests = new ArrayList<>(array.size());
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (int index = 0; index < array.size(); index++) {
      String where = "tests[" + index + "]";
      JsonElement element = array.get(index);
      if (!element.isJsonObject()) throw new PackException(path + ": " + where + " is not an object");
      JsonObject test = element.getAsJsonObject();
      String suite = string(test, "suite", path, where);
      String id = string(test, "id", path, where);
      if (!seen.add(suite + "\u0000" + id)) {
        throw new PackException(path + ": " + where + ": a second test " + suite + " " + id);
      }
      String file = string(test, "file", path, where);
      JsonElement description = test.get("description");
      List<String> tags = new ArrayList<>();
      JsonElement tagList = test.get("tags");
      if (tagList != null && tagList.isJsonArray()) {
        for (JsonElement tag : tagList.getAsJsonArray()) if (isString(tag)) tags.add(tag.getAsString());
      }
      if (!test.has("input")) throw new PackException(path + ": " + where + " has no \"input\"");
      JsonElement context = test.get("context");
      if (context == null || context.isJsonNull()) context = new JsonObject();
      if (!context.isJsonObject()) {
        throw new PackException(path + ": " + where + ": \"context\" must be an object");
      }
      JsonElement expect = test.get("expect");
      if (expect == null
          || !expect.isJsonObject()
          || !expect.getAsJsonObject().has("result")
          || !isString(expect.getAsJsonObject().get("result"))
          || !List.of("accept", "reject").contains(expect.getAsJsonObject().get("result").getAsString())) {
        throw new PackException(
            path + ": " + where + ": \"expect\" must be an object with \"result\" accept or reject");
      }
      tests.add(
          new PackTest(
              suite,
              id,
              file,
              description != null && isString(description) ? description.getAsString() : "",
              List.copyOf(tags),
              test.get("input"),
              context.getAsJsonObject(),
              expect.getAsJsonObject()));
    }
    return new ConformancePack(path, digest, corpusVersion, corpusDigest, tests);
  }

  private static String string(JsonObject object, String key, Path path, String where) {
    JsonElement value = object.get(key);
    if (value == null || !isString(value)) {
      throw new PackException(
          path + ": " + (where.isEmpty() ? "" : where + ": ") + "\"" + key + "\" must be a string");
    }
    return value.getAsString();
  }

  private static boolean isString(JsonElement value) {
    return value.isJsonPrimitive() && value.getAsJsonPrimitive().isString();
  }

  public Path path() {
    return path;
  }

  /** The pack's digest, which every answers file made from it names. */
  public String digest() {
    return digest;
  }

  /** The corpus release the pack was made from, or {@code null}. */
  public String corpusVersion() {
    return corpusVersion;
  }

  public String corpusDigest() {
    return corpusDigest;
  }

  /** Every test, in run order. */
  public List<PackTest> tests() {
    return tests;
  }

  /** One test of a pack: its expectation and what the implementation is given. */
  public record PackTest(
      String suite,
      String id,
      String file,
      String description,
      List<String> tags,
      JsonElement input,
      JsonObject context,
      JsonObject expect) {
    /** {@code SUITE ID — description} (the description left out when empty). */
    public String displayName() {
      return suite + " " + id + (description.isEmpty() ? "" : " — " + description);
    }
  }

  /** A pack that cannot be read, or not by this kit; the message names the file and the problem. */
  public static final class PackException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public PackException(String message) {
      super(message);
    }
  }
}
