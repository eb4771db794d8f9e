package dev.mstpanel.ui.containers;

import atlantafx.base.theme.Styles;
import dev.mstpanel.ui.common.DialogService;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * A non-modal banner at the top of the main window's content: how many of this machine's
 * orphaned MST containers were found at start-up and on which contexts, with "Clean up"
 * (confirmed through the {@link DialogService}), "Show" (opens the Containers view) and a close
 * button. Hidden (and taking no space) when there is nothing to say.
 */
public final class OrphanBanner extends HBox {
    private static final String WARNING = "orphan-banner-warning";
    private static final String SUCCESS = "orphan-banner-success";

    /**
     * @param model the banner's state and commands
     * @param dialogs asks before removing
     * @param showContainers opens the Containers view
     */
    public OrphanBanner(OrphanBannerViewModel model, DialogService dialogs, Runnable showContainers) {
        setId("orphan-banner");
        getStyleClass().addAll("orphan-banner", WARNING);
        setAlignment(Pos.CENTER_LEFT);
        setSpacing(12);
        setPadding(new Insets(10, 12, 10, 14));
        VBox.setMargin(this, new Insets(10, 14, 0, 14));
        visibleProperty().bind(model.shownProperty());
        managedProperty().bind(model.shownProperty());

        FontIcon icon = new FontIcon(Feather.ALERT_TRIANGLE);
        icon.getStyleClass().add("orphan-banner-icon");
        Label title = new Label();
        title.setId("orphan-banner-title");
        title.getStyleClass().add(Styles.TEXT_BOLD);
        title.textProperty().bind(model.titleProperty());
        title.setWrapText(true);
        Label detail = new Label();
        detail.setId("orphan-banner-detail");
        detail.getStyleClass().add("text-small");
        detail.textProperty().bind(model.detailProperty());
        detail.setWrapText(true);
        detail.visibleProperty().bind(model.detailProperty().isNotEmpty());
        detail.managedProperty().bind(detail.visibleProperty());
        VBox text = new VBox(2, title, detail);
        text.setMinWidth(0);
        HBox.setHgrow(text, Priority.ALWAYS);

        Button clean = new Button("Clean up", new FontIcon(Feather.TRASH_2));
        clean.setId("orphan-clean-up");
        clean.getStyleClass().add(Styles.DANGER);
        clean.setTooltip(new Tooltip("Remove these orphaned containers (only this machine's, after a confirmation)"));
        clean.setOnAction(e -> {
            String[] q = model.confirmation();
            if (dialogs.confirm(q[0], q[1], "Remove")) {
                model.cleanUp();
            }
        });
        Button show = new Button("Show", new FontIcon(Feather.BOX));
        show.setId("orphan-show");
        show.setTooltip(new Tooltip("Open the Containers view"));
        show.setOnAction(e -> showContainers.run());
        Button close = new Button(null, new FontIcon(Feather.X));
        close.setId("orphan-close");
        close.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT);
        close.setAccessibleText("Close the orphaned containers banner");
        close.setTooltip(new Tooltip("Close"));
        close.setOnAction(e -> model.dismiss());

        var state = model.stateProperty();
        clean.visibleProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> state.get() == OrphanBannerViewModel.State.FOUND
                                || state.get() == OrphanBannerViewModel.State.PROBLEM
                                || state.get() == OrphanBannerViewModel.State.REMOVING,
                        state));
        clean.managedProperty().bind(clean.visibleProperty());
        clean.disableProperty().bind(state.isEqualTo(OrphanBannerViewModel.State.REMOVING));
        close.disableProperty().bind(state.isEqualTo(OrphanBannerViewModel.State.REMOVING));
        state.addListener((o, a, s) -> {
            getStyleClass().removeAll(WARNING, SUCCESS);
            getStyleClass().add(s == OrphanBannerViewModel.State.CLEANED ? SUCCESS : WARNING);
            icon.setIconCode(s == OrphanBannerViewModel.State.CLEANED ? Feather.CHECK_CIRCLE : Feather.ALERT_TRIANGLE);
        });

        for (Button b : new Button[] {clean, show, close}) {
            b.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        }
        getChildren().setAll(icon, text, clean, show, close);
    }
}
