package dev.mstpanel.ui.settings;

import dev.mstpanel.core.settings.Settings;
import dev.mstpanel.core.settings.SettingsValidation;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.core.triage.TriageLabels;
import java.util.Optional;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The Settings dialog's state: one text property per field as typed, one error per field
 * (null when fine), and whether everything is valid. Nothing is saved until {@link #applyTo}.
 * Rules: {@link SettingsValidation}.
 */
public final class SettingsDialogModel {
    // Properties
    private final StringProperty mstPath = new SimpleStringProperty(this, "mstPath", "");
    private final StringProperty terminalApp = new SimpleStringProperty(this, "terminalApp", "");
    private final StringProperty refreshSeconds = new SimpleStringProperty(this, "refreshSeconds", "");
    private final StringProperty probeTimeoutSeconds = new SimpleStringProperty(this, "probeTimeoutSeconds", "");
    private final ObjectProperty<Settings.Theme> theme =
            new SimpleObjectProperty<>(this, "theme", Settings.Theme.SYSTEM);
    private final ReadOnlyStringWrapper mstPathError = new ReadOnlyStringWrapper(this, "mstPathError");
    private final ReadOnlyStringWrapper terminalAppError = new ReadOnlyStringWrapper(this, "terminalAppError");
    private final ReadOnlyStringWrapper refreshError = new ReadOnlyStringWrapper(this, "refreshError");
    private final ReadOnlyStringWrapper probeTimeoutError = new ReadOnlyStringWrapper(this, "probeTimeoutError");
    private final StringProperty triageLabels = new SimpleStringProperty(this, "triageLabels", "");
    private final ReadOnlyStringWrapper triageLabelsError = new ReadOnlyStringWrapper(this, "triageLabelsError");
    private final BooleanBinding valid;

    /**
     * @param current the settings to start from (not changed until {@link #applyTo})
     * @param env the environment (PATH, OS) the terminal is looked up in
     */
    public SettingsDialogModel(Settings current, HostEnvironment env) {
        watch(mstPath, mstPathError, SettingsValidation::mstPath);
        watch(terminalApp, terminalAppError, t -> SettingsValidation.terminalApp(t, env));
        watch(refreshSeconds, refreshError, SettingsValidation::refreshSeconds);
        watch(probeTimeoutSeconds, probeTimeoutError, SettingsValidation::probeTimeoutSeconds);
        watch(triageLabels, triageLabelsError, TriageLabels::problem);
        triageLabels.set(String.join("\n", TriageLabels.clean(current.triageLabels)));
        mstPath.set(current.mstPath == null ? "" : current.mstPath);
        terminalApp.set(current.terminalApp == null ? "" : current.terminalApp);
        refreshSeconds.set(String.valueOf(current.refreshIntervalSeconds));
        probeTimeoutSeconds.set(SettingsValidation.formatSeconds(current.probeTimeoutSeconds));
        theme.set(current.theme == null ? Settings.Theme.SYSTEM : current.theme);
        valid = Bindings.createBooleanBinding(
                () -> mstPathError.get() == null
                        && terminalAppError.get() == null
                        && refreshError.get() == null
                        && probeTimeoutError.get() == null
                        && triageLabelsError.get() == null,
                triageLabelsError,
                mstPathError,
                terminalAppError,
                refreshError,
                probeTimeoutError);
    }

    private static void watch(
            StringProperty input, ReadOnlyStringWrapper error, Function<String, Optional<String>> rule) {
        input.addListener((o, a, v) -> error.set(rule.apply(v).orElse(null)));
        error.set(rule.apply(input.get()).orElse(null));
    }

    public StringProperty mstPathProperty() {
        return mstPath;
    }

    public StringProperty terminalAppProperty() {
        return terminalApp;
    }
    /** Whole seconds as typed. */
    public StringProperty refreshSecondsProperty() {
        return refreshSeconds;
    }
    /** Seconds as typed (decimals allowed). */
    public StringProperty probeTimeoutSecondsProperty() {
        return probeTimeoutSeconds;
    }

    public ObjectProperty<Settings.Theme> themeProperty() {
        return theme;
    }

    public ReadOnlyStringProperty mstPathErrorProperty() {
        return mstPathError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty terminalAppErrorProperty() {
        return terminalAppError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty refreshErrorProperty() {
        return refreshError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty probeTimeoutErrorProperty() {
        return probeTimeoutError.getReadOnlyProperty();
    }
    /** The labels a failed trial can get, one a line, in the order of the digit keys. */
    public StringProperty triageLabelsProperty() {
        return triageLabels;
    }

    public ReadOnlyStringProperty triageLabelsErrorProperty() {
        return triageLabelsError.getReadOnlyProperty();
    }

    /** True when every field is acceptable. */
    public BooleanBinding validProperty() {
        return valid;
    }

    // Commands

    /**
     * Writes the fields into the settings (blank optional fields become null).
     *
     * @throws IllegalStateException when a field is invalid
     */
    public void applyTo(Settings s) {
        if (!valid.get()) {
            throw new IllegalStateException("settings are not valid");
        }
        s.mstPath = blankToNull(mstPath.get());
        s.terminalApp = blankToNull(terminalApp.get());
        s.refreshIntervalSeconds = Integer.parseInt(refreshSeconds.get().strip());
        s.probeTimeoutSeconds = SettingsValidation.parseSeconds(probeTimeoutSeconds.get());
        s.theme = theme.get();
        s.triageLabels = new java.util.ArrayList<>(TriageLabels.clean(TriageLabels.lines(triageLabels.get())));
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
