package dev.mstpanel.ui.results.transcript;

import dev.mstpanel.core.results.model.Transcript;
import dev.mstpanel.core.results.model.TranscriptEvent;
import dev.mstpanel.core.results.transcript.TranscriptFormat;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;

/**
 * A trial's transcript (docs/dev/mst-format.md, Trace): the prompt, then one row per event (kind icon,
 * {@code server · tool}, the model's name when it differs, badges for a failed call, a simulated
 * write, a built-in tool and a kind the panel does not know, duration, start relative to the first
 * event), then the final answer, usage, errors and the fields beside the trace. A row expands to its
 * arguments and output (pretty JSON when they are JSON), each with Copy. The call where the trial
 * went wrong is marked, expanded and scrolled to when the view opens. Search with next/previous
 * (Enter, Shift+Enter) moves between rows that hold the text and expands them.
 *
 * <p>One virtualized list holds every row, so a 5,000-event transcript creates only the visible
 * cells; an expanded text shows at most {@value TranscriptRowNodes#SHOWN_CHARS} characters (Copy
 * takes all of it).
 *
 * <p>This class holds the rows and the reading state; the rows' nodes are made by
 * {@link TranscriptRowNodes}, the sections after the events by {@link TranscriptSections}, the search
 * is {@link TranscriptRowSearch} and the failing call's mark and placement {@link TranscriptFailingCall}.
 *
 * <p>A long trace is shown while it is read ({@link #whileReading}): its first events at once, the
 * next ones appended in batches, a last row saying the rest is being read, and the search off until
 * {@link #finish} (it would miss what is not read yet). Its failing call is marked when it is read,
 * and expanded and scrolled to unless the user has already scrolled, clicked or typed in the list.
 */
public final class TranscriptView extends BorderPane {
    /** A row of the transcript list. */
    public sealed interface Row permits PromptRow, EventRow, SectionRow {}

    public record PromptRow(String prompt, String note) implements Row {}

    public record EventRow(TranscriptEvent event) implements Row {}

    /** A section after the events ({@link TranscriptSections}), or the "reading" row while the trace is read. */
    public record SectionRow(TranscriptSections.Section section) implements Row {
        /** The section's name ({@code final}, {@code usage}, {@code errors}, {@code reading}…). */
        public String id() {
            return section.id();
        }
    }

    private Transcript transcript;
    private final ListView<Row> list = new ListView<>();
    private final Label summary = new Label();
    private final HBox bar = new HBox(6);
    private final VBox top = new VBox(6);
    private final Set<Integer> expanded = new HashSet<>();
    private final TranscriptRowNodes nodes;
    private final TranscriptRowSearch search;
    private final TranscriptFailingCall failing;
    /** The events shown: every one once the read has ended. */
    private int shownEvents;
    /** True while the rest of the trace is read ({@link #reading(Transcript)}), until {@link #finish(Transcript)}. */
    private boolean reading;

    /**
     * @param t the transcript, as {@link dev.mstpanel.core.results.transcript.TranscriptReader} read it (off the FX thread)
     */
    public TranscriptView(Transcript t) {
        this(t, false);
    }

    /**
     * A transcript whose trace is still read: the prompt and the events so far, with a "reading" row
     * after them and the search off until {@link #finish(Transcript)}; {@link #reading(Transcript)}
     * adds the events read since. The failing call is marked (and, unless the user has moved in the
     * list, expanded and scrolled to) when it is read.
     *
     * @param soFar the prompt and the first events ({@link dev.mstpanel.core.results.transcript.TranscriptReader.Progress#first})
     */
    public static TranscriptView whileReading(Transcript soFar) {
        return new TranscriptView(soFar, true);
    }

    private TranscriptView(Transcript t, boolean partial) {
        this.transcript = t;
        this.reading = partial;
        getStyleClass().add("transcript-view");
        getStylesheets().add(TranscriptView.class.getResource("transcript.css").toExternalForm());
        setId("transcript");
        nodes = new TranscriptRowNodes(t.redacted());
        nodes.firstStart(TranscriptFormat.firstStart(t.events()));
        List<Row> rows = new ArrayList<>(partial ? 5_008 : t.events().size() + 8);
        rows.add(new PromptRow(t.prompt(), t.promptNote()));
        for (TranscriptEvent e : t.events()) {
            rows.add(new EventRow(e));
        }
        shownEvents = t.events().size();
        if (partial) {
            rows.add(readingRow());
        } else {
            rows.addAll(sections(t));
        }

        list.setId("transcript-rows");
        list.getStyleClass().add("transcript-list");
        list.setItems(FXCollections.observableArrayList(rows));
        list.setCellFactory(lv -> new RowCell());
        list.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.SPACE || e.getCode() == KeyCode.ENTER) {
                int i = list.getSelectionModel().getSelectedIndex();
                if (i >= 0) {
                    toggle(i);
                    e.consume();
                }
            }
        });
        search = new TranscriptRowSearch(
                this::text,
                () -> list.getItems().size(),
                () -> list.getSelectionModel().getSelectedIndex(),
                this::reveal,
                list::refresh);
        // what the user does in the list from now on: a failing call read after it does not take the list away from
        // them
        failing = new TranscriptFailingCall(
                list,
                expanded,
                bar,
                this::reveal,
                row -> row > 0
                                && row < list.getItems().size()
                                && list.getItems().get(row) instanceof EventRow er
                                && er.event().output() != null
                        ? "transcript-output-" + er.event().index()
                        : null);

        top.setPadding(new Insets(8, 10, 6, 10));
        top.getChildren().add(searchBar(t));
        if (t.redacted()) {
            top.getChildren()
                    .add(TranscriptRowNodes.banner(Transcript.REDACTED_NOTICE, "transcript-redacted", Feather.EYE_OFF));
        }
        if (!partial) {
            for (String p : t.problems()) {
                top.getChildren().add(TranscriptRowNodes.banner(p, "transcript-problem", Feather.ALERT_TRIANGLE));
            }
        }
        setTop(top);
        setCenter(list);
        if (t.failingIndex() >= 0) {
            failing.mark(1 + t.failingIndex());
        }
    }

    /** The row at the end while the trace is read. */
    private SectionRow readingRow() {
        return new SectionRow(TranscriptSections.reading(shownEvents));
    }

    /** The rows after the events: final answer, usage, errors, start-up, skills, evidence, more fields. */
    private static List<Row> sections(Transcript t) {
        List<Row> rows = new ArrayList<>(8);
        for (TranscriptSections.Section s : TranscriptSections.of(t)) {
            rows.add(new SectionRow(s));
        }
        return rows;
    }

    /**
     * Adds the events read since the last call (one change of the list for all of them).
     *
     * @param soFar the prompt and every event read so far
     */
    public void reading(Transcript soFar) {
        if (!reading || soFar.events().size() <= shownEvents) {
            return;
        }
        List<Row> more = new ArrayList<>(soFar.events().size() - shownEvents);
        for (TranscriptEvent e :
                soFar.events().subList(shownEvents, soFar.events().size())) {
            more.add(new EventRow(e));
        }
        shownEvents = soFar.events().size();
        transcript = soFar;
        List<Row> items = list.getItems();
        items.remove(items.size() - 1);
        more.add(readingRow());
        items.addAll(more);
        updateSummary(soFar);
        if (nodes.firstStart() < 0) {
            nodes.firstStart(TranscriptFormat.firstStart(soFar.events()));
        }
        if (failing.row() < 0 && soFar.failingIndex() >= 0) {
            failing.mark(1 + soFar.failingIndex());
        }
    }

    /**
     * The read has ended: the events not shown yet, then the final answer, usage, errors and the
     * fields beside the trace; the problems; the failing call (a timeout's is known only now); the
     * search on.
     *
     * @param t the whole transcript, of the same trial
     */
    public void finish(Transcript t) {
        if (!reading) {
            return;
        }
        reading = false;
        transcript = t;
        List<Row> more = new ArrayList<>(t.events().size() - shownEvents + 8);
        for (TranscriptEvent e : t.events()
                .subList(Math.min(shownEvents, t.events().size()), t.events().size())) {
            more.add(new EventRow(e));
        }
        shownEvents = t.events().size();
        more.addAll(sections(t));
        List<Row> items = list.getItems();
        items.remove(items.size() - 1);
        items.addAll(more);
        if (nodes.firstStart() < 0) {
            nodes.firstStart(TranscriptFormat.firstStart(t.events()));
        }
        int i = 1;
        for (String p : t.problems()) {
            top.getChildren()
                    .add(
                            i++ + (t.redacted() ? 1 : 0),
                            TranscriptRowNodes.banner(p, "transcript-problem", Feather.ALERT_TRIANGLE));
        }
        search.enable(true);
        updateSummary(t);
        failing.settle(t.failingIndex() < 0 ? -1 : 1 + t.failingIndex());
        list.refresh();
    }

    /** True when this view shows that trial (the same run and key). */
    public boolean shows(dev.mstpanel.core.results.model.TrialRecord trial) {
        var mine = transcript.trial();
        return java.util.Objects.equals(mine.runDir(), trial.runDir())
                && mine.key().equals(trial.key());
    }

    /** True while the rest of the trace is read. */
    public boolean isReading() {
        return reading;
    }

    private void updateSummary(Transcript t) {
        int calls = t.toolCalls();
        int errors = t.toolErrors();
        summary.setText(String.format(
                Locale.ROOT,
                "%,d event%s%s · %,d call%s%s",
                t.events().size(),
                t.events().size() == 1 ? "" : "s",
                reading ? " so far" : "",
                calls,
                calls == 1 ? "" : "s",
                errors == 0 ? "" : String.format(Locale.ROOT, " · %,d failed", errors)));
    }

    /** The bar above the rows: the search, its count, the summary and (once marked) the failing call's button. */
    private Node searchBar(Transcript t) {
        updateSummary(t);
        summary.setId("transcript-summary");
        summary.getStyleClass().addAll("text-muted", "text-small");
        summary.setMinWidth(Region.USE_PREF_SIZE);
        bar.getChildren().setAll(search.controls());
        bar.getChildren().add(summary);
        if (reading) {
            // the search would miss what is not read yet: it starts when the whole trace is read
            search.enable(false);
        }
        bar.setAlignment(Pos.CENTER_LEFT);
        return bar;
    }

    /** The row index of the failing call, or -1 (tests). */
    public int failingRow() {
        return failing.row();
    }

    /** True when a row is expanded (tests). */
    public boolean isExpanded(int row) {
        return expanded.contains(row);
    }

    public ListView<Row> rows() {
        return list;
    }

    private void toggle(int row) {
        if (!expanded.remove(row)) {
            expanded.add(row);
        }
        // a changed height needs the cell laid out again; refresh() rebuilds only the visible cells
        list.refresh();
    }

    /**
     * Opens the row of an event (its index in the trace): selected, expanded and scrolled into view; false when no
     * row shows it (the transcript still being read, say).
     */
    public boolean openEvent(int eventIndex) {
        List<Row> items = list.getItems();
        for (int row = 0; row < items.size(); row++) {
            if (items.get(row) instanceof EventRow er && er.event().index() == eventIndex) {
                reveal(row);
                list.requestFocus();
                return true;
            }
        }
        return false;
    }

    private void reveal(int row) {
        expanded.add(row);
        list.getSelectionModel().select(row);
        list.scrollTo(Math.max(0, row - 1));
        list.refresh();
    }

    /** A row's searchable text: every field of an event, the prompt, a section's title and body. */
    private String text(int row) {
        Row r = list.getItems().get(row);
        StringBuilder sb = new StringBuilder();
        if (r instanceof EventRow er) {
            TranscriptEvent e = er.event();
            for (String s :
                    new String[] {e.kind(), e.source(), e.server(), e.name(), e.rawName(), e.output(), e.startedAt()}) {
                if (s != null) {
                    sb.append(s).append('\n');
                }
            }
            if (e.arguments() != null) {
                sb.append(e.arguments().toString()).append('\n');
            }
            e.resultNames().forEach(n -> sb.append(n).append('\n'));
            e.extra()
                    .forEach((k, v) ->
                            sb.append(k).append(' ').append(v.toString()).append('\n'));
        } else if (r instanceof PromptRow p) {
            sb.append(p.prompt() == null ? "" : p.prompt());
        } else if (r instanceof SectionRow s) {
            sb.append(s.section().title()).append('\n').append(s.section().body());
        }
        return sb.toString();
    }

    private final class RowCell extends ListCell<Row> {
        private TranscriptRowNodes.EventHead head;

        RowCell() {
            getStyleClass().add("transcript-cell");
            setPrefWidth(0); // as wide as the list: text wraps, no horizontal scroll bar
            setOnMouseClicked(e -> {
                if (getItem() instanceof EventRow
                        && e.getClickCount() == 1
                        && !(e.getTarget() instanceof Button)
                        && !(e.getTarget() instanceof javafx.scene.text.Text t && t.getParent() instanceof Button)) {
                    // only a click on the row's head toggles: text in an expanded body can be read and clicked
                    Node n = e.getPickResult().getIntersectedNode();
                    while (n != null && n != this) {
                        if (n.getStyleClass().contains("transcript-event-head")) {
                            toggle(getIndex());
                            return;
                        }
                        n = n.getParent();
                    }
                }
            });
        }

        @Override
        protected void updateItem(Row r, boolean empty) {
            super.updateItem(r, empty);
            getStyleClass().removeAll("transcript-failing", "transcript-hit", "transcript-current");
            setText(null);
            if (empty || r == null) {
                setGraphic(null);
                return;
            }
            int i = getIndex();
            if (i == failing.row()) {
                getStyleClass().add("transcript-failing");
            }
            String hit = search.styleOf(i);
            if (hit != null) {
                getStyleClass().add(hit);
            }
            if (r instanceof PromptRow p) {
                setGraphic(nodes.prompt(p.prompt(), p.note()));
            } else if (r instanceof EventRow er) {
                // a collapsed row (nearly all of them) reuses the cell's nodes: no new nodes to style as the list
                // scrolls
                setGraphic(expanded.contains(i) ? nodes.expandedEvent(er.event()) : head().show(er.event()));
            } else if (r instanceof SectionRow s) {
                setGraphic(nodes.section(s.section()));
            }
        }

        private TranscriptRowNodes.EventHead head() {
            if (head == null) {
                head = nodes.eventHead();
            }
            return head;
        }
    }
}
