package dev.mstpanel.ui.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A pill in a row that runs out of room keeps its whole word and the free text beside it gives way:
 * a score row (pill, grader, a long reason) in a narrow window reads "fail", never "…".
 */
@ExtendWith(ApplicationExtension.class)
class PillFxTest {
    private Label verdict;
    private Label restyled;

    @Start
    void start(Stage stage) {
        verdict = Pill.of("fail", "pill-danger");
        restyled = Pill.of("running", "pill-success");
        Label reason = new Label("The agent never opened the checkout page: it searched the catalogue "
                + "three times and answered from memory, so the order total it gave was the one from the last run.");
        Label grader = new Label("judge.custom-llm-rubric");
        reason.setWrapText(true);
        HBox.setHgrow(reason, Priority.ALWAYS);
        Pill.restyle(restyled, "pill-muted");
        stage.setScene(new Scene(new HBox(8, verdict, restyled, grader, reason), 260, 120));
        stage.show();
    }

    @Test
    void aPillBesideALongReasonInANarrowRowShowsItsWholeWord(FxRobot robot) {
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(shown(verdict)).isEqualTo("fail");
        assertThat(shown(restyled)).isEqualTo("running");
        assertThat(restyled.getStyleClass()).contains("pill", "pill-muted").doesNotContain("pill-success");
        assertThat(verdict.getWidth()).isGreaterThanOrEqualTo(verdict.prefWidth(-1) - 0.5);
    }

    /** Every pill in the window is made by {@link Pill}: a pill styled by hand would shrink to "…" again. */
    @Test
    void noViewStylesAPillByHand() throws IOException {
        Path main = Path.of(System.getProperty("mstpanel.projectRoot", "."), "app/src/main/java");
        try (Stream<Path> files = Files.walk(main)) {
            List<String> byHand = files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> !p.endsWith("Pill.java"))
                    .filter(p -> read(p).contains("\"pill\""))
                    .map(p -> main.relativize(p).toString())
                    .toList();
            assertThat(byHand).as("views that add the pill style themselves").isEmpty();
        }
    }

    private static String shown(Label label) {
        return ((Text) label.lookup(".text")).getText();
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
