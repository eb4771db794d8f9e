package dev.mstpanel.testsupport;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextInputControl;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** Reading and using the real window in TestFX tests as a person would: texts, typing, clicks after scrolling to the node. */
public final class FxQuery {
    private final FxRobot robot;

    public FxQuery(FxRobot robot) {
        this.robot = robot;
    }

    /** Runs on the FX thread and waits up to 10 s for the result. */
    public static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(10, TimeUnit.SECONDS);
    }

    public Node node(String query) {
        return robot.lookup(query).query();
    }

    public boolean exists(String query) throws Exception {
        return fx(() -> robot.lookup(query).tryQuery().isPresent());
    }

    /** The text of a label, check box, button, link or text field. */
    public String text(String query) throws Exception {
        return fx(() -> {
            Node n = node(query);
            return n instanceof javafx.scene.control.Labeled l ? l.getText() : ((TextInputControl) n).getText();
        });
    }

    /** True when the node and every parent of it are visible: what a person can see (scrolled away or not). */
    public boolean visible(String query) throws Exception {
        return fx(() -> robot.lookup(query)
                .tryQuery()
                .map(n -> {
                    for (Node p = n; p != null; p = p.getParent()) {
                        if (!p.isVisible()) {
                            return false;
                        }
                    }
                    return true;
                })
                .orElse(false));
    }

    /** Clears a field and types into it (scrolling to it first). */
    public void type(String query, String value) throws Exception {
        reveal(query);
        fx(() -> {
            ((TextInputControl) node(query)).clear();
            return null;
        });
        robot.clickOn(query).write(value);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Clicks a node after scrolling to it. */
    public void click(String query) throws Exception {
        reveal(query);
        robot.clickOn(query);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Scrolls the enclosing scroll pane so that the node is in view. */
    public void reveal(String query) throws Exception {
        fx(() -> {
            Node n = node(query);
            javafx.scene.Parent p = n.getParent();
            while (p != null && !(p instanceof ScrollPane)) {
                p = p.getParent();
            }
            if (p instanceof ScrollPane sp && sp.getContent() != null) {
                Node content = sp.getContent();
                javafx.geometry.Bounds b = content.sceneToLocal(n.localToScene(n.getBoundsInLocal()));
                double viewport = sp.getViewportBounds().getHeight();
                double range = content.getBoundsInLocal().getHeight() - viewport;
                if (range > 0) {
                    sp.setVvalue(Math.max(0, Math.min(1, (b.getMinY() - viewport / 3) / range)));
                }
            }
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
    }
}
