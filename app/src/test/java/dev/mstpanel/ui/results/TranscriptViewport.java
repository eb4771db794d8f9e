package dev.mstpanel.ui.results;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ListView;
import org.testfx.api.FxRobot;

/** Where a transcript's rows are on the screen: what a user sees of its list without scrolling. */
final class TranscriptViewport {
    private TranscriptViewport() {}

    /** The failing call's row head (number, name, badges) in the shown transcript. */
    static Node failingHead(FxRobot robot) {
        return robot.from(robot.lookup(".transcript-failing").queryAll())
                .lookup(".transcript-event-head")
                .query();
    }

    /** True when a node is shown whole inside the list's viewport (the list less its scroll bars). */
    static boolean within(Node n, ListView<?> list) {
        Bounds b = sceneBounds(n);
        Bounds v = of(list);
        return n.getScene() != null
                && n.isVisible()
                && b.getHeight() > 0
                && b.getMinY() >= v.getMinY() - 0.5
                && b.getMaxY() <= v.getMaxY() + 0.5;
    }

    /** A node's bounds in its scene, in px. */
    static Bounds sceneBounds(Node n) {
        return n.localToScene(n.getLayoutBounds());
    }

    /** The list's viewport (its clipped container) in the scene, in px. */
    static Bounds of(ListView<?> list) {
        Node clip = list.lookup(".clipped-container");
        return sceneBounds(clip == null ? list : clip);
    }
}
