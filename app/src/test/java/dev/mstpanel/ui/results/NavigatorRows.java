package dev.mstpanel.ui.results;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Results view's navigator as the transcript tests and benches use it: find a case's row by its
 * label, and open it as the keyboard does (expand its parents, focus the tree, select the row, so its
 * first trial opens). One copy for every test class of this package.
 */
final class NavigatorRows {
    private NavigatorRows() {}

    /** The case's row in the navigator, or null while it is not listed. */
    static TreeItem<ResultsView.Node> item(FxRobot robot, String label) {
        try {
            return WaitForAsyncUtils.asyncFx(() -> {
                        TreeView<ResultsView.Node> tree =
                                robot.lookup("#results-tree").query();
                        return tree.getRoot() == null ? null : find(tree.getRoot(), label);
                    })
                    .get();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Opens a run (or an eval folder) in the Results view, waits until it is listed
     * ({@link dev.mstpanel.testsupport.ResultsWindow#openFolder}, its first run read), then up to 10 s until the case's row is listed.
     *
     * @throws java.util.concurrent.TimeoutException when the folder or the row is not listed within 10 s
     */
    static void openRunAndWaitFor(
            FxRobot robot, dev.mstpanel.testsupport.ResultsWindow panel, java.nio.file.Path folder, String label)
            throws java.util.concurrent.TimeoutException {
        panel.openFolder(robot, folder, 1);
        WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS, () -> item(robot, label) != null);
    }

    /** The case row with this label below {@code item}, or null. */
    static TreeItem<ResultsView.Node> find(TreeItem<ResultsView.Node> item, String label) {
        if (item.getValue() != null
                && label.equals(item.getValue().label())
                && item.getValue().kind() == ResultsView.Kind.CASE) {
            return item;
        }
        for (TreeItem<ResultsView.Node> c : item.getChildren()) {
            TreeItem<ResultsView.Node> f = find(c, label);
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    /** Selects a case in the navigator as the keyboard does (its first trial opens). */
    static void open(FxRobot robot, String label) {
        TreeItem<ResultsView.Node> it = item(robot, label);
        assertThat(it).as("navigator row " + label).isNotNull();
        robot.interact(() -> {
            TreeView<ResultsView.Node> tree = robot.lookup("#results-tree").query();
            TreeItem<ResultsView.Node> p = it.getParent();
            while (p != null) {
                p.setExpanded(true);
                p = p.getParent();
            }
            tree.requestFocus();
            tree.getSelectionModel().select(it);
        });
    }
}
