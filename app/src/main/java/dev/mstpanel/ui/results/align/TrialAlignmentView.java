package dev.mstpanel.ui.results.align;

import com.fasterxml.jackson.databind.JsonNode;
import dev.mstpanel.core.results.align.AlignedPair;
import dev.mstpanel.core.results.align.ArgumentDifference;
import dev.mstpanel.core.results.align.Change;
import dev.mstpanel.core.results.align.Divergence;
import dev.mstpanel.core.results.align.EventDifference;
import dev.mstpanel.core.results.align.TraceAlignments;
import dev.mstpanel.core.results.align.TrialAlignment;
import dev.mstpanel.core.results.model.Transcript;
import dev.mstpanel.core.results.model.TranscriptEvent;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.transcript.TranscriptFormat;
import dev.mstpanel.core.results.transcript.TranscriptReader;
import dev.mstpanel.core.text.ControlCharacters;
import dev.mstpanel.core.text.Texts;
import dev.mstpanel.ui.common.BackgroundTask;
import dev.mstpanel.ui.common.Pill;
import dev.mstpanel.ui.common.UiExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Two trials aligned (core/results/align), the window's twin of {@code mst-panel diff}: where they first part, opened
 * with each side's call and the arguments' difference; then every row side by side with its mark ({@code = ~ - +}) in
 * a virtualized list (a row's nodes are made only when it scrolls into view); the final answers compared; usage and
 * duration side by side. The traces are read and aligned off the FX thread.
 */
public final class TrialAlignmentView extends BorderPane {
    /** The widest text of a call in a row, in characters; the rest is cut with "…". */
    private static final int ROW_TEXT = 70;

    /** The rows shown; a new list for each alignment shown, so the whole one opens scrolled as its head never was. */
    private ListView<AlignedPair> rows = newRows();

    private final Label status = new Label();
    private TrialAlignment shown;

    public TrialAlignmentView() {
        setId("trial-alignment");
        setPadding(new Insets(12));
        status.setId("alignment-status");
        status.getStyleClass().add("text-muted");
        status.setWrapText(true);
        showReading();
    }

    /**
     * Opens a window beside {@code owner} that reads and aligns two listed trials, A the one compared against.
     *
     * @param redactedA the first trial's run's {@code redactStoredResponses}, or null when unknown
     * @return the window, shown
     */
    public static Stage open(
            Window owner, TrialRecord a, Boolean redactedA, TrialRecord b, Boolean redactedB, Executor background) {
        TrialAlignmentView view = new TrialAlignmentView();
        Stage stage = new Stage();
        stage.setTitle(title(a, b));
        Scene scene = new Scene(view, 1200, 780);
        // a window of its own: it closes as a dialog does, with no window manager's button needed
        KeyCombination close = new KeyCodeCombination(KeyCode.W, KeyCombination.SHORTCUT_DOWN);
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE || close.match(e)) {
                e.consume();
                stage.close();
            }
        });
        if (owner != null) {
            stage.initOwner(owner);
            if (owner.getScene() != null) {
                scene.getStylesheets().setAll(owner.getScene().getStylesheets()); // the panel's own look
            }
        }
        stage.setScene(scene);
        stage.show();
        view.align(a, redactedA, b, redactedB, UiExecutor.fx(), background);
        return stage;
    }

    /**
     * The window's title: each side's trial and variant, as two trials of one case often differ only by variant, e.g.
     * {@code café-ü #1 · baseline  vs  café-ü #1 · with-skill}.
     */
    static String title(TrialRecord a, TrialRecord b) {
        return titleSide(a) + "  vs  " + titleSide(b);
    }

    private static String titleSide(TrialRecord r) {
        return ControlCharacters.escape(r.label()) + " · " + ControlCharacters.escape(r.variant());
    }

    /** Reads and aligns two trials off the FX thread, then shows them. */
    public void align(
            TrialRecord a, Boolean redactedA, TrialRecord b, Boolean redactedB, UiExecutor ui, Executor background) {
        showReading();
        shown = null;
        BackgroundTask.wrap(() -> new TraceAlignments(TranscriptReader.WINDOW_OUTPUT_CHARS)
                        .align(
                                a,
                                redactedA,
                                b,
                                redactedB,
                                h -> ui.execute(() -> {
                                    if (shown == null) {
                                        showHead(h);
                                    }
                                })))
                .onSuccess(this::show)
                .onFailure(e -> showProblem("The two trials could not be aligned: " + e.getMessage()))
                .executeWith(ui, background);
    }

    private ListView<AlignedPair> newRows() {
        ListView<AlignedPair> l = new ListView<>();
        l.setId("alignment-rows");
        l.setCellFactory(x -> new RowCell());
        l.setFixedCellSize(26);
        return l;
    }

    private void showReading() {
        ProgressIndicator p = new ProgressIndicator();
        p.setMaxSize(36, 36);
        Label l = new Label("Reading and aligning the two trials…");
        l.getStyleClass().add("text-muted");
        VBox box = new VBox(8, p, l);
        box.setAlignment(Pos.CENTER);
        setTop(null);
        setBottom(null);
        setCenter(box);
    }

    private void showProblem(String text) {
        Label l = new Label(text);
        l.setId("alignment-problem");
        l.setWrapText(true);
        setTop(null);
        setBottom(null);
        setCenter(l);
    }

    /** The alignment shown, or null while it is read. */
    public TrialAlignment alignment() {
        return shown;
    }

    /** Shows the alignment of two long traces' first events while the rest is read (FX thread). */
    private void showHead(TrialAlignment head) {
        show(head, true);
        shown = null; // the whole alignment replaces it
        headShown = head;
    }

    /** The head shown while the rest is read, or null. */
    private TrialAlignment headShown;

    /** Shows an alignment (FX thread): the divergence above, the rows, the answers and figures below. */
    public void show(TrialAlignment al) {
        headShown = null;
        show(al, false);
    }

    private void show(TrialAlignment al, boolean head) {
        shown = al;
        VBox top = new VBox(6);
        top.getChildren().addAll(side("A", al.a()), side("B", al.b()));
        for (String p : problems(al)) {
            Label l = new Label(p);
            l.getStyleClass().add("text-warning");
            l.setWrapText(true);
            top.getChildren().add(l);
        }
        VBox pair = new VBox(4);
        pair.setId("alignment-pair");
        top.getChildren().add(head ? reading(pair) : divergence(al, pair));
        int[] n = al.counts();
        status.setText((head ? "The first rows, while the rest of the two traces is read:   " : "") + "= "
                + n[Change.SAME.ordinal()] + " same   ~ " + n[Change.CHANGED.ordinal()] + " changed   - "
                + n[Change.ONLY_A.ordinal()] + " only in A   + " + n[Change.ONLY_B.ordinal()] + " only in B");
        top.getChildren().add(status);
        top.setPadding(new Insets(0, 0, 8, 0));
        setTop(top);
        rows = newRows();
        rows.getItems().setAll(al.pairs());
        if (al.pairs().isEmpty()) {
            rows.setPlaceholder(new Label("Neither trial has an event."));
        }
        // the pane under the divergence's reason shows the selected row's two calls: opened on the divergence
        rows.getSelectionModel()
                .selectedIndexProperty()
                .addListener((o, was, now) -> showPair(pair, al, now.intValue()));
        showPair(pair, al, -1);
        Divergence d = al.firstDivergence();
        if (d != null && d.row() > 2) {
            rows.scrollTo(d.row() - 2); // the divergence in view, with the rows that led to it
        }
        if (d != null && d.row() >= 0) {
            rows.getSelectionModel().select(d.row());
        }
        setCenter(rows);
        setBottom(head ? null : answers(al));
    }

    /** Where the divergence box will be: said while the rest of the traces is read. */
    private static Node reading(VBox pair) {
        Label l = new Label("Reading the rest of the two traces: the first divergence is not known yet.");
        l.setId("alignment-divergence-reason");
        l.getStyleClass().add("text-muted");
        VBox box = new VBox(4, l, pairScroll(pair));
        box.setId("alignment-divergence");
        box.setPadding(new Insets(8));
        return box;
    }

    private static List<String> problems(TrialAlignment al) {
        List<String> out = new ArrayList<>();
        al.a().problems().forEach(p -> out.add("A: " + p));
        al.b().problems().forEach(p -> out.add("B: " + p));
        return out;
    }

    private static Label side(String name, Transcript t) {
        TrialRecord r = t.trial();
        Label l = new Label(name + ": " + ControlCharacters.escape(r.variant()) + " / "
                + ControlCharacters.escape(r.label()) + "  ·  " + r.status().jsonName() + "  ·  "
                + t.events().size() + " events"
                + (r.runId() == null || r.runId().isBlank() ? "" : "  ·  run " + ControlCharacters.escape(r.runId())));
        l.setId("alignment-side-" + name.toLowerCase(java.util.Locale.ROOT));
        l.getStyleClass().add("side-title");
        return l;
    }

    /** The first divergence's reason, above the selected row's two calls (opened on the divergence's row). */
    private static Node divergence(TrialAlignment al, VBox pair) {
        Divergence d = al.firstDivergence();
        VBox box = new VBox(4);
        box.setId("alignment-divergence");
        box.getStyleClass().add("banner-info");
        box.setPadding(new Insets(8));
        Label head = new Label();
        head.setId("alignment-divergence-reason");
        head.setWrapText(true);
        head.setStyle("-fx-font-weight: bold;");
        box.getChildren().addAll(head, pairScroll(pair));
        if (d == null) {
            head.setText("No divergence: every call is the same"
                    + (al.finalAnswerSame() == null
                            ? " (the final answers were not kept)."
                            : ", and so is the final answer."));
            return box;
        }
        head.setText("First divergence" + (d.row() >= 0 ? " at row " + (d.row() + 1) : "") + ": "
                + d.reason().sentence() + ".");
        return box;
    }

    /** The selected row's pane, scrolled when a pair's arguments differ in many places, so the rows keep room. */
    private static Node pairScroll(VBox pair) {
        ScrollPane sp = new ScrollPane(pair);
        sp.setFitToWidth(true);
        sp.setMaxHeight(260);
        sp.getStyleClass().add("edge-to-edge");
        sp.setStyle("-fx-background-color: transparent; -fx-background: transparent;");
        return sp;
    }

    /**
     * Shows one row's pair in the pane (FX thread): each side's call with its arguments and its output or error, then
     * the arguments that differ, each marked as the rows are ({@code ~} changed, {@code -} only A, {@code +} only B).
     */
    private static void showPair(VBox pane, TrialAlignment al, int row) {
        pane.getChildren().clear();
        if (row < 0 || row >= al.pairs().size()) {
            Label l = new Label(
                    al.pairs().isEmpty() ? "" : "Select a row to see its two calls, their arguments and outputs.");
            l.setId("alignment-pair-title");
            l.getStyleClass().add("text-muted");
            pane.getChildren().add(l);
            return;
        }
        AlignedPair p = al.pairs().get(row);
        Label title = new Label("Row " + (row + 1) + "  " + p.change().mark() + " " + meaning(p.change()));
        title.setId("alignment-pair-title");
        pane.getChildren().add(title);
        if (p.a() >= 0) {
            pane.getChildren().addAll(sideOfPair("A", al.a().events().get(p.a())));
        }
        if (p.b() >= 0) {
            pane.getChildren().addAll(sideOfPair("B", al.b().events().get(p.b())));
        }
        EventDifference diff = p.difference();
        if (p.change() == Change.SAME) {
            pane.getChildren().add(muted("    The same arguments and outcome on both sides."));
        } else if (p.change() == Change.CHANGED) {
            pane.getChildren()
                    .add(muted(
                            diff.arguments().isEmpty()
                                    ? "    The same arguments."
                                    : "    Arguments that differ (~ changed, - only in A, + only in B):"));
            for (ArgumentDifference x : diff.arguments()) {
                Label l = new Label("    " + argument(x));
                l.getStyleClass().addAll("monospace", "alignment-argument");
                pane.getChildren().add(l);
            }
            if (diff.argumentsCut()) {
                pane.getChildren().add(new Label("    (more arguments differ)"));
            }
            if (diff.outcomeDiffers()) {
                Label l = new Label("    " + (diff.failedA() ? "A failed, B did not" : "B failed, A did not"));
                l.getStyleClass().add("text-danger");
                pane.getChildren().add(l);
            }
        }
    }

    private static String meaning(Change c) {
        return switch (c) {
            case SAME -> "the same call on both sides";
            case CHANGED -> "the same tool, with other arguments or another outcome";
            case ONLY_A -> "a call only A made";
            case ONLY_B -> "a call only B made";
        };
    }

    /** One side of a pair: its call with the arguments, then its output, or its error when the call failed. */
    private static List<Label> sideOfPair(String side, TranscriptEvent e) {
        String id = side.toLowerCase(java.util.Locale.ROOT);
        Label out;
        if (e.output() == null) {
            out = muted("    " + side + " output: none kept");
        } else {
            out = new Label("    " + side + (e.failed() ? " error: " : " output: ")
                    + ControlCharacters.escape(Texts.cutLine(e.output(), 200)));
            out.getStyleClass().add("monospace");
            if (e.failed()) {
                out.getStyleClass().add("text-danger");
            }
        }
        out.setId("alignment-pair-output-" + id);
        return List.of(call(side, e), out);
    }

    private static Label muted(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("text-muted");
        return l;
    }

    private static Label call(String side, TranscriptEvent e) {
        Label l = new Label(side + "  #" + (e.index() + 1) + "  " + ControlCharacters.escape(e.title())
                + (e.failed() ? "  ERROR" : "")
                + (e.arguments() == null
                        ? ""
                        : "  "
                                + ControlCharacters.escape(
                                        Texts.cutLine(e.arguments().toString(), 160))));
        l.getStyleClass().add("monospace");
        l.setId("alignment-divergence-" + side.toLowerCase(java.util.Locale.ROOT));
        return l;
    }

    private static String argument(ArgumentDifference x) {
        String path = x.path().isEmpty() ? "(the arguments)" : x.path();
        String mark = switch (x.kind()) {
            case ADDED -> Change.ONLY_B.mark();
            case REMOVED -> Change.ONLY_A.mark();
            case CHANGED -> Change.CHANGED.mark();
        };
        return mark + " " + ControlCharacters.escape(path) + ": "
                + switch (x.kind()) {
                    case ADDED -> "only B: " + value(x.b());
                    case REMOVED -> "only A: " + value(x.a());
                    case CHANGED -> value(x.a()) + "  →  " + value(x.b());
                };
    }

    private static String value(JsonNode n) {
        return ControlCharacters.escape(Texts.cutLine(n == null ? "null" : n.toString(), 70));
    }

    /** The final answers, then usage and duration, A beside B. */
    private static Node answers(TrialAlignment al) {
        GridPane g = new GridPane();
        g.setId("alignment-answers");
        g.setHgap(12);
        g.setVgap(4);
        g.setPadding(new Insets(8, 0, 0, 0));
        Label verdict = new Label("Final answers: "
                + (al.finalAnswerSame() == null
                        ? "not kept (a run stored redacted transcripts)"
                        : al.finalAnswerSame() ? "the same" : "different"));
        verdict.setId("alignment-answers-verdict");
        verdict.setStyle("-fx-font-weight: bold;");
        g.add(verdict, 0, 0, 3, 1);
        g.add(new Label(""), 0, 1);
        g.add(new Label("A"), 1, 1);
        g.add(new Label("B"), 2, 1);
        row(g, 2, "Final answer", answer(al.a()), answer(al.b()));
        row(
                g,
                3,
                "Usage",
                TranscriptFormat.usage(al.a().usage()),
                TranscriptFormat.usage(al.b().usage()));
        row(g, 4, "Duration", duration(al.a()), duration(al.b()));
        javafx.scene.layout.ColumnConstraints label = new javafx.scene.layout.ColumnConstraints();
        javafx.scene.layout.ColumnConstraints half = new javafx.scene.layout.ColumnConstraints();
        half.setPercentWidth(44);
        half.setHgrow(Priority.ALWAYS);
        javafx.scene.layout.ColumnConstraints half2 = new javafx.scene.layout.ColumnConstraints();
        half2.setPercentWidth(44);
        half2.setHgrow(Priority.ALWAYS);
        g.getColumnConstraints().setAll(label, half, half2);
        return g;
    }

    private static void row(GridPane g, int at, String name, String a, String b) {
        Label n = new Label(name);
        n.getStyleClass().add("text-muted");
        n.setMinWidth(Region.USE_PREF_SIZE);
        Label la = new Label(a);
        Label lb = new Label(b);
        la.setWrapText(true);
        lb.setWrapText(true);
        la.setMaxHeight(60);
        lb.setMaxHeight(60);
        g.add(n, 0, at);
        g.add(la, 1, at);
        g.add(lb, 2, at);
    }

    private static String answer(Transcript t) {
        return t.finalText() != null
                ? ControlCharacters.escape(Texts.cutLine(t.finalText(), 300))
                : t.redacted() ? "(redacted)" : "(none)";
    }

    private static String duration(Transcript t) {
        Long ms = TrialAlignment.durationMs(t);
        return ms == null ? "not known" : TranscriptFormat.duration(ms);
    }

    /** One aligned row: its mark, A's call and B's call, and for a changed pair what differs. */
    private final class RowCell extends ListCell<AlignedPair> {
        private final Label mark = new Label();
        private final Label left = new Label();
        private final Label right = new Label();
        private final HBox box = new HBox(8, mark, left, right);

        RowCell() {
            mark.setMinWidth(24);
            mark.setAlignment(Pos.CENTER);
            mark.setStyle("-fx-font-weight: bold;");
            for (Label l : List.of(left, right)) {
                l.setMinWidth(0);
                l.setMaxWidth(Double.MAX_VALUE);
                l.setPrefWidth(100);
                HBox.setHgrow(l, Priority.ALWAYS);
            }
            box.setAlignment(Pos.CENTER_LEFT);
            getStyleClass().add("alignment-row");
        }

        @Override
        protected void updateItem(AlignedPair p, boolean empty) {
            super.updateItem(p, empty);
            setText(null);
            TrialAlignment al = shown != null ? shown : headShown;
            if (empty || p == null || al == null) {
                setGraphic(null);
                return;
            }
            mark.setText(p.change().mark());
            Pill.restyle(mark, markClass(p.change()));
            left.setText(p.a() < 0 ? "" : text(al.a().events().get(p.a()), null));
            right.setText(
                    p.b() < 0
                            ? ""
                            : text(al.b().events().get(p.b()), p.change() == Change.CHANGED ? p.difference() : null));
            setGraphic(box);
        }
    }

    private static String markClass(Change c) {
        return switch (c) {
            case SAME -> "pill-muted";
            case CHANGED -> "pill-warning";
            case ONLY_A -> "pill-danger";
            case ONLY_B -> "pill-success";
        };
    }

    /** A call in a row: its number and tool, an error, and for a changed pair the paths that differ. */
    static String text(TranscriptEvent e, EventDifference d) {
        StringBuilder sb = new StringBuilder();
        sb.append('#').append(e.index() + 1).append("  ").append(ControlCharacters.escape(e.title()));
        if (e.failed()) {
            sb.append("  ERROR");
        }
        if (d != null && !d.arguments().isEmpty()) {
            sb.append("  (args: ")
                    .append(ControlCharacters.escape(String.join(
                            ", ",
                            d.arguments().stream()
                                    .map(x -> x.path().isEmpty() ? "all" : x.path())
                                    .toList())))
                    .append(')');
        }
        return Texts.cutLine(sb.toString(), ROW_TEXT);
    }
}
