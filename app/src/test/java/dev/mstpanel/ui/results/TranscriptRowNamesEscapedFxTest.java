package dev.mstpanel.ui.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.text.ControlCharacters;
import dev.mstpanel.testsupport.ResultsWindow;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
 * The window's transcript rows escape control and format characters in a tool, server, kind or the name it was called
 * as, by the rule of the trial's header and the transcript command: no box or line break is drawn, each row's title is
 * one line.
 */
@ExtendWith(ApplicationExtension.class)
class TranscriptRowNamesEscapedFxTest {
    @TempDir
    static Path home;

    private ResultsWindow panel;
    private RunFixture run;

    @Start
    void start(Stage stage) throws Exception {
        run = RunFixture.create(home.resolve("results"), "ev", "20261201T100000Z-e5c002")
                .runJson("ev", "default");
        var events = RunFixture.events();
        RunFixture.event(events, "tool_call", "mcp", "mail\u001b[2J", "send\nmessage\u0007", 0, 10)
                .put("rawName", "raw\rname\u200b");
        RunFixture.event(events, "odd\bkind", "mcp", "mail", "second\ttool", 20, 10)
                .put("output", "line\u001b]0;T\u0007 one");
        run.transcript(
                "default",
                "esc-case",
                0,
                events,
                RunFixture.fields(),
                RunFixture.fields().put("error", "failed"));
        run.score("judge", "default", "esc-case", 0, false, "no");
        panel = ResultsWindow.show(stage, home, 1600, 900);
    }

    @AfterEach
    void stop() {
        panel.close();
    }

    @Test
    void rowTitlesKindsAndCalledAsAreEscapedAndOneLine(FxRobot robot) throws Exception {
        NavigatorRows.openRunAndWaitFor(robot, panel, run.runDir(), "esc-case");
        NavigatorRows.open(robot, "esc-case");
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup(".transcript-title").queryAll().size() >= 2);
        List<String> shown = new java.util.ArrayList<>();
        robot.interact(() -> {
            for (var n : robot.lookup(".transcript-event").queryAll()) {
                for (var l : robot.from(n).lookup(".label").queryAllAs(Label.class)) {
                    if (l.isVisible() && l.getText() != null) {
                        shown.add(l.getText());
                    }
                }
            }
        });
        assertThat(shown).isNotEmpty();
        for (String s : shown) {
            assertThat(s.chars().filter(c -> ControlCharacters.isControl((char) c)))
                    .as(s)
                    .isEmpty();
        }
        assertThat(String.join(" | ", shown))
                .contains("\\u001b[2J")
                .contains("send\\u000amessage\\u0007")
                .contains("raw\\u000dname\\u200b")
                .contains("odd\\u0008kind")
                .contains("second\\u0009tool")
                .contains("line\\u001b]0;T\\u0007 one");
    }
}
