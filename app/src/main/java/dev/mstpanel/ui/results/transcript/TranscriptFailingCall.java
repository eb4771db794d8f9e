package dev.mstpanel.ui.results.transcript;

import java.util.Set;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tooltip;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The row of a transcript where the trial went wrong (item 2: the first {@code isError}
 * call, or the last call before a timeout; {@link dev.mstpanel.core.results.model.Transcript#failingIndex()}):
 * marked, and expanded, selected and scrolled to when the view opens there, unless the user has
 * already scrolled, clicked or typed in the list (a long trace's failing call can be read seconds
 * after its first rows: it then does not take the list away from them). A button in the bar
 * ({@code #transcript-failing}) goes back to it. Used on the FX thread.
 *
 * <p>Placed so that the call's row and its error (the expanded output) are both in view: once the
 * expanded row is laid out (its height is known only then), the list scrolls so the row starts two
 * rows down and, when the error would be below the fold (a short list, as at 1280 x 800 under the
 * run's header), further down by the pixels it takes, never past the row's own head. A failed call's
 * error is the first block under its head ({@link TranscriptRowNodes#expandedEvent}), so the two fit
 * together in a list of a few rows' height.
 */
final class TranscriptFailingCall {
    private final ListView<?> list;
    private final Set<Integer> expanded;
    private final Pane bar;
    private final IntConsumer reveal;
    private final IntFunction<String> errorId;
    private int row = -1;
    private boolean userMoved;
    /** The row being placed after layout ({@link #afterLayout()}), or -1; the pulses left to do it in. */
    private int placing = -1;

    private int pulsesLeft;
    private boolean force;
    private boolean scrolledAgain;
    private Scene placingIn;
    private final Runnable afterLayout = this::afterLayout;
    /** Space kept between the error and the list's bottom edge, in px. */
    private static final double MARGIN = 8;

    /**
     * @param list the transcript's rows; what the user does in it is watched from now on
     * @param expanded the indexes of the expanded rows, shared with the list's cells
     * @param bar where the "go to the failing call" button is added, once
     * @param reveal expands, selects and scrolls to a row (the button's action)
     * @param errorId by row index: the id of the node in that row that should be in view with it (the
     *     failing call's output text), or null for none
     */
    TranscriptFailingCall(
            ListView<?> list, Set<Integer> expanded, Pane bar, IntConsumer reveal, IntFunction<String> errorId) {
        this.list = list;
        this.expanded = expanded;
        this.bar = bar;
        this.reveal = reveal;
        this.errorId = errorId;
        list.addEventFilter(ScrollEvent.SCROLL, e -> userMoved = true);
        list.addEventFilter(MouseEvent.MOUSE_PRESSED, e -> userMoved = true);
        list.addEventFilter(KeyEvent.KEY_PRESSED, e -> userMoved = true);
    }

    /** The failing call's row index, or -1 when none is marked. */
    int row() {
        return row;
    }

    /**
     * Marks a row as the failing call; expands, selects and scrolls to it unless the user has moved
     * in the list.
     *
     * @param row a row index of the list
     */
    void mark(int row) {
        this.row = row;
        if (bar.lookup("#transcript-failing") == null) {
            Button failing = new Button(null, new FontIcon(Feather.CROSSHAIR));
            failing.getStyleClass().addAll("small", "danger");
            failing.setId("transcript-failing");
            failing.setTooltip(new Tooltip("Go to the call where the trial went wrong"));
            failing.setMinWidth(Region.USE_PREF_SIZE);
            failing.setOnAction(e -> {
                reveal.accept(this.row);
                placeAfterLayout(this.row, true);
            });
            bar.getChildren().add(failing);
        }
        if (userMoved) {
            list.refresh(); // marked, where the user is not
            return;
        }
        expanded.add(row);
        list.getSelectionModel().select(row);
        list.scrollTo(Math.max(0, row - 2));
        list.refresh();
        // once laid out the expanded row is taller than the list estimated: place it again, then its error
        placeAfterLayout(row, false);
    }

    /**
     * Places a row and its error once the list is laid out: after the next layout pulses of the
     * list's scene (it may not be in one yet), a few at most.
     *
     * @param force place it even when the user has moved in the list (they asked for it)
     */
    private void placeAfterLayout(int row, boolean force) {
        placing = row;
        pulsesLeft = 6;
        this.force = force;
        scrolledAgain = force;
        if (list.getScene() != null) {
            listen(list.getScene());
            list.requestLayout();
        } else {
            list.sceneProperty().addListener(new javafx.beans.value.ChangeListener<Scene>() {
                @Override
                public void changed(javafx.beans.value.ObservableValue<? extends Scene> o, Scene was, Scene now) {
                    if (now != null) {
                        list.sceneProperty().removeListener(this);
                        if (placing == row) {
                            listen(now);
                        }
                    }
                }
            });
        }
    }

    private void listen(Scene scene) {
        if (placingIn != scene) {
            stopListening();
            placingIn = scene;
            scene.addPostLayoutPulseListener(afterLayout);
        }
    }

    private void stopListening() {
        if (placingIn != null) {
            placingIn.removePostLayoutPulseListener(afterLayout);
            placingIn = null;
        }
    }

    /** After a layout pulse: the row placed again at its laid-out height, then scrolled until its error is in view. */
    private void afterLayout() {
        if (placing < 0 || placing != row || userMoved && !force || pulsesLeft-- <= 0 || list.getScene() != placingIn) {
            placing = -1;
            stopListening();
            return;
        }
        if (!scrolledAgain) {
            scrolledAgain = true;
            list.scrollTo(Math.max(0, placing - 2));
            return;
        }
        if (errorInView(placing) == Placed.DONE) {
            placing = -1;
            stopListening();
        }
    }

    /** What {@link #errorInView(int)} did. */
    private enum Placed {
        /** In view, or nothing to bring into view. */
        DONE,
        /** Scrolled: to be checked after the next layout. */
        SCROLLED,
        /** Not laid out yet (no skin, no cell for the row): to be tried after the next layout. */
        NOT_YET
    }

    /** Scrolls the list down so a laid-out row's error is in view, its head kept in view when both fit. */
    private Placed errorInView(int r) {
        String id = errorId.apply(r);
        if (id == null) {
            return Placed.DONE;
        }
        Node clip = list.lookup(".clipped-container");
        if (clip == null || !(list.lookup(".virtual-flow") instanceof VirtualFlow<?> flow)) {
            return Placed.NOT_YET;
        }
        IndexedCell<?> cell = null;
        for (Node n : list.lookupAll(".list-cell")) {
            if (n instanceof IndexedCell<?> c && c.getIndex() == r && c.isVisible()) {
                cell = c;
                break;
            }
        }
        Node error = cell == null ? null : cell.lookup("#" + id);
        if (error == null) {
            return Placed.NOT_YET;
        }
        // the error's block: its title ("Error output", Copy) and its text
        Node block = error.getParent() != null ? error.getParent() : error;
        double height = clip.getLayoutBounds().getHeight();
        Bounds row = clip.sceneToLocal(cell.localToScene(cell.getLayoutBounds()));
        Bounds err = clip.sceneToLocal(block.localToScene(block.getLayoutBounds()));
        if (err.getMaxY() <= height - MARGIN + 0.5) {
            return Placed.DONE;
        }
        // down by what it takes, never past the row's head: a long error shows its start right under the head
        double shift = Math.min(err.getMaxY() - (height - MARGIN), row.getMinY());
        if (shift <= 0.5) {
            return Placed.DONE;
        }
        flow.scrollPixels(shift);
        return Placed.SCROLLED;
    }

    /**
     * The whole trace is read and its failing call is known for sure (a timeout's only now): when it
     * is another row, the one marked so far is collapsed and unmarked and the new one marked.
     *
     * @param want the failing call's row index, or -1 for none
     */
    void settle(int want) {
        if (want == row) {
            return;
        }
        if (row >= 0) {
            expanded.remove(row);
        }
        row = -1;
        if (want >= 0) {
            mark(want);
        }
    }
}
