package dev.mstpanel.ui.results;

import dev.mstpanel.core.app.PanelServices;
import dev.mstpanel.core.export.ExportFiles;
import dev.mstpanel.core.export.ExportSubject;
import dev.mstpanel.core.shell.Desktop;
import dev.mstpanel.ui.common.BackgroundTask;
import dev.mstpanel.ui.common.DialogService;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.stage.FileChooser;

/**
 * File → Export… and the Results and Compare screens' Export button: asks where to save the trial,
 * run or comparison shown, writes the page off the FX thread (the same {@code HtmlExporter} and masking as
 * {@code mst-panel export}) and says where it went, with Open and Reveal. A target inside a results
 * folder is refused with the command's message; the chooser has already asked before replacing a
 * file.
 */
public final class ResultsExport {
    private final PanelServices services;
    private final Executor ui;
    private final Executor background;
    private final BackgroundTask.Lane lane = new BackgroundTask.Lane();
    private Function<String, Path> chooser;
    private java.util.function.Supplier<String> formSecretsFile = () -> null;
    private Path lastFolder;

    private final ReadOnlyObjectWrapper<Path> exported = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper();
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper();

    /**
     * @param services the panel's services (the exporter, the environment's secrets)
     * @param dialogs opens the save chooser
     * @param ui the FX thread
     * @param background where the page is read and written
     */
    public ResultsExport(PanelServices services, DialogService dialogs, Executor ui, Executor background) {
        this.services = services;
        this.ui = ui;
        this.background = background;
        this.chooser = name -> {
            java.io.File f = dialogs.chooseSaveFile(
                    dialogs.owner(),
                    "Export as one HTML file",
                    lastFolder == null ? null : lastFolder.toFile(),
                    name,
                    new FileChooser.ExtensionFilter("HTML page", "*.html"));
            return f == null ? null : f.toPath();
        };
    }

    /**
     * Where the secrets file the Runs form names is read from (its text as typed), so its values are masked in
     * exports as in the run's log. Read on the FX thread when an export starts.
     */
    public void setFormSecretsFile(java.util.function.Supplier<String> secretsFile) {
        this.formSecretsFile = secretsFile;
    }

    /** Replaces the save chooser (a script, a test): given the file name offered, the file chosen or null. */
    public void setChooser(Function<String, Path> chooser) {
        this.chooser = chooser;
    }

    /** The file last exported, or null (also while an export runs or after a failure). */
    public ReadOnlyObjectProperty<Path> exportedProperty() {
        return exported.getReadOnlyProperty();
    }

    /** Why the last export failed, or what to do to export; null when there is nothing to say. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** True while a page is being written. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /**
     * Asks where to save, then exports. Call on the FX thread.
     *
     * @param subject what is shown, or null when nothing is (then a sentence says what to open)
     */
    public void export(ExportSubject subject) {
        if (subject == null) {
            exported.set(null);
            message.set("Open a run, a trial or a comparison in Results to export it.");
            return;
        }
        Path target = chooser.apply(subject.fileName());
        if (target == null) {
            return;
        }
        lastFolder = target.toAbsolutePath().getParent();
        exported.set(null);
        message.set(null);
        busy.set(true);
        String typed = formSecretsFile.get();
        BackgroundTask.wrap(() -> {
                    // the Runs form's secrets file, when it names one: its values are secrets the panel knows of
                    List<Path> files = typed == null
                                    || typed.isBlank()
                                    || !java.nio.file.Files.isRegularFile(Path.of(typed.strip()))
                            ? List.of()
                            : List.of(Path.of(typed.strip()));
                    dev.mstpanel.core.mst.SecretRedactor mask;
                    try {
                        mask = services.knownSecrets(files);
                    } catch (java.io.IOException e) {
                        throw new java.io.IOException(
                                e.getMessage() + " Nothing was exported: its values could not be masked.", e);
                    }
                    String html = services.exporter().export(subject, mask);
                    // the chooser asked before replacing a file
                    ExportFiles.write(target, html, true);
                    return target.toAbsolutePath().normalize();
                })
                .onSuccess(exported::set)
                .onFailure(e -> message.set("Not exported: " + e.getMessage()))
                .onFinished(() -> busy.set(false))
                .latestIn(lane)
                .executeWith(ui, background);
    }

    /** Opens the file last exported in the system's browser (off the FX thread). */
    public void openExported() {
        Path p = exported.get();
        if (p != null) {
            background.execute(() -> openQuietly(p));
        }
    }

    /** Shows the folder of the file last exported (off the FX thread). */
    public void revealExported() {
        Path p = exported.get();
        if (p != null && p.getParent() != null) {
            background.execute(() -> openQuietly(p.getParent()));
        }
    }

    /** Dismisses the notice. */
    public void dismiss() {
        exported.set(null);
        message.set(null);
    }

    private void openQuietly(Path p) {
        try {
            Desktop.open(p);
        } catch (java.io.IOException e) {
            ui.execute(() -> message.set("The system could not open " + p + ": " + e.getMessage()));
        }
    }
}
