package dev.mstpanel.ui.runs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.docker.ContextSource;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.docker.EngineInfo;
import dev.mstpanel.core.docker.ProbeResult;
import dev.mstpanel.core.mst.FlagVocabulary;
import dev.mstpanel.core.mst.RunChecks.Field;
import dev.mstpanel.core.mst.RunChecks.Severity;
import dev.mstpanel.core.runs.ShardPhase;
import dev.mstpanel.core.settings.Settings;
import dev.mstpanel.core.text.ByteSize;
import dev.mstpanel.ui.common.UiExecutor;
import dev.mstpanel.ui.contexts.ContextRow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Run view model against an in-memory session: form checks, preview, live rows, coalescing, resume. */
class RunViewModelTest {
    @TempDir
    Path dir;

    private final FakeRunSession session = new FakeRunSession();
    private final ObservableList<ContextRow> rows = FXCollections.observableArrayList();
    private final Settings settings = new Settings();
    private final List<Settings> saved = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final QueueUi ui = new QueueUi();
    private RunViewModel model;
    private Path config;

    @BeforeEach
    void setUp() throws Exception {
        rows.setAll(row("engine-1", 12), row("engine-2", 8));
        config = dir.resolve("eval.json");
        Files.writeString(config, """
                {"name": "checkout-flow", "datasets": ["cases.json"], "coworkSetup": {"approveWriteTools": true},
                 "variants": [{"name": "baseline"}, {"name": "tool-search-off"}]}
                """);
        Files.writeString(dir.resolve("cases.json"), "[{\"id\": \"a\"}, {\"id\": \"b\"}]");
        model = new RunViewModel(session, rows, settings, saved::add, ui, Runnable::run);
        ui.drain();
    }

    /** The FX thread stand-in: runnables queue up and run on the test thread when it drains them. */
    private static final class QueueUi implements UiExecutor {
        private final java.util.concurrent.ConcurrentLinkedQueue<Runnable> queue =
                new java.util.concurrent.ConcurrentLinkedQueue<>();

        @Override
        public void execute(Runnable r) {
            queue.add(r);
        }

        void drain() {
            Runnable r;
            while ((r = queue.poll()) != null) {
                r.run();
            }
        }
    }

    @AfterEach
    void tearDown() {
        model.dispose();
    }

    private static ContextRow row(String name, int gib) {
        DockerContext c = new DockerContext(
                name,
                "",
                "unix:///tmp/" + name + ".sock",
                ContextSource.values()[0],
                false,
                null,
                false,
                null,
                null,
                null);
        EngineInfo e =
                new EngineInfo("28.0", "Debian", "linux", "x86_64", 2, gib * ByteSize.GIB, 0, "/var/lib/docker", "");
        return new ContextRow(c, ContextRow.State.REACHABLE, new ProbeResult(c, e, null, 5), null, false);
    }

    private void await(BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        ui.drain();
        while (!condition.getAsBoolean() && System.nanoTime() < end) {
            Thread.sleep(10);
            ui.drain();
        }
        assertThat(condition.getAsBoolean()).as("condition reached").isTrue();
    }

    private void choose(String name) {
        model.contextChoices().stream()
                .filter(c -> c.name().equals(name))
                .findFirst()
                .orElseThrow()
                .selectedProperty()
                .set(true);
        ui.drain();
    }

    @Test
    void blankFormCannotStartAndSaysWhatToDo() {
        assertThat(model.canStartProperty().get()).isFalse();
        assertThat(model.fieldStateProperty(Field.CONFIG).get().message()).isEqualTo("Choose an eval config.");
        assertThat(model.previewProperty().get()).isEmpty();
    }

    @Test
    void badValuesShowBesideTheirFieldsAndBlockStart() throws Exception {
        Path broken = dir.resolve("broken.json");
        Files.writeString(broken, "{\n \"name\": \"x\",\n}\n");
        model.configPathProperty().set(broken.toString());
        ui.drain();
        model.shardsProperty().set("zero");
        ui.drain();
        model.memoryProperty().set("lots");
        ui.drain();
        model.resumeProperty().set("123");
        ui.drain();
        assertThat(model.fieldStateProperty(Field.CONFIG).get().severity()).isEqualTo(Severity.ERROR);
        assertThat(model.fieldStateProperty(Field.CONFIG).get().message())
                .startsWith("broken.json is not valid JSON at line 3, column ");
        assertThat(model.fieldStateProperty(Field.SHARDS).get().message()).contains("is not a shard count");
        assertThat(model.fieldStateProperty(Field.MEMORY).get().message()).contains("is not a memory size");
        assertThat(model.fieldStateProperty(Field.RESUME).get().message()).contains("is not a run id");
        assertThat(model.canStartProperty().get()).isFalse();
        model.configPathProperty().set(config.toString());
        ui.drain();
        model.shardsProperty().set("2");
        ui.drain();
        model.memoryProperty().set("");
        ui.drain();
        model.resumeProperty().set("");
        ui.drain();
        assertThat(model.fieldStateProperty(Field.CONFIG).get().message()).isNull();
        assertThat(model.canStartProperty().get()).isTrue();
    }

    @Test
    void clientAndSplitLinesFollowTheConfig() throws Exception {
        model.configPathProperty().set(config.toString());
        ui.drain();
        assertThat(model.clientTextProperty().get()).startsWith("cowork (default): Cowork");
        assertThat(model.contextChoices().get(0).splitLineProperty().get())
                .isEqualTo("12.0 GiB, 2 CPUs: 1 Cowork container at a time, 11.0 GiB each");
        Files.writeString(config, "{\"name\": \"x\", \"client\": \"api\"}");
        Files.setLastModifiedTime(
                config, java.nio.file.attribute.FileTime.from(Instant.now().plusSeconds(5)));
        model.shardsProperty().set("3");
        ui.drain();
        assertThat(model.clientTextProperty().get()).startsWith("api: headless");
        assertThat(model.contextChoices().get(1).splitLineProperty().get())
                .isEqualTo("8.0 GiB, 2 CPUs: 3 grade/headless containers at once, 2.0 GiB each");
    }

    @Test
    void previewIsTheExactCommandWithTheSecretsFilePathOnly() throws Exception {
        Path secrets = dir.resolve("secrets.env");
        Files.writeString(secrets, "ANTHROPIC_API_KEY=sk-ant-very-secret\n");
        model.configPathProperty().set(config.toString());
        ui.drain();
        choose("engine-1");
        ui.drain();
        choose("engine-2");
        ui.drain();
        model.shardsProperty().set("3");
        ui.drain();
        model.keepProperty().set(dev.mstpanel.core.mst.KeepPolicy.FAILED);
        ui.drain();
        model.secretsFileProperty().set(secrets.toString());
        ui.drain();
        assertThat(model.previewProperty().get())
                .isEqualTo("npx --no-install mst run --config " + config
                        + " --runner docker --runner-option contexts=engine-1,engine-2 --runner-option shards=3"
                        + " --runner-option keep=failed --secrets-file " + secrets);
        assertThat(model.previewProperty().get()).doesNotContain("sk-ant-very-secret");
        assertThat(model.fieldStateProperty(Field.SHARDS).get().severity()).isEqualTo(Severity.NOTE);
    }

    @Test
    void startLaunchesInTheConfigFolderAndRemembersTheConfig() {
        model.configPathProperty().set(config.toString());
        ui.drain();
        choose("engine-1");
        ui.drain();
        model.start();
        ui.drain();
        assertThat(session.launches).singleElement().satisfies(l -> {
            assertThat(l.argv()).startsWith("npx", "--no-install", "mst", "run", "--config", config.toString());
            assertThat(l.workDir()).isEqualTo(dir);
            assertThat(l.expectedTrials()).hasValue(4);
        });
        assertThat(model.runningProperty().get()).isTrue();
        assertThat(model.canStartProperty().get()).isFalse();
        assertThat(settings.recentEvalConfigs).containsExactly(config.toString());
        assertThat(model.recentConfigs()).containsExactly(config.toString());
        assertThat(saved).isNotEmpty();
    }

    @Test
    void snapshotsFillShardRowsCountsAndMemoryHistory() throws Exception {
        model.configPathProperty().set(config.toString());
        ui.drain();
        model.start();
        ui.drain();
        Instant t0 = Instant.now().minusSeconds(60);
        session.lines(List.of("[mst] shard 1/2: cowork on MST 2.0.0-beta.7"));
        session.emit(new RunSnapshot(
                RunSnapshot.State.RUNNING,
                t0,
                null,
                1,
                1,
                -1,
                List.of(
                        shard(1, ShardPhase.RUNNING, 1, 0, 900L * ByteSize.MIB),
                        shard(2, ShardPhase.OUT_OF_MEMORY, 0, 1, 2 * ByteSize.GIB)),
                null,
                null,
                List.of(),
                null,
                null));
        await(() -> model.shardRows().size() == 2);
        assertThat(model.shardRows().get(1).phase()).isEqualTo(ShardPhase.OUT_OF_MEMORY);
        assertThat(model.countsTextProperty().get()).isEqualTo("1 collected · 1 infra of 4 trials");
        assertThat(model.progressProperty().get()).isEqualTo(0.5);
        assertThat(model.timeTextProperty().get()).startsWith("elapsed 1:00").contains("about 1:00 left");
        assertThat(model.memoryHistoryProperty().get()).containsOnlyKeys(1, 2);
        assertThat(model.log()).contains("[mst] shard 1/2: cowork on MST 2.0.0-beta.7");
    }

    @Test
    void manyLinesAreCoalescedAndTheLogStaysBounded() throws Exception {
        model.configPathProperty().set(config.toString());
        ui.drain();
        model.start();
        ui.drain();
        for (int i = 0; i < 12_000; i++) {
            session.lines(List.of("line " + i));
        }
        await(() -> !model.log().isEmpty()
                && model.log().get(model.log().size() - 1).equals("line 11999"));
        assertThat(model.log().size())
                .isLessThanOrEqualTo(RunViewModel.LOG_LIMIT)
                .isGreaterThan(RunViewModel.LOG_LIMIT * 8 / 10);
        assertThat(model.linesReceivedProperty().get()).isEqualTo(12_000);
        model.logFilterProperty().set("LINE 1199");
        ui.drain();
        assertThat(model.filteredLog()).contains("line 11990", "line 11999").hasSize(10);
    }

    @Test
    void endWithMissingTrialsOffersResumeAndOpenInResults() throws Exception {
        model.configPathProperty().set(config.toString());
        ui.drain();
        model.shardsProperty().set("2");
        ui.drain();
        model.start();
        ui.drain();
        Path runDir = dir.resolve(".mcp-test-results/checkout-flow/runs/20261129T101500Z-a1b2c3");
        Instant t0 = Instant.now().minusSeconds(30);
        session.emit(new RunSnapshot(
                RunSnapshot.State.FINISHED,
                t0,
                Instant.now(),
                2,
                0,
                2,
                List.of(shard(1, ShardPhase.DONE, 2, 0, 0), shard(2, ShardPhase.OUT_OF_MEMORY, 0, 0, 0)),
                "Results: 2/2 passed (100.0%)",
                runDir,
                List.of("mst-20261129t101500z-a1b2c3-2-kept"),
                0,
                null));
        await(() -> !model.runningProperty().get());
        assertThat(model.resultTextProperty().get())
                .isEqualTo(
                        "Results: 2/2 passed (100.0%) · 2 trials missing · kept: mst-20261129t101500z-a1b2c3-2-kept");
        assertThat(model.canResumeProperty().get()).isTrue();
        assertThat(model.canOpenResultsProperty().get()).isTrue();
        assertThat(model.resultsFolderToOpen()).isEqualTo(runDir);
        assertThat(settings.recentResultsFolders).containsExactly(runDir.toString());

        model.resumeMissing();
        ui.drain();
        assertThat(session.launches).hasSize(2);
        assertThat(session.launches.get(1).argv()).containsSubsequence("--resume", "20261129T101500Z-a1b2c3");
        assertThat(session.launches.get(1).argv()).contains("shards=2");
    }

    @Test
    void cancelAsksOnceThenStopsAtOnce() {
        model.configPathProperty().set(config.toString());
        ui.drain();
        model.start();
        ui.drain();
        model.cancel();
        ui.drain();
        assertThat(model.cancelLabelProperty().get()).isEqualTo("Stop now");
        model.cancel();
        ui.drain();
        assertThat(session.cancels.get()).isEqualTo(2);
    }

    @Test
    void aSessionThatCannotStartSaysWhyAndFreesTheForm() {
        RunSession failing = new RunSession() {
            @Override
            public Mst locate(Path configDir) {
                return Mst.ASSUMED;
            }

            @Override
            public Handle start(Launch launch, Listener listener) throws java.io.IOException {
                throw new java.io.IOException("mst: No such file or directory");
            }
        };
        RunViewModel m = new RunViewModel(failing, rows, settings, s -> {}, UiExecutor.direct(), Runnable::run);
        m.configPathProperty().set(config.toString());
        m.start();
        assertThat(m.resultTextProperty().get()).isEqualTo("MST did not start: mst: No such file or directory");
        assertThat(m.runningProperty().get()).isFalse();
        assertThat(m.canStartProperty().get()).isTrue();
        m.dispose();
    }

    @Test
    void anMstNotInstalledIsLookedForAgainAtTheNextCheckSoInstallingItIsNoticed() {
        RunSession.Mst found = session.mst;
        session.mst = new RunSession.Mst(
                List.of("mst"),
                FlagVocabulary.RUNNER,
                null,
                "MST is not installed for this eval: run `npm install --save-dev @gleanwork/mcp-server-tester` in its folder.");
        model.configPathProperty().set(config.toString());
        ui.drain();
        assertThat(model.mstNoteProperty().get()).startsWith("MST is not installed");
        assertThat(model.canStartProperty().get()).isFalse();

        session.mst = found; // installed meanwhile
        model.configPathProperty().set("");
        ui.drain();
        model.configPathProperty().set(config.toString()); // the config entered again
        ui.drain();

        assertThat(model.mstNoteProperty().get()).isNull();
        assertThat(model.canStartProperty().get()).isTrue();
    }

    private static ShardSnapshot shard(int i, ShardPhase phase, int collected, int infra, long mem) {
        return new ShardSnapshot(
                i,
                2,
                "engine-" + i,
                "mst-run-" + i,
                phase,
                collected,
                infra,
                "baseline a #1",
                mem,
                2 * ByteSize.GIB,
                mem,
                12.5,
                phase == ShardPhase.OUT_OF_MEMORY,
                false,
                null,
                List.of(new MemorySample(1.0, mem)));
    }
}
