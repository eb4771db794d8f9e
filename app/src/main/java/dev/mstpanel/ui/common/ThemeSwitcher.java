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
 * off the FX thread ({@link SystemTheme}, up to about 1 s) and applied when it arrives.
 */
public final class ThemeSwitcher {
    private final CommandRunner runner;
    private final Executor background;
    private final UiExecutor ui;
    private final ReadOnlyBooleanWrapper dark = new ReadOnlyBooleanWrapper(this, "dark", false);
    private Settings.Theme choice;
    private boolean applied;

    /**
     * @param runner runs the system's preference query
     * @param background where the query runs
     * @param ui the FX-thread executor
     */
    public ThemeSwitcher(CommandRunner runner, Executor background, UiExecutor ui) {
        this.runner = runner;
        this.background = background;
        this.ui = ui;
    }

    /** Applies a choice (call on the FX thread); {@code SYSTEM} resolves in the background. */
    public void apply(Settings.Theme theme) {
        Settings.Theme t = theme == null ? Settings.Theme.SYSTEM : theme;
        choice = t;
        switch (t) {
            case LIGHT -> set(false);
            case DARK -> set(true);
            case SYSTEM -> {
                if (!applied) {
                    set(false);
                }
                background.execute(() -> {
                    boolean systemDark = SystemTheme.isDark(runner);
                    ui.execute(() -> {
                        if (choice == Settings.Theme.SYSTEM) {
                            set(systemDark);
                        }
                    });
                });
            }
        }
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
        dark.set(d);
        Application.setUserAgentStylesheet(stylesheet(d));
    }

    /**
     * The Primer stylesheet's URL: the binary form made by {@link ThemeCompiler} at build time
     * when present (much faster to load), else AtlantaFX's CSS.
     */
    public static String stylesheet(boolean dark) {
        java.net.URL bss = ThemeSwitcher.class.getResource("/" + ThemeCompiler.FOLDER + (dark ? "primer-dark.bss" : "primer-light.bss"));
        if (bss != null) {
            return bss.toExternalForm();
        }
        return dark ? new PrimerDark().getUserAgentStylesheet() : new PrimerLight().getUserAgentStylesheet();
    }
}
