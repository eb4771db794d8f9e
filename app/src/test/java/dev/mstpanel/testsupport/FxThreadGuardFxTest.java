package dev.mstpanel.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The guard every {@link PanelWindow} test closes with: it names a change to the window made off the FX thread. */
@ExtendWith(ApplicationExtension.class)
class FxThreadGuardFxTest {
    private final AtomicReference<FxThreadGuard> guard = new AtomicReference<>();
    private VBox nested;

    @Start
    void start(Stage stage) {
        nested = new VBox(new Label("a"));
        Scene scene = new Scene(new StackPane(nested), 200, 100);
        stage.setScene(scene);
        guard.set(FxThreadGuard.watch(scene));
    }

    @Test
    void aChildAddedOffTheFxThreadIsNamedWithItsThreadAndOneOnTheFxThreadIsNot() throws Exception {
        Platform.runLater(() -> nested.getChildren().add(new Label("on the FX thread")));
        WaitForAsyncUtils.waitForFxEvents();
        guard.get().assertNone();

        Thread t = new Thread(() -> nested.getChildren().add(new Label("off it")), "some-worker");
        t.start();
        t.join();
        assertThatThrownBy(() -> guard.get().assertNone())
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("1 change(s)")
                .cause()
                .hasMessageContaining("some-worker");
        assertThat(nested.getChildren()).hasSize(3);

        Label label = (Label) nested.getChildren().get(0);
        Thread t2 = new Thread(() -> label.setText("set off the FX thread"), "another-worker");
        t2.start();
        t2.join();
        assertThatThrownBy(() -> guard.get().assertNone())
                .isInstanceOf(AssertionError.class)
                .cause()
                .hasMessageContaining("text of Label")
                .hasMessageContaining("another-worker");
    }
}
