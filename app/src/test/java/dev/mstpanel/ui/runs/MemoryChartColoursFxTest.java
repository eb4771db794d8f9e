package dev.mstpanel.ui.runs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.docker.ContextSource;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.docker.EngineInfo;
import dev.mstpanel.core.docker.ProbeResult;
import dev.mstpanel.core.runs.ShardPhase;
import dev.mstpanel.core.settings.Settings;
import dev.mstpanel.core.text.ByteSize;
import dev.mstpanel.testsupport.Screenshots;
import dev.mstpanel.ui.common.DialogService;
import dev.mstpanel.ui.common.UiExecutor;
import dev.mstpanel.ui.contexts.ContextRow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import javafx.collections.FXCollections;
import javafx.scene.Scene;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.XYChart;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Run view's memory chart colours each shard by its number, whichever shard reports first (the
 * demo's shard 2 does, by 53 ms: at one play shard 1 was orange, at the next red), and keeps its points
 * as the model sampled them.
 */
@ExtendWith(ApplicationExtension.class)
class MemoryChartColoursFxTest {
    @TempDir
    static Path dir;

    private final FakeRunSession session = new FakeRunSession();
    private RunViewModel model;
    private Scene scene;

    @Start
    void start(Stage stage) throws Exception {
        Path config = Files.writeString(dir.resolve("eval-" + System.nanoTime() + ".json"), """
                {"name": "checkout-flow", "coworkSetup": {"approveWriteTools": true}}
                """);
        DockerContext c = new DockerContext(
                "engine-1",
                "",
                "unix:///tmp/engine-1.sock",
                ContextSource.values()[0],
                false,
                null,
                false,
                null,
                null,
                null);
        EngineInfo e =
                new EngineInfo("28.0", "Debian", "linux", "x86_64", 2, 8 * ByteSize.GIB, 0, "/var/lib/docker", "");
        var rows = FXCollections.observableArrayList(
                new ContextRow(c, ContextRow.State.REACHABLE, new ProbeResult(c, e, null, 5), null, false));
        model = new RunViewModel(session, rows, new Settings(), s -> {}, UiExecutor.fx(), Runnable::run);
        model.configPathProperty().set(config.toString());
        RunView view = new RunView(model, new DialogService(), p -> {});
        scene = new Scene(view, 1280, 900);
        stage.setScene(scene);
        stage.show();
    }

    @AfterEach
    void stop() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> model.dispose()).get();
    }

    private static ShardSnapshot shard(int i, MemorySample... samples) {
        long last = samples.length == 0 ? 0 : samples[samples.length - 1].bytes();
        return new ShardSnapshot(
                i,
                3,
                "engine-1",
                "mst-run-" + i,
                ShardPhase.RUNNING,
                0,
                0,
                null,
                last,
                32 * ByteSize.MIB,
                last,
                5,
                false,
                false,
                null,
                List.of(samples));
    }

    private void emit(Instant t0, ShardSnapshot... shards) {
        session.emit(new RunSnapshot(
                RunSnapshot.State.RUNNING, t0, null, 0, 0, -1, List.of(shards), null, null, List.of(), null, null));
    }

    /** Each series' name → its colour class (default-colorN) and its points' y values. */
    private Map<String, List<Object>> chart(FxRobot robot) throws Exception {
        @SuppressWarnings("unchecked")
        LineChart<Number, Number> chart = robot.lookup("#memory-chart").queryAs(LineChart.class);
        return WaitForAsyncUtils.asyncFx(() -> {
                    Map<String, List<Object>> m = new TreeMap<>();
                    for (XYChart.Series<Number, Number> s : chart.getData()) {
                        String colour = s.getNode().getStyleClass().stream()
                                .filter(k -> k.startsWith("default-color"))
                                .findFirst()
                                .orElse("?");
                        m.put(
                                s.getName(),
                                List.of(
                                        colour,
                                        s.getData().stream()
                                                .map(d -> d.getYValue().doubleValue())
                                                .toList()));
                    }
                    return m;
                })
                .get();
    }

    @Test
    void aShardThatReportsFirstStillGetsItsOwnNumbersColourAndEveryPeakStays(FxRobot robot) throws Exception {
        robot.interact(() -> model.start());
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> session.listener != null);
        Instant t0 = Instant.now().minusSeconds(10);
        MemorySample a = new MemorySample(2.2, 2 * ByteSize.MIB);
        // shard 2 first, alone
        emit(t0, shard(1), shard(2, a), shard(3));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> chart(robot).containsKey("shard 2"));
        // then shard 1 and a short peak of shard 1 that the next snapshot would have hidden
        emit(
                t0,
                shard(
                        1,
                        new MemorySample(2.3, 3 * ByteSize.MIB),
                        new MemorySample(3.3, 14 * ByteSize.MIB),
                        new MemorySample(4.3, 5 * ByteSize.MIB)),
                shard(2, a, new MemorySample(3.2, 4 * ByteSize.MIB)),
                shard(3, new MemorySample(4.0, ByteSize.MIB)));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> chart(robot).containsKey("shard 3"));
        Map<String, List<Object>> c = chart(robot);
        assertThat(c.get("shard 1")).containsExactly("default-color0", List.of(3.0, 14.0, 5.0));
        assertThat(c.get("shard 2")).containsExactly("default-color1", List.of(2.0, 4.0));
        assertThat(c.get("shard 3")).containsExactly("default-color2", List.of(1.0));
        Screenshots.take(scene, "runs-memory-chart-colours");
    }
}
