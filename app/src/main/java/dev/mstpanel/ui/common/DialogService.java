package dev.mstpanel.ui.common;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Optional;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Owns every dialog, so the owner window is always right. Messages are short and for people;
 * details (a stack trace, an engine's raw answer) sit behind the "Details" expander.
 */
public final class DialogService {
    private Window owner;

    /** Sets the window dialogs belong to. */
    public void setOwner(Window owner) {
        this.owner = owner;
    }

    /**
     * Asks for a file to open.
     *
     * @param owner the window the chooser belongs to (null: none)
     * @param initialDirectory where it opens, or null for the system's choice
     * @param filters the file types offered, the first chosen
     * @return the file chosen, or null when the person cancelled
     */
    public java.io.File chooseFile(
            Window owner,
            String title,
            java.io.File initialDirectory,
            javafx.stage.FileChooser.ExtensionFilter... filters) {
        javafx.stage.FileChooser c = new javafx.stage.FileChooser();
        c.setTitle(title);
        c.getExtensionFilters().addAll(filters);
        if (initialDirectory != null) {
            c.setInitialDirectory(initialDirectory);
        }
        return c.showOpenDialog(owner);
    }

    /**
     * Asks where to save a file; the system's chooser asks before replacing an existing file.
     *
     * @param owner the window the chooser belongs to (null: none)
     * @param initialDirectory where it opens, or null for the system's choice
     * @param initialName the file name offered
     * @param filters the file types offered, the first chosen
     * @return the file chosen, or null when the person cancelled
     */
    public java.io.File chooseSaveFile(
            Window owner,
            String title,
            java.io.File initialDirectory,
            String initialName,
            javafx.stage.FileChooser.ExtensionFilter... filters) {
        javafx.stage.FileChooser c = new javafx.stage.FileChooser();
        c.setTitle(title);
        c.getExtensionFilters().addAll(filters);
        c.setInitialFileName(initialName);
        if (initialDirectory != null && initialDirectory.isDirectory()) {
            c.setInitialDirectory(initialDirectory);
        }
        return c.showSaveDialog(owner);
    }

    /**
     * Asks for a folder.
     *
     * @param owner the window the chooser belongs to (null: none)
     * @param initialDirectory where it opens, or null for the system's choice
     * @return the folder chosen, or null when the person cancelled
     */
    public java.io.File chooseDirectory(Window owner, String title, java.io.File initialDirectory) {
        javafx.stage.DirectoryChooser c = new javafx.stage.DirectoryChooser();
        c.setTitle(title);
        if (initialDirectory != null) {
            c.setInitialDirectory(initialDirectory);
        }
        return c.showDialog(owner);
    }

    /**
     * Makes a dialog of the panel's own (Settings, About) belong to the owner window and carry
     * the app icon.
     */
    public void adopt(javafx.scene.control.Dialog<?> dialog) {
        if (owner != null) {
            dialog.initOwner(owner);
        }
        Window w = dialog.getDialogPane().getScene().getWindow();
        if (w instanceof Stage s) {
            AppIcons.apply(s);
        }
    }

    /** The owner window, or null before the main window exists. */
    public Window owner() {
        return owner;
    }

    /**
     * Shows an error: a title, one or two sentences, and optional details.
     *
     * @param title what failed, e.g. "Could not save settings"
     * @param message what is wrong and how to fix it
     * @param details a stack trace or raw text for the Details expander, or null
     */
    public void showError(String title, String message, String details) {
        Alert alert = build(Alert.AlertType.ERROR, title, message);
        if (details != null && !details.isBlank()) {
            TextArea area = new TextArea(details);
            area.setEditable(false);
            area.setWrapText(false);
            area.getStyleClass().add("monospace");
            area.setPrefRowCount(14);
            alert.getDialogPane().setExpandableContent(new VBox(6, new Label("Details"), area));
        }
        alert.show();
    }

    /** As {@link #showError(String, String, String)} with an exception's stack trace as details. */
    public void showError(String title, String message, Throwable error) {
        StringWriter sw = new StringWriter();
        if (error != null) {
            error.printStackTrace(new PrintWriter(sw));
        }
        showError(title, message, error == null ? null : sw.toString());
    }

    /** Shows a plain notice. */
    public void showInfo(String title, String message) {
        build(Alert.AlertType.INFORMATION, title, message).show();
    }

    /**
     * Asks a yes/no question and waits for the answer (modal).
     *
     * @param title the question, short
     * @param message what will happen
     * @param confirmLabel the label of the confirming button, e.g. "Remove"
     * @return true when the person confirmed
     */
    public boolean confirm(String title, String message, String confirmLabel) {
        Alert alert = build(Alert.AlertType.CONFIRMATION, title, message);
        ButtonType yes = new ButtonType(confirmLabel, ButtonBar.ButtonData.OK_DONE);
        alert.getButtonTypes().setAll(yes, ButtonType.CANCEL);
        Optional<ButtonType> answer = alert.showAndWait();
        return answer.isPresent() && answer.get() == yes;
    }

    private Alert build(Alert.AlertType type, String title, String message) {
        Alert alert = new Alert(type);
        if (owner != null) {
            alert.initOwner(owner);
        }
        AppIcons.apply((Stage) alert.getDialogPane().getScene().getWindow());
        alert.setTitle(title);
        alert.setHeaderText(title);
        alert.setContentText(message);
        alert.getDialogPane().setMinWidth(460);
        return alert;
    }
}
