package dev.mstpanel.ui.common;

import javafx.beans.value.ObservableBooleanValue;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The header every view starts with: its title, a one-sentence subtitle that wraps, and on the
 * right a spinner (shown while the view is busy) and the view's actions. Actions keep their
 * preferred width, so a narrow window wraps the subtitle instead of cutting a button's label.
 *
 * <p>Style classes: {@code view-header} on the box, {@code view-title} on the title,
 * {@code text-muted} on the subtitle (the theme's, see {@code app.css}).
 */
public final class ViewHeader extends HBox {
    private final HBox actions = new HBox(8);
    private final ProgressIndicator spinner = new ProgressIndicator();

    /**
     * @param title the view's name, as in the sidebar
     * @param subtitle what the view is for, in one sentence
     */
    public ViewHeader(String title, String subtitle) {
        super(16);
        Label titleLabel = new Label(title);
        titleLabel.getStyleClass().add("view-title");
        Label subtitleLabel = new Label(subtitle);
        subtitleLabel.getStyleClass().add("text-muted");
        subtitleLabel.setWrapText(true);
        VBox titles = new VBox(2, titleLabel, subtitleLabel);
        HBox.setHgrow(titles, Priority.ALWAYS);
        spinner.setPrefSize(18, 18);
        spinner.setVisible(false);
        actions.setAlignment(Pos.CENTER_RIGHT);
        actions.getChildren().add(spinner);
        getStyleClass().add("view-header");
        setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(titles, actions);
    }

    /** Shows the spinner while {@code busy} is true. Returns this header. */
    public ViewHeader busyWhile(ObservableBooleanValue busy) {
        spinner.visibleProperty().bind(busy);
        return this;
    }

    /**
     * Adds actions (buttons, fields, filters) on the right, in order, after the spinner; each
     * keeps its preferred width. Returns this header.
     */
    public ViewHeader withActions(Node... nodes) {
        for (Node n : nodes) {
            if (n instanceof Region r) {
                r.setMinWidth(Region.USE_PREF_SIZE);
            }
            actions.getChildren().add(n);
        }
        return this;
    }

    /** Puts a node on the right instead of a row of actions (e.g. a box of options with an error line under them). */
    public ViewHeader withTrailing(Node node) {
        actions.getChildren().add(node);
        return this;
    }
}
