package dev.mstpanel.ui.common;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.mstpanel.core.settings.Settings;
import dev.mstpanel.core.settings.SystemTheme;
import dev.mstpanel.core.shell.CommandRunner;
import java.util.concurrent.Executor;
import javafx.application.Application;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;

/**
 * Applies the theme choice (system, light, dark) to every window, live. AtlantaFX's Primer
 * light/dark is the user-agent stylesheet. For {@code SYSTEM} the system's preference is read
 * off the FX thread ({@link SystemTheme}, up to about 1 s) and applied when it arrives, then read
 * again every {@link #SYSTEM_POLL} while the choice stays {@code SYSTEM}, so the window's content
 * follows the system when it switches (macOS's Auto appearance at sunset, a GNOME night-light
 * schedule) as its title bar does. JavaFX 21 has no notice of the change, hence the poll: one
 * short query ({@code defaults read -g AppleInterfaceStyle}, {@code gsettings get …}) each time,
 * on a daemon thread.
 */
public final class ThemeSwitcher {
    /** How often the system's preference is read again while the choice is {@code SYSTEM}: 5 s. */
    public static final java.time.Duration SYSTEM_POLL = java.time.Duration.ofSeconds(5);

    private final java.util.function.BooleanSupplier systemDark;
    private final java.time.Duration poll;
    private final Executor background;
    private final UiExecutor ui;
    private java.util.concurrent.ScheduledExecutorService poller;
    private final ReadOnlyBooleanWrapper dark = new ReadOnlyBooleanWrapper(this, "dark", false);
    private Settings.Theme choice;
    private boolean applied;

    /**
     * @param runner runs the system's preference query
     * @param background where the query runs
     * @param ui the FX-thread executor
     */
    public ThemeSwitcher(CommandRunner runner, Executor background, UiExecutor ui) {
        this(() -> SystemTheme.isDark(runner), SYSTEM_POLL, background, ui);
    }

    /**
     * @param systemDark asks the system whether it is dark (blocking, off the FX thread)
     * @param poll how often to ask again while the choice is {@code SYSTEM}
     * @param background where the first question runs
     * @param ui the FX-thread executor
     */
    public ThemeSwitcher(
            java.util.function.BooleanSupplier systemDark,
            java.time.Duration poll,
            Executor background,
            UiExecutor ui) {
        this.systemDark = systemDark;
        this.poll = poll;
        this.background = background;
        this.ui = ui;
    }

    /** Applies a choice (call on the FX thread); {@code SYSTEM} resolves in the background. */
    public void apply(Settings.Theme theme) {
        Settings.Theme t = theme == null ? Settings.Theme.SYSTEM : theme;
        choice = t;
        switch (t) {
            case LIGHT -> {
                stopPolling();
                set(false);
            }
            case DARK -> {
                stopPolling();
                set(true);
            }
            case SYSTEM -> {
                if (!applied) {
                    set(false);
                }
                followSystem(background);
                startPolling();
            }
        }
    }

    /** Asks the system (on {@code where}, which blocks) and applies its answer on the FX thread while the choice is {@code SYSTEM}. */
    private void followSystem(java.util.concurrent.Executor where) {
        BackgroundTask.wrap(systemDark::getAsBoolean)
                .onSuccess(d -> {
                    if (choice == Settings.Theme.SYSTEM) {
                        set(d);
                    }
                })
                .executeWith(ui, where);
    }

    private synchronized void startPolling() {
        if (poller != null) {
            return;
        }
        poller = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
            Thread th = new Thread(r, "system-theme");
            th.setDaemon(true);
            return th;
        });
        poller.scheduleWithFixedDelay(
                () -> followSystem(Runnable::run),
                poll.toMillis(),
                poll.toMillis(),
                java.util.concurrent.TimeUnit.MILLISECONDS);
    }

    private synchronized void stopPolling() {
        if (poller != null) {
            poller.shutdownNow();
            poller = null;
        }
    }

    /** Stops following the system (when the app quits). */
    public void close() {
        stopPolling();
    }

    /** The current choice, or null before the first {@link #apply}. */
    public Settings.Theme choice() {
        return choice;
    }

    /** True while the dark stylesheet is applied. */
    public ReadOnlyBooleanProperty darkProperty() {
        return dark.getReadOnlyProperty();
    }

    private void set(boolean d) {
        if (applied && dark.get() == d) {
            return;
        }
        applied = true;
        // the stylesheet first: whoever sees the property turn has the theme it names
        Application.setUserAgentStylesheet(stylesheet(d));
        dark.set(d);
    }

    /**
     * The Primer stylesheet's URL: the binary form made by {@link ThemeCompiler} at build time
     * when present (much faster to load), else AtlantaFX's CSS.
     */
    public static String stylesheet(boolean dark) {
        java.net.URL bss = ThemeSwitcher.class.getResource(
                "/" + ThemeCompiler.FOLDER + (dark ? "primer-dark.bss" : "primer-light.bss"));
        if (bss != null) {
            return bss.toExternalForm();
        }
        return dark ? new PrimerDark().getUserAgentStylesheet() : new PrimerLight().getUserAgentStylesheet();
    }
}
