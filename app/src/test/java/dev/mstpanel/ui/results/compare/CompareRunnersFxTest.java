package dev.mstpanel.ui.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.mstpanel.testsupport.FxQuery;
import dev.mstpanel.testsupport.RunFixture;
import dev.mstpanel.testsupport.Screenshots;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
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

/** The Compare screen shows each side's runner and client, and warns above the verdict when two runs differ in them. */
@ExtendWith(ApplicationExtension.class)
class CompareRunnersFxTest {
    @TempDir
    static Path results;

    private dev.mstpanel.testsupport.ViewHarness harness;
    private CompareViewModel model;
    private Scene scene;
    private Path docker;
    private Path desktop;
    private Path docker2;

    private static Path run(Path root, String id, String runner) throws Exception {
        RunFixture f = RunFixture.create(root, "checkout-flow", id).runJson("checkout-flow", "default");
        for (String c : new String[] {"gift-card", "refund-order"}) {
            f.trace("default", c, 0, null).score("judge", "default", c, 0, true, "ok");
        }
        Path file = f.runDir().resolve("run.json");
        ObjectMapper json = new ObjectMapper();
        ObjectNode n = (ObjectNode) json.readTree(file.toFile());
        ((ObjectNode) n.path("environment")).put("name", runner);
        json.writeValue(file.toFile(), n);
        return f.runDir();
    }

    @Start
    void start(Stage stage) throws Exception {
        Path root = results.resolve("r-" + System.nanoTime());
        docker = run(root, "20261201T100000Z-aa0001", "docker");
        desktop = run(root, "20261201T110000Z-aa0002", "local");
        docker2 = run(root, "20261201T120000Z-aa0003", "docker");
        harness = new dev.mstpanel.testsupport.ViewHarness();
        model = new CompareViewModel(harness.reader(), UiExecutor.fx(), harness.background(), dir -> null);
        dev.mstpanel.ui.common.Navigator navigator = new dev.mstpanel.ui.common.Navigator() {
            @Override
            public void openResults(Path runDir) {}

            @Override
            public void openComparison(Path b, String bv, Path c, String cv) {}

            @Override
            public void openRunsForm(Path runDir, java.util.List<String> mstArgs) {}

            @Override
            public void openGradeForm(Path runDir) {}

            @Override
            public void openImages(String context) {}
        };
        harness.show(stage, new CompareView(model, navigator));
        scene = stage.getScene();
    }

    @AfterEach
    void stop() {
        harness.close();
    }

    private String shownText(FxRobot robot, String id) throws Exception {
        return FxQuery.fx(() -> robot.lookup(id)
                .tryQuery()
                .filter(n -> n.isVisible())
                .map(n -> ((Label) n).getText())
                .orElse(null));
    }

    @Test
    void aDesktopRunAgainstADockerRunIsWarnedAboveTheVerdict(FxRobot robot) throws Exception {
        robot.interact(() -> model.open(docker, "default", desktop, "default"));
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> shownText(robot, "#compare-setup") != null);
        assertThat(shownText(robot, "#compare-setup"))
                .isEqualTo("base: runner docker · client cowork\ncandidate: runner local · client cowork");
        assertThat(shownText(robot, "#compare-runner-warning"))
                .startsWith("The two sides ran on different runners (base: docker, candidate: local)");
        Screenshots.take(scene, "results-compare-different-runners");
    }

    @Test
    void twoDockerRunsHaveNoWarning(FxRobot robot) throws Exception {
        robot.interact(() -> model.open(docker, "default", docker2, "default"));
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> shownText(robot, "#compare-setup") != null);
        assertThat(shownText(robot, "#compare-setup"))
                .isEqualTo("base: runner docker · client cowork\ncandidate: runner docker · client cowork");
        assertThat(shownText(robot, "#compare-runner-warning")).isNull();
    }
}
