package dev.mstpanel.ui.common;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.shell.CommandRunner;
import dev.mstpanel.core.shell.DockAttention;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.core.shell.SystemNotifications;
import dev.mstpanel.testsupport.MacDouble;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A notification while the window is in the background on a Mac: osascript exits 0 without
 * proving anything, so the panel's own notice shows on the screen and the Dock icon gets a badge
 * and bounces; the badge goes when the window has the focus again.
 */
@ExtendWith(ApplicationExtension.class)
@DisabledOnOs(OS.WINDOWS)
class NotifierFxTest {
    @TempDir
    Path dir;

    private Stage stage;

    /** What the Dock was asked, in order. */
    private final List<String> dock = new CopyOnWriteArrayList<>();

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new Scene(new StackPane(new Label("main window")), 300, 200));
        stage.show();
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void onAMacANoticeTheSystemMayDropIsShownByThePanelAndTheDockBouncesWithABadge() throws Exception {
        HostEnvironment mac = new HostEnvironment(
                Map.of("PATH", MacDouble.bin() + ":/usr/bin:/bin"), dir, HostEnvironment.OsFamily.MAC);
        var background = Executors.newSingleThreadExecutor();
        Notifier notifier = new Notifier(
                UiExecutor.fx(), new SystemNotifications(new CommandRunner(mac)), background, new DockAttention() {
                    @Override
                    public void notice(int unseen, boolean critical) {
                        dock.add("badge " + unseen + (critical ? ", bounce until activated" : ", bounce once"));
                    }

                    @Override
                    public void seen() {
                        dock.add("badge cleared");
                    }
                });
        WaitForAsyncUtils.waitForAsyncFx(5000, () -> {
            notifier.setMainStage(stage);
            // another app in front: the window has no focus
            stage.getScene().getRoot().requestFocus();
        });
        Platform.runLater(() -> stage.setIconified(false));
        boolean focused = WaitForAsyncUtils.waitForAsyncFx(5000, stage::isFocused);
        if (focused) {
            // the window manager under Xvfb gives the only window the focus; a second one in front takes it
            WaitForAsyncUtils.waitForAsyncFx(5000, () -> {
                Stage other = new Stage();
                other.setScene(new Scene(new Label("another app"), 200, 100));
                other.show();
                other.requestFocus();
            });
        }
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(WaitForAsyncUtils.waitForAsyncFx(5000, stage::isFocused))
                .as("the main window is in the background")
                .isFalse();

        notifier.shardOutOfMemory("shard 2/3", "engine-1", "raise memory= or use fewer shards", null);
        notifier.runFinished("cowork-smoke", "12/15 passed (80%)", true, null);

        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (dock.size() < 2 && System.nanoTime() < until) {
            WaitForAsyncUtils.sleep(100, TimeUnit.MILLISECONDS);
        }
        assertThat(dock).containsExactly("badge 1, bounce until activated", "badge 2, bounce once");
        List<String> onScreen = WaitForAsyncUtils.waitForAsyncFx(
                5000,
                () -> Window.getWindows().stream()
                        .filter(Window::isShowing)
                        .filter(w -> w.getScene() != null)
                        .flatMap(w -> w.getScene().getRoot().lookupAll(".label").stream())
                        .map(Node.class::cast)
                        .filter(n -> n instanceof Label)
                        .map(n -> ((Label) n).getText())
                        .filter(t -> t != null)
                        .toList());
        assertThat(String.join("\n", onScreen))
                .contains("Out of memory: shard 2/3")
                .contains("Run finished:");

        WaitForAsyncUtils.waitForAsyncFx(5000, () -> {
            stage.toFront();
            stage.requestFocus();
        });
        until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!dock.contains("badge cleared") && System.nanoTime() < until) {
            WaitForAsyncUtils.sleep(100, TimeUnit.MILLISECONDS);
        }
        assertThat(dock).last().isEqualTo("badge cleared");
        background.shutdownNow();
    }
}
