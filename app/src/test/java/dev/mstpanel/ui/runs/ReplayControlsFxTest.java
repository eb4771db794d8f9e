package dev.mstpanel.ui.runs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.runs.DemoData;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.testsupport.FxQuery;
import dev.mstpanel.testsupport.PanelWindow;
import dev.mstpanel.testsupport.Screenshots;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Slider;
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
 * The replay's controls as a person uses them on the built-in demo (a 23 s recording,
 * "Replay"): at the end the button says so and plays it again from the start; a click on the
 * seek bar while paused moves there and stays, with the memory chart showing the run up to that
 * moment (not starting over at the seek); a second recording opened while one plays replaces it.
 */
@ExtendWith(ApplicationExtension.class)
class ReplayControlsFxTest {
    @TempDir
    static Path home;

    private PanelWindow panel;

    @Start
    void start(Stage stage) {
        HostEnvironment env = new HostEnvironment(
                Map.of(
                        "PATH",
                        "/usr/bin:/bin",
                        "HOME",
                        home.toString(),
                        "MST_PANEL_HOME",
                        home.resolve("panel").toString(),
                        "DOCKER_CONFIG",
                        home.resolve("no-docker").toString()),
                home,
                HostEnvironment.OsFamily.LINUX);
        panel = PanelWindow.of(env).size(1280, 820).open("runs").show(stage);
    }

    @AfterEach
    void stop() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> panel.window().getClass()).get();
        javafx.application.Platform.runLater(() -> {
            if (panel.stage().getScene() != null
                    && panel.stage().getScene().lookup("#runs-host") instanceof RunsHost host) {
                host.closeReplay(); // no playback left for the next test
            }
        });
        WaitForAsyncUtils.waitForFxEvents();
        panel.close();
    }

    private ReplayPane playDemo(FxRobot robot) throws Exception {
        RunsHost host = robot.lookup("#runs-host").queryAs(RunsHost.class);
        var rec = DemoData.recording(null);
        return WaitForAsyncUtils.asyncFx(() -> host.play(rec, null, "the built-in demo", null))
                .get();
    }

    /** A label's or button's text in the replay (the live Run view under it has nodes of the same ids). */
    private static String text(FxRobot robot, String id) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> robot.from(replayPane(robot))
                        .lookup(id)
                        .queryAs(javafx.scene.control.Labeled.class)
                        .getText())
                .get();
    }

    private static javafx.scene.Node replayPane(FxRobot robot) {
        return robot.lookup("#replay-pane").query();
    }

    /** Seconds into the recording the position label shows ("0:16 / 0:24"). */
    private static int shownSeconds(FxRobot robot) throws Exception {
        String at = text(robot, "#replay-position").replace("Ended · ", "");
        String[] mss = at.split(" / ")[0].split(":");
        return Integer.parseInt(mss[0]) * 60 + Integer.parseInt(mss[1]);
    }

    @Test
    void aFileThatIsNotARecordingIsNamedOnceInTheDialog(FxRobot robot) throws Exception {
        Path notes = java.nio.file.Files.writeString(home.resolve("notes-" + System.nanoTime() + ".txt"), "hello\n");
        robot.interact(() -> panel.window().openRecording(notes));
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        String said = robot.lookup(".dialog-pane .content").queryLabeled().getText();
        assertThat(said).isEqualTo(notes + " is not a run recording (its first line is not JSON).");
        Screenshots.take(robot.lookup(".dialog-pane").query().getScene(), "replay-not-a-recording");
        robot.interact(() -> ((javafx.stage.Stage)
                        robot.lookup(".dialog-pane").query().getScene().getWindow())
                .close());
    }

    @Test
    void atTheEndTheReplaySaysItEndedAndPlaysAgainFromTheStart(FxRobot robot) throws Exception {
        ReplayPane replay = playDemo(robot);
        assertThat(text(robot, "#replay-pause")).isEqualTo("Pause");
        robot.clickOn("#replay-speed-16");
        WaitForAsyncUtils.waitFor(
                30, TimeUnit.SECONDS, () -> text(robot, "#replay-pause").equals("Play again"));
        assertThat(replay.ended()).isTrue();
        String length = DemoRecordingFacts.clock(DemoData.recording(null).durationMs());
        assertThat(text(robot, "#replay-position")).isEqualTo("Ended · " + length + " / " + length);
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> String.valueOf(text(robot, "#run-result")).contains("passed"));
        Screenshots.take(robot.window(0).getScene(), "replay-ended");

        robot.clickOn("#replay-speed-1");
        robot.clickOn("#replay-pause");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(text(robot, "#replay-pause")).isEqualTo("Pause");
        assertThat(replay.ended()).isFalse();
        assertThat(shownSeconds(robot)).isLessThanOrEqualTo(2);
        // it plays again: the rows start over and trials come in
        // read on the FX thread, which changes the rows (a read from this thread raced it: a flake)
        WaitForAsyncUtils.waitFor(
                20,
                TimeUnit.SECONDS,
                () -> FxQuery.fx(() -> replay.model().shardRows().stream()
                                .mapToInt(ShardSnapshot::collected)
                                .sum()
                        >= 1));
        assertThat(shownSeconds(robot)).isLessThan(15);
        assertThat(text(robot, "#run-result"))
                .as("no result line before the run's end")
                .isNullOrEmpty();
    }

    @Test
    void aClickOnTheSeekBarWhilePausedMovesThereAndTheMemoryChartShowsTheRunUpToThatMoment(FxRobot robot)
            throws Exception {
        ReplayPane replay = playDemo(robot);
        robot.clickOn("#replay-pause");
        assertThat(text(robot, "#replay-pause")).isEqualTo("Play");
        int before = shownSeconds(robot);
        assertThat(before).isLessThanOrEqualTo(3);

        // a click at 70 % of the bar
        DemoRecordingFacts recorded = DemoRecordingFacts.read();
        double at70 = recorded.lengthMs() * 0.7 / 1000;
        Slider slider = robot.lookup("#replay-seek").queryAs(Slider.class);
        Point2D at = WaitForAsyncUtils.asyncFx(() -> {
                    Bounds b = slider.localToScreen(slider.getBoundsInLocal());
                    return new Point2D(b.getMinX() + b.getWidth() * 0.7, b.getCenterY());
                })
                .get();
        robot.clickOn(at);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> shownSeconds(robot) >= at70 - 4);
        int sought = shownSeconds(robot);
        assertThat((double) sought).isBetween(at70 - 3, at70 + 2);
        Thread.sleep(1500);
        assertThat(shownSeconds(robot)).as("paused: the position holds").isEqualTo(sought);
        assertThat(text(robot, "#replay-pause")).isEqualTo("Play");

        // the chart shows every shard's memory from its start, as the live run's chart did at that moment
        @SuppressWarnings("unchecked")
        LineChart<Number, Number> chart =
                robot.from(replay).lookup("#memory-chart").queryAs(LineChart.class);
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> WaitForAsyncUtils.asyncFx(() -> chart.getData().size()).get() >= 2);
        List<List<Double>> xs = WaitForAsyncUtils.asyncFx(() -> chart.getData().stream()
                        .map(s -> s.getData().stream()
                                .map(d -> d.getXValue().doubleValue())
                                .toList())
                        .toList())
                .get();
        double first = xs.stream()
                .flatMap(List::stream)
                .mapToDouble(Double::doubleValue)
                .min()
                .orElseThrow();
        double last = xs.stream()
                .flatMap(List::stream)
                .mapToDouble(Double::doubleValue)
                .max()
                .orElseThrow();
        double firstRecorded = recorded.samples().values().stream()
                .mapToDouble(l -> l.get(0).seconds())
                .min()
                .orElseThrow();
        assertThat(first).as("the chart's first second: %s", xs).isLessThan(firstRecorded + 1);
        assertThat(last).as("the chart's last second: %s", xs).isBetween(sought - 2.0, sought + 1.0);
        assertThat(xs.stream().mapToInt(List::size).max().orElse(0))
                .as("samples of the longest shard: %s", xs)
                .isGreaterThanOrEqualTo(8);
        // every shard that started by then has its samples from its start
        assertThat(WaitForAsyncUtils.asyncFx(() -> chart.getData().stream()
                                .map(XYChart.Series::getName)
                                .toList())
                        .get())
                .contains("shard 1", "shard 2", "shard 3");
        Screenshots.take(robot.window(0).getScene(), "replay-seek-paused");

        // Play goes on from there
        robot.clickOn("#replay-pause");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> shownSeconds(robot) > sought);
        assertThat(text(robot, "#replay-pause")).isEqualTo("Pause");
    }

    @Test
    void aSecondRecordingOpenedWhileOnePlaysReplacesIt(FxRobot robot) throws Exception {
        ReplayPane first = playDemo(robot);
        WaitForAsyncUtils.waitFor(
                10, TimeUnit.SECONDS, () -> first.model().log().size() > 2);
        ReplayPane second = playDemo(robot);
        RunsHost host = robot.lookup("#runs-host").queryAs(RunsHost.class);
        assertThat(robot.from(host).lookup("#replay-pane").queryAll()).containsExactly(second);
        int firstLines = first.model().log().size();
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> FxQuery.fx(() -> second.model().shardRows().size() >= 2));
        Thread.sleep(1000);
        assertThat(first.model().log()).as("the first replay stopped").hasSize(firstLines);
        // a stopped pass's thread ends on its own (it may be between two entries): wait for it, then there is one
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> playbackThreads() == 1);
        assertThat(playbackThreads()).as("one playback thread").isEqualTo(1);
        robot.clickOn("#replay-close");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.from(host).lookup("#replay-pane").queryAll()).isEmpty();
        assertThat(host.live().isVisible()).isTrue();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> playbackThreads() == 0);
        assertThat(playbackThreads())
                .as("no playback thread after Close replay")
                .isZero();
    }

    private static long playbackThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("run-replay") && t.isAlive())
                .count();
    }

    @Test
    void aRecordingCutShortOpensAndItsBannerSaysAfterHowManyEvents(FxRobot robot) throws Exception {
        StringBuilder b = new StringBuilder(
                "{\"k\":\"recording\",\"version\":1,\"startedAt\":\"2026-01-05T10:00:00Z\",\"panel\":\"0.1.0\"}\n");
        for (int i = 0; i < 20_000; i++) {
            b.append("{\"k\":\"line\",\"s\":\"err\",\"d\":1,\"x\":\"[mst] line ")
                    .append(i)
                    .append(' ')
                    .append(Integer.toHexString(i * 7919))
                    .append("\"}\n");
        }
        java.io.ByteArrayOutputStream gz = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream out = new java.util.zip.GZIPOutputStream(gz)) {
            out.write(b.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        byte[] whole = gz.toByteArray();
        Path cut = java.nio.file.Files.write(
                home.resolve("killed.recording.jsonl.gz"), java.util.Arrays.copyOf(whole, whole.length / 2));
        long events = dev.mstpanel.core.runs.RunRecording.read(cut).entryCount();

        WaitForAsyncUtils.asyncFx(() -> panel.window().openRecording(cut)).get();
        String expected =
                "The recording is cut short after " + String.format(java.util.Locale.ROOT, "%,d", events) + " events";
        WaitForAsyncUtils.waitFor(
                20,
                TimeUnit.SECONDS,
                () -> robot.lookup("#replay-note").tryQuery().isPresent()
                        && text(robot, "#replay-note").contains(expected));

        assertThat(text(robot, "#replay-note")).contains(expected).contains("it plays up to there");
        Screenshots.take(robot.window(0).getScene(), "replay-cut-short");
    }
}
