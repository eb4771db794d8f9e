package dev.mstpanel.ui.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.FxQuery;
import dev.mstpanel.testsupport.ResultsWindow;
import dev.mstpanel.testsupport.RunFixture;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Label;
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
 * The Results view's run header says what is wrong with a run's run.json for each way it cannot be read
 * (garbage, cut short, empty, unreadable; #5: larger than 4 MiB), and when the run started
 * from its run id then. The panel's real window on one eval folder of five runs.
 */
@ExtendWith(ApplicationExtension.class)
class RunHeaderRunJsonFxTest {
    @TempDir
    static Path home;

    private ResultsWindow panel;

    @Start
    void start(Stage stage) {
        panel = ResultsWindow.show(stage, home, 1440, 900);
    }

    @AfterEach
    void stop() {
        panel.close();
    }

    @Test
    void eachRunJsonThatCannotBeReadIsSaidInTheRunsHeader(FxRobot robot) throws Exception {
        Path root = home.resolve("results-" + System.nanoTime());
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("20261007T182504Z-000001", "run.json is not valid JSON at line 1, column 1.");
        expected.put("20261007T182504Z-000002", "run.json is cut short: it may still be being written.");
        expected.put(
                "20261007T182504Z-000003",
                "run.json is empty (0 bytes): the run may still be starting, or it was cut off.");
        expected.put("20261007T182504Z-000004", "run.json could not be read (it is a folder, not a file): ");
        expected.put(
                "20261007T182504Z-000005",
                "run.json is 200 MiB, larger than any run.json MST writes (the limit is 4 MiB): it is not read."
                        + " The run is named by its folder, its variants by their folders in traces/.");
        Map<String, Path> dirs = new LinkedHashMap<>();
        int i = 0;
        for (String id : expected.keySet()) {
            RunFixture f = RunFixture.create(root, "eval", id).runJson("eval", "default");
            f.trace("default", "gift-card", 0, null).score("judge", "default", "gift-card", 0, true, "ok");
            Path runJson = f.runDir().resolve("run.json");
            String whole = Files.readString(runJson);
            Files.delete(runJson);
            switch (++i) {
                case 1 -> Files.writeString(runJson, "<html>garbage</html>");
                case 2 -> Files.writeString(runJson, whole.substring(0, whole.length() / 2));
                case 3 -> Files.writeString(runJson, "");
                case 4 -> Files.createDirectories(runJson);
                default -> {
                    Files.writeString(runJson, whole);
                    try (RandomAccessFile raf = new RandomAccessFile(runJson.toFile(), "rw")) {
                        raf.setLength(200L * 1024 * 1024);
                    }
                }
            }
            dirs.put(id, f.runDir());
        }
        panel.openFolder(robot, root.resolve("eval"), expected.size());
        for (var e : expected.entrySet()) {
            Path dir = dirs.get(e.getKey());
            robot.interact(() -> panel.app().results().selectedRunDirProperty().set(dir));
            try {
                WaitForAsyncUtils.waitFor(
                        10,
                        TimeUnit.SECONDS,
                        () -> FxQuery.fx(() -> robot.lookup("#run-problem")
                                .tryQuery()
                                .map(n -> ((Label) n).getText().startsWith(e.getValue()))
                                .orElse(false)));
            } catch (java.util.concurrent.TimeoutException t) {
                throw new AssertionError(
                        e.getKey() + ": the header says "
                                + FxQuery.fx(() -> robot.lookup("#run-problem").queryAll().stream()
                                        .map(n -> ((Label) n).getText())
                                        .toList())
                                + "; runs "
                                + FxQuery.fx(() -> panel.app().results().runs().stream()
                                        .map(r ->
                                                r.info().dir() + " " + r.info().problem())
                                        .toList()),
                        t);
            }
            Label problem = robot.lookup("#run-problem").query();
            assertThat(shown(problem)).as(e.getKey()).isTrue();
            assertThat(problem.getText()).as(e.getKey()).startsWith(e.getValue());
            // when it started: from its run id, said so, with no run.json to give createdAt
            assertThat(FxQuery.fx(() -> robot.lookup(".text-muted").queryAll().stream()
                            .filter(n -> n instanceof Label && shown(n))
                            .map(n -> ((Label) n).getText())
                            .anyMatch(t -> t.startsWith("started 2026-10-07T18:25:04Z (from its run id)"))))
                    .as(e.getKey())
                    .isTrue();
        }
    }

    /** The node and every parent visible: what a user sees. */
    private static boolean shown(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return n.getScene() != null;
    }
}
