package dev.mstpanel.ui.common;

import java.util.IdentityHashMap;
import java.util.Map;
import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.Region;

/**
 * Keeps every tab's name whole in a tab pane narrower than its headers: JavaFX clips the headers that do not fit at
 * the pane's edge ("Tim…" for "Timeline") and hides the rest behind a menu. When the headers need more room than the
 * pane has, the tabs lose their icons first, then their padding is tightened; they get both back when the pane widens.
 */
public final class TabHeaders {
    /** The style class of a tab whose header padding is tightened (app.css). */
    public static final String TIGHT = "tab-tight";

    /** Room kept beside the headers, in px: the header area's own insets. */
    private static final double SLACK = 12;

    private final TabPane pane;
    /** The icon of each tab shown without it, to put back. */
    private final Map<Tab, Node> hidden = new IdentityHashMap<>();

    private boolean scheduled;

    private TabHeaders(TabPane pane) {
        this.pane = pane;
    }

    /** Fits {@code pane}'s tab names from now on: as it is resized and as tabs come and go. */
    public static void keepNamesWhole(TabPane pane) {
        TabHeaders t = new TabHeaders(pane);
        InvalidationListener later = o -> t.schedule();
        pane.widthProperty().addListener(later);
        pane.skinProperty().addListener(later);
        pane.getTabs().addListener((ListChangeListener<Tab>) c -> t.schedule());
        t.schedule();
    }

    /** After the pulse's layout, once the skin has made a header for each tab. */
    private void schedule() {
        if (!scheduled) {
            scheduled = true;
            Platform.runLater(() -> {
                scheduled = false;
                fit();
            });
        }
    }

    private void fit() {
        // every tab back as it was made, then measured: the decision never depends on a previous one
        hidden.forEach((tab, icon) -> {
            if (tab.getGraphic() == null) {
                tab.setGraphic(icon);
            }
        });
        hidden.clear();
        pane.getTabs().forEach(tab -> tab.getStyleClass().remove(TIGHT));
        if (pane.getWidth() <= 0 || needed() <= pane.getWidth() - SLACK) {
            return;
        }
        for (Tab tab : pane.getTabs()) {
            if (tab.getGraphic() != null) {
                hidden.put(tab, tab.getGraphic());
                tab.setGraphic(null);
            }
        }
        if (needed() > pane.getWidth() - SLACK) {
            pane.getTabs().forEach(tab -> tab.getStyleClass().add(TIGHT));
        }
    }

    /** The width the tab headers want, with the CSS of what just changed applied. */
    private double needed() {
        pane.applyCss();
        Node headers = pane.lookup(".headers-region");
        if (!(headers instanceof Region r)) {
            return 0;
        }
        double sum = 0;
        for (Node h : r.getChildrenUnmodifiable()) {
            sum += h.prefWidth(-1);
        }
        return sum;
    }
}
