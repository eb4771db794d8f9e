package dev.mstpanel.core.mst;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.mst.RunChecks.ContextFacts;
import dev.mstpanel.core.mst.RunChecks.Field;
import dev.mstpanel.core.mst.RunChecks.Problem;
import dev.mstpanel.core.mst.RunChecks.Severity;
import dev.mstpanel.core.text.ByteSize;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunChecksTest {
    private static final String GOOD_COWORK = """
            {"name": "checkout-flow", "coworkSetup": {"approveWriteTools": true, "egressAllowedHosts": ["shop.example.test"]}}
            """;
    private static final Map<String, ContextFacts> ENGINES = Map.of(
            "engine-1", new ContextFacts("engine-1", 12L * ByteSize.GIB, 6),
            "engine-2", new ContextFacts("engine-2", 8L * ByteSize.GIB, 2),
            "tiny", new ContextFacts("tiny", 3L * ByteSize.GIB, 2));

    @TempDir
    Path dir;

    private final RunChecks checks = new RunChecks();

    private Path config(String json) throws IOException {
        Path p = dir.resolve("eval.json");
        Files.writeString(p, json);
        return p;
    }

    private List<Problem> check(String json, RunRequest request) throws IOException {
        Path p = config(json);
        RunRequest r = new RunRequest(
                p,
                request.contexts(),
                request.shards(),
                request.keep(),
                request.memory(),
                request.cpus(),
                request.image(),
                request.readyTimeout(),
                request.resume(),
                request.secretsFile(),
                request.outputDir());
        try {
            return checks.check(r, EvalConfig.read(p), null, ENGINES);
        } catch (EvalConfigException e) {
            return checks.check(r, null, e, ENGINES);
        }
    }

    private static RunRequest req(List<String> contexts, String shards, String memory, String cpus) {
        return new RunRequest(Path.of("x"), contexts, shards, KeepPolicy.NEVER, memory, cpus, "", "", "", null, null);
    }

    private static List<Problem> on(List<Problem> ps, Field f) {
        return ps.stream().filter(p -> p.field() == f).toList();
    }

    @Test
    void aGoodCoworkRunHasNoProblems() throws Exception {
        List<Problem> ps = check(GOOD_COWORK, req(List.of("engine-1", "engine-2"), "2", "6g", "2"));
        assertThat(ps).isEmpty();
        assertThat(RunChecks.canStart(ps)).isTrue();
    }

    @Test
    void noConfigChosenBlocksStart() {
        List<Problem> ps = checks.check(RunRequest.of(null), null, null, Map.of());
        assertThat(ps).containsExactly(new Problem(Field.CONFIG, Severity.ERROR, "Choose an eval config."));
        assertThat(RunChecks.canStart(ps)).isFalse();
    }

    @Test
    void configThatIsNotJsonShowsLineAndColumnOnTheConfigField() throws Exception {
        List<Problem> ps = check("{\"name\": \"x\",,}", req(List.of(), "", "", ""));
        assertThat(on(ps, Field.CONFIG)).singleElement().satisfies(p -> {
            assertThat(p.severity()).isEqualTo(Severity.ERROR);
            assertThat(p.message()).startsWith("eval.json is not valid JSON at line 1, column ");
        });
    }

    @Test
    void configWithoutNameBlocksStart() throws Exception {
        List<Problem> ps = check("{\"client\": \"api\"}", req(List.of(), "", "", ""));
        assertThat(on(ps, Field.CONFIG))
                .singleElement()
                .extracting(Problem::message)
                .asString()
                .contains("has no \"name\"");
        assertThat(RunChecks.canStart(ps)).isFalse();
    }

    @Test
    void macOsOptionsAnywhereInTheConfigAreErrors() throws Exception {
        List<Problem> ps = check("""
                {"name": "x", "client": "chatgpt", "configPath": "/Users/me/.codex",
                 "clientOptions": {"computerUseModel": "cu-1"},
                 "variants": [{"name": "old", "appVersion": "1.2"}]}
                """, req(List.of(), "", "", ""));
        assertThat(on(ps, Field.CONFIG))
                .extracting(Problem::message)
                .satisfiesExactlyInAnyOrder(
                        m -> assertThat(m).startsWith("configPath is a macOS option"),
                        m -> assertThat(m).startsWith("computerUseModel (in clientOptions) is a macOS option"),
                        m -> assertThat(m).startsWith("appVersion (in variants[old]) is a macOS option"));
        assertThat(on(ps, Field.CONFIG)).allMatch(p -> p.severity() == Severity.ERROR);
    }

    @Test
    void coworkWithoutApproveWriteToolsWarnsPerVariant() throws Exception {
        List<Problem> ps = check("""
                {"name": "x", "variants": [{"name": "a", "coworkSetup": {"approveWriteTools": true}}, {"name": "b"}]}
                """, req(List.of(), "", "", ""));
        assertThat(on(ps, Field.CONFIG)).singleElement().satisfies(p -> {
            assertThat(p.severity()).isEqualTo(Severity.WARNING);
            assertThat(p.message())
                    .startsWith(
                            "coworkSetup.approveWriteTools is not true for variant b: nobody is in the container to click Allow");
        });
        assertThat(on(check("{\"name\": \"x\"}", req(List.of(), "", "", "")), Field.CONFIG))
                .extracting(Problem::message)
                .singleElement()
                .asString()
                .contains("not true for the eval");
    }

    @Test
    void approveWriteToolsDoesNotMatterForChatgpt() throws Exception {
        assertThat(check("{\"name\": \"x\", \"client\": \"chatgpt\"}", req(List.of("engine-1"), "", "", "")))
                .isEmpty();
    }

    @Test
    void cpusAboveAChosenContextsCpusIsAnError() throws Exception {
        List<Problem> ps = check(GOOD_COWORK, req(List.of("engine-1", "engine-2"), "", "", "4"));
        assertThat(on(ps, Field.CPUS)).singleElement().satisfies(p -> {
            assertThat(p.severity()).isEqualTo(Severity.ERROR);
            assertThat(p.message()).isEqualTo("cpus=4 is more than engine-2's 2 CPUs: MST refuses it.");
        });
        assertThat(on(check(GOOD_COWORK, req(List.of("engine-1", "engine-2"), "", "", "8")), Field.CPUS))
                .extracting(Problem::message)
                .containsExactly("cpus=8 is more than engine-1's 6 CPUs and engine-2's 2 CPUs: MST refuses it.");
    }

    @Test
    void coworkMemoryThatDoesNotFitAContextIsAnErrorOnMemory() throws Exception {
        List<Problem> ps = check(GOOD_COWORK, req(List.of("engine-1", "engine-2"), "", "10g", ""));
        assertThat(on(ps, Field.MEMORY))
                .singleElement()
                .extracting(Problem::message)
                .asString()
                .isEqualTo("engine-2 cannot hold a Cowork container: memory=10.0 GiB does not fit in 7.0 GiB spare.");
    }

    @Test
    void coworkOnASmallContextIsWarnedAbout() throws Exception {
        List<Problem> ps = check(GOOD_COWORK, req(List.of("tiny"), "", "", ""));
        assertThat(on(ps, Field.CONTEXTS)).singleElement().satisfies(p -> {
            assertThat(p.severity()).isEqualTo(Severity.WARNING);
            assertThat(p.message()).startsWith("tiny can give a Cowork container only 2.0 GiB");
        });
        assertThat(on(check(GOOD_COWORK, req(List.of("engine-1"), "", "512m", "")), Field.MEMORY))
                .singleElement()
                .satisfies(p -> {
                    assertThat(p.severity()).isEqualTo(Severity.WARNING);
                    assertThat(p.message())
                            .startsWith("memory=512m gives each Cowork container 512 MiB; one shard peaked at 2.5 GiB");
                });
    }

    @Test
    void headlessRunOnAContextThatHoldsNoContainerIsAnError() throws Exception {
        List<Problem> ps = check("{\"name\": \"x\", \"client\": \"api\"}", req(List.of("tiny"), "", "4g", ""));
        assertThat(on(ps, Field.MEMORY))
                .singleElement()
                .extracting(Problem::message)
                .asString()
                .startsWith("tiny cannot hold one container: 4.0 GiB does not fit in 2.0 GiB spare");
    }

    @Test
    void moreCoworkShardsThanContextsIsANote() throws Exception {
        List<Problem> ps = check(GOOD_COWORK, req(List.of("engine-1", "engine-2"), "3", "", ""));
        assertThat(ps)
                .containsExactly(
                        new Problem(
                                Field.SHARDS,
                                Severity.NOTE,
                                "3 Cowork shards on 2 contexts: 1 waits for a free context (one Cowork container per context at a time)."));
        assertThat(RunChecks.canStart(ps)).isTrue();
    }

    @Test
    void memorySyntaxIsChecked() throws Exception {
        List<Problem> ps = check(GOOD_COWORK, req(List.of(), "", "8 gigs", ""));
        assertThat(on(ps, Field.MEMORY))
                .extracting(Problem::message)
                .containsExactly("\"8 gigs\" is not a memory size: write it as Docker does, e.g. 8g or 512m.");
    }

    @Test
    void cpusSyntaxIsChecked() throws Exception {
        assertThat(on(check(GOOD_COWORK, req(List.of(), "", "", "two")), Field.CPUS))
                .extracting(Problem::message)
                .containsExactly("\"two\" is not a CPU count: write a number such as 2 or 1.5.");
        assertThat(on(check(GOOD_COWORK, req(List.of(), "", "", "0")), Field.CPUS))
                .hasSize(1);
    }

    @Test
    void shardsMustBeAPositiveInteger() throws Exception {
        for (String bad : List.of("0", "-1", "2.5", "three")) {
            assertThat(on(check(GOOD_COWORK, req(List.of(), bad, "", "")), Field.SHARDS))
                    .as(bad)
                    .singleElement()
                    .extracting(Problem::message)
                    .asString()
                    .contains("is not a shard count");
        }
        assertThat(check(GOOD_COWORK, req(List.of(), "4", "", ""))).isEmpty();
    }

    @Test
    void anAbsurdShardCountIsRefusedWithTheLimit() throws Exception {
        for (String absurd : List.of("257", "999999999", "99999999999")) {
            assertThat(on(check(GOOD_COWORK, req(List.of(), absurd, "", "")), Field.SHARDS))
                    .as(absurd)
                    .singleElement()
                    .extracting(Problem::message)
                    .asString()
                    .isEqualTo(absurd
                            + " is too many shards: write a whole number from 1 to 256 (each shard is a container).");
        }
        assertThat(check(GOOD_COWORK, req(List.of(), "256", "", ""))).isEmpty();
    }

    @Test
    void readyTimeoutMustBePositiveSeconds() throws Exception {
        RunRequest bad = new RunRequest(Path.of("x"), List.of(), "", KeepPolicy.NEVER, "", "", "", "0", "", null, null);
        assertThat(on(check(GOOD_COWORK, bad), Field.READY_TIMEOUT))
                .singleElement()
                .extracting(Problem::message)
                .asString()
                .startsWith("\"0\" is not a timeout");
        RunRequest good =
                new RunRequest(Path.of("x"), List.of(), "", KeepPolicy.NEVER, "", "", "", "600", "", null, null);
        assertThat(check(GOOD_COWORK, good)).isEmpty();
    }

    @Test
    void resumeTakesAFullRunIdOrItsShortId() throws Exception {
        for (String ok : List.of("20261129T101500Z-a1b2c3", "a1b2c3")) {
            RunRequest r =
                    new RunRequest(Path.of("x"), List.of(), "", KeepPolicy.NEVER, "", "", "", "", ok, null, null);
            assertThat(check(GOOD_COWORK, r)).as(ok).isEmpty();
        }
        for (String bad : List.of("a1b2c", "20261129-a1b2c3", "A1B2C3X", "latest")) {
            RunRequest r =
                    new RunRequest(Path.of("x"), List.of(), "", KeepPolicy.NEVER, "", "", "", "", bad, null, null);
            assertThat(on(check(GOOD_COWORK, r), Field.RESUME))
                    .as(bad)
                    .singleElement()
                    .extracting(Problem::message)
                    .asString()
                    .contains("is not a run id");
        }
    }

    @Test
    void secretsFileMustExist() throws Exception {
        Path missing = dir.resolve("secrets.env");
        RunRequest r = new RunRequest(Path.of("x"), List.of(), "", KeepPolicy.NEVER, "", "", "", "", "", missing, null);
        assertThat(on(check(GOOD_COWORK, r), Field.SECRETS_FILE))
                .extracting(Problem::message)
                .containsExactly("There is no file " + missing + ".");
        Files.writeString(missing, "OPENAI_API_KEY=sk-x\n");
        assertThat(check(GOOD_COWORK, r)).isEmpty();
    }

    @Test
    void aSecretsFileThatIsAFifoOrOver1MibIsRefusedInPlace() throws Exception {
        Path fifo = dir.resolve("secrets.fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor())
                .isZero();
        Path big = dir.resolve("big.env");
        Files.write(big, new byte[2 << 20]);
        RunRequest fromFifo =
                new RunRequest(Path.of("x"), List.of(), "", KeepPolicy.NEVER, "", "", "", "", "", fifo, null);
        RunRequest fromBig =
                new RunRequest(Path.of("x"), List.of(), "", KeepPolicy.NEVER, "", "", "", "", "", big, null);
        assertThat(on(check(GOOD_COWORK, fromFifo), Field.SECRETS_FILE))
                .extracting(Problem::message)
                .containsExactly(fifo + " is not a readable file.");
        assertThat(on(check(GOOD_COWORK, fromBig), Field.SECRETS_FILE))
                .extracting(Problem::message)
                .containsExactly(big
                        + " is 2.0 MiB; a secrets file may be at most 1 MiB. Give a file with only the run's secrets.");
    }

    @Test
    void outputFolderThatIsAFileIsAnError() throws Exception {
        Path file = Files.writeString(dir.resolve("out"), "x");
        RunRequest r = new RunRequest(Path.of("x"), List.of(), "", KeepPolicy.NEVER, "", "", "", "", "", null, file);
        assertThat(on(check(GOOD_COWORK, r), Field.OUTPUT_DIR)).hasSize(1);
    }

    @Test
    void imageWithSpacesIsAnError() throws Exception {
        RunRequest r =
                new RunRequest(Path.of("x"), List.of(), "", KeepPolicy.NEVER, "", "", "my image", "", "", null, null);
        assertThat(on(check(GOOD_COWORK, r), Field.IMAGE)).hasSize(1);
    }
}
