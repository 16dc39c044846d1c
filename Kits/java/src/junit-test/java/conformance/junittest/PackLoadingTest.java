package conformance.junittest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.gson.JsonObject;
import conformance.adapter.Outcome;
import conformance.junit.ConformancePack;
import conformance.junit.ConformancePack.PackException;
import conformance.junit.ConformanceTests;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import conformance.junit.VectorFailure;

/** Reading a pack: strictly, numbers exact, an unknown format refused with both formats named. */
class PackLoadingTest {
  @TempDir Path folder;

  @Test
  void refusesAPackOfAnotherFormat() throws IOException {
    Path pack = folder.resolve("new.json");
    Files.writeString(pack, "{\"format\":\"conformance-pack/2\",\"digest\":\"" + Packs.DIGEST + "\",\"tests\":[]}");
    PackException refused = assertThrows(PackException.class, () -> ConformancePack.load(pack));
    assertEquals(
        pack
            + ": pack format \"conformance-pack/2\" is not one this kit reads (it reads"
            + " conformance-pack/1); use a kit as new as the harness that made the pack",
        refused.getMessage());
  }

  @Test
  void refusesAFileWithoutAFormat() throws IOException {
    Path pack = folder.resolve("answers.json");
    Files.writeString(pack, "{\"tests\":[]}");
    PackException refused = assertThrows(PackException.class, () -> ConformancePack.load(pack));
    assertEquals(
        pack + ": not a pack: no \"format\" (this kit reads conformance-pack/1)", refused.getMessage());
  }

  @Test
  void refusesMalformedJSONStrictly() throws IOException {
    Path pack = folder.resolve("lenient.json");
    Files.writeString(pack, "{'format':'conformance-pack/1'}");
    PackException refused = assertThrows(PackException.class, () -> ConformancePack.load(pack));
    assertEquals(true, refused.getMessage().startsWith(pack + ": not a pack: "), refused.getMessage());
  }

  @Test
  void refusesAMissingPackNamingIt() {
    Path pack = folder.resolve("none.json");
    PackException refused = assertThrows(PackException.class, () -> ConformancePack.load(pack));
    assertEquals(
        pack + ": no such pack (make one with `conformance pack --out FILE`)", refused.getMessage());
  }

  @Test
  void keepsNumbersExactAndContextsMerged() throws IOException {
    ConformancePack pack = ConformancePack.load(Packs.write(folder, Packs.SAMPLE));
    assertEquals(3, pack.tests().size());
    ConformancePack.PackTest money = pack.tests().get(2);
    assertEquals("0.10000000000000001", money.input().getAsJsonObject().get("amount").getAsString());
    assertEquals(
        "1000000000000000000000000000000000000001",
        money.expect().getAsJsonObject("output").get("cents").getAsString());
    assertEquals("EUR", money.context().get("currency").getAsString());
    assertEquals("acme.money amount.exact — the amount, exactly", money.displayName());
    assertEquals("leeep.fid invalid.short", pack.tests().get(1).displayName());
  }

  @Test
  void groupsBySuiteAndFileAndJudgesEachVector() throws IOException {
    Path pack = Packs.write(folder, Packs.SAMPLE);
    Map<String, Throwable> results =
        Nodes.run(
            ConformanceTests.named("t")
                .pack(pack)
                .tests(
                    (suite, input, context) -> {
                      if (suite.equals("acme.money")) {
                        JsonObject output = new JsonObject();
                        // 0.1 as a double: the exact value differs from 0.10000000000000001.
                        output.addProperty("amount", 0.1);
                        output.add("cents", new com.google.gson.JsonPrimitive(new java.math.BigInteger("1000000000000000000000000000000000000001")));
                        return Outcome.accept(output);
                      }
                      return input.getAsString().length() == 22 ? Outcome.accept(input) : Outcome.reject("invalid_fid");
                    }));
    assertEquals(
        List.of(
            "leeep.fid / leeep/fid/valid.json / leeep.fid valid.basic — a valid FID",
            "leeep.fid / leeep/fid/invalid.json / leeep.fid invalid.short",
            "acme.money / acme/money.json / acme.money amount.exact — the amount, exactly"),
        Nodes.names(results));
    Throwable failure = results.get("acme.money / acme/money.json / acme.money amount.exact — the amount, exactly");
    assertEquals(VectorFailure.class, failure.getClass());
    assertEquals(
        "FAIL acme.money amount.exact (acme/money.json)\n"
            + "  input:    {\"amount\":0.10000000000000001}\n"
            + "  context:  {\"currency\":\"EUR\"}\n"
            + "  expected: {\"result\":\"accept\",\"output\":{\"amount\":0.10000000000000001,\"cents\":1000000000000000000000000000000000000001}}\n"
            + "  actual:   {\"result\":\"accept\",\"output\":{\"amount\":0.1,\"cents\":1000000000000000000000000000000000000001}}\n"
            + "  differs:  at output.amount: expected 0.10000000000000001, got 0.1",
        failure.getMessage());
    assertEquals(1, Nodes.failing(results).size());
  }

  @Test
  void refusesASuiteThePackDoesNotHave() throws IOException {
    Path pack = Packs.write(folder, Packs.SAMPLE);
    PackException refused =
        assertThrows(
            PackException.class,
            () -> ConformanceTests.named("t").pack(pack).suites("leeep.user-id").tests((s, i, c) -> Outcome.accept()));
    assertEquals(
        pack
            + ": the pack has no test of suite \"leeep.user-id\" (it has [\"leeep.fid\",\"acme.money\"]);"
            + " make the pack with --suite leeep.user-id",
        refused.getMessage());
  }

  @Test
  void anExceptionIsAnErrorOfThatTestAndTheOthersRun() throws IOException {
    Path pack = Packs.write(folder, Packs.SAMPLE);
    Map<String, Throwable> results =
        Nodes.run(
            ConformanceTests.named("t")
                .pack(pack)
                .suites("leeep.fid")
                .tests(
                    (suite, input, context) -> {
                      if (input.getAsString().length() < 22) throw new IllegalStateException("boom");
                      return Outcome.accept(input);
                    }));
    assertEquals(2, results.size());
    Throwable error = results.get("leeep.fid / leeep/fid/invalid.json / leeep.fid invalid.short");
    assertEquals(
        "FAIL leeep.fid invalid.short (leeep/fid/invalid.json)\n"
            + "  input:    \"c\"\n"
            + "  expected: {\"result\":\"reject\",\"error\":\"invalid_fid\"}\n"
            + "  actual:   {\"error\":\"evaluate threw java.lang.IllegalStateException: boom\"}\n"
            + "  error:    evaluate threw java.lang.IllegalStateException: boom",
        error.getMessage());
    assertEquals(IllegalStateException.class, error.getCause().getClass());
  }
}
