package dev.mstpanel.ui.common;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.settings.Settings;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** With the theme "system", the content follows the system when it switches while the panel runs, not only at start. */
@ExtendWith(ApplicationExtension.class)
class ThemeSwitcherFxTest {
    @Start
    void start(Stage stage) {
        // the toolkit only
    }

    @Test
    void systemThemeFollowsTheSystemLiveAndStopsWhenAFixedThemeIsChosen() throws Exception {
        AtomicBoolean systemDark = new AtomicBoolean(false);
        AtomicInteger asked = new AtomicInteger();
        ThemeSwitcher theme = new ThemeSwitcher(
                () -> {
                    asked.incrementAndGet();
                    return systemDark.get();
                },
                Duration.ofMillis(100),
                Runnable::run,
                UiExecutor.fx());
        try {
            Platform.runLater(() -> theme.apply(Settings.Theme.SYSTEM));
            WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> asked.get() >= 1);
            WaitForAsyncUtils.waitForFxEvents();
            assertThat(theme.darkProperty().get()).isFalse();

            systemDark.set(true); // macOS's Auto appearance turns dark at sunset
            WaitForAsyncUtils.waitFor(
                    5, TimeUnit.SECONDS, () -> theme.darkProperty().get());
            assertThat(Application.getUserAgentStylesheet()).contains("dark");

            systemDark.set(false);
            WaitForAsyncUtils.waitFor(
                    5, TimeUnit.SECONDS, () -> !theme.darkProperty().get());

            Platform.runLater(() -> theme.apply(Settings.Theme.DARK));
            WaitForAsyncUtils.waitFor(
                    5, TimeUnit.SECONDS, () -> theme.darkProperty().get());
            int before = asked.get();
            Thread.sleep(400);
            assertThat(asked.get()).as("a fixed theme stops asking the system").isLessThanOrEqualTo(before + 1);
            WaitForAsyncUtils.waitForFxEvents();
            assertThat(theme.darkProperty().get()).isTrue();
        } finally {
            theme.close();
        }
    }
}
