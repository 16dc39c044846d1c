package conformance.junittest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Small packs written for the tests, in the pack format (conformance-pack/1). */
final class Packs {
  static final String DIGEST = "ab".repeat(32);

  private Packs() {}

  /** A pack of leeep.fid (two files) and acme.money (exact numbers), with {@code tests} as given. */
  static Path write(Path folder, String tests) throws IOException {
    Path pack = folder.resolve("pack.json");
    Files.writeString(
        pack,
        "{\"format\":\"conformance-pack/1\",\"corpus\":{\"version\":null,\"digest\":\""
            + "cd".repeat(32)
            + "\"},\"digest\":\""
            + DIGEST
            + "\",\"tests\":"
            + tests
            + "}",
        StandardCharsets.UTF_8);
    return pack;
  }

  static final String SAMPLE =
      "["
          + "{\"suite\":\"leeep.fid\",\"id\":\"valid.basic\",\"file\":\"leeep/fid/valid.json\","
          + "\"description\":\"a valid FID\",\"tags\":[\"valid\"],\"input\":\"cAbCdEfGhIjKlMnOpQr_-0\","
          + "\"context\":{},\"expect\":{\"result\":\"accept\",\"output\":\"cAbCdEfGhIjKlMnOpQr_-0\"}},"
          + "{\"suite\":\"leeep.fid\",\"id\":\"invalid.short\",\"file\":\"leeep/fid/invalid.json\","
          + "\"description\":\"\",\"tags\":[],\"input\":\"c\",\"context\":{},"
          + "\"expect\":{\"result\":\"reject\",\"error\":\"invalid_fid\"}},"
          + "{\"suite\":\"acme.money\",\"id\":\"amount.exact\",\"file\":\"acme/money.json\","
          + "\"description\":\"the amount, exactly\",\"tags\":[],\"input\":{\"amount\":0.10000000000000001},"
          + "\"context\":{\"currency\":\"EUR\"},"
          + "\"expect\":{\"result\":\"accept\",\"output\":{\"amount\":0.10000000000000001,"
          + "\"cents\":1000000000000000000000000000000000000001}},"
          + "\"numbers\":{\"/input/amount\":\"0.10000000000000001\",\"/expect/output/amount\":\"0.10000000000000001\","
          + "\"/expect/output/cents\":\"1000000000000000000000000000000000000001\"}}"
          + "]";
}
