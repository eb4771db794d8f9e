package dev.mstpanel.ui.results;

import java.util.Set;
import java.util.function.IntConsumer;
import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.scene.control.ListView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The row of a transcript where the trial went wrong (issue 9, item 2: the first {@code isError}
 * call, or the last call before a timeout; {@link dev.mstpanel.core.results.Transcript#failingIndex()}):
 * marked, and expanded, selected and scrolled to when the view opens there, unless the user has
 * already scrolled, clicked or typed in the list (a long trace's failing call can be read seconds
 * after its first rows: it then does not take the list away from them). A button in the bar
 * ({@code #transcript-failing}) goes back to it. Used on the FX thread.
 */
final class TranscriptFailingCall {
    private final ListView<?> list;
    private final Set<Integer> expanded;
    private final Pane bar;
    private final IntConsumer reveal;
    private int row = -1;
    private boolean userMoved;

    /**
     * @param list the transcript's rows; what the user does in it is watched from now on
     * @param expanded the indexes of the expanded rows, shared with the list's cells
     * @param bar where the "go to the failing call" button is added, once
     * @param reveal expands, selects and scrolls to a row (the button's action)
     */
    TranscriptFailingCall(ListView<?> list, Set<Integer> expanded, Pane bar, IntConsumer reveal) {
        this.list = list;
        this.expanded = expanded;
        this.bar = bar;
        this.reveal = reveal;
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
            failing.setOnAction(e -> reveal.accept(this.row));
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
        // once laid out the expanded row is taller than the list estimated: place it again
        Platform.runLater(() -> {
            if (!userMoved && this.row == row) {
                list.scrollTo(Math.max(0, row - 2));
            }
        });
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
