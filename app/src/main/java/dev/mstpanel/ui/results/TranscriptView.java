package dev.mstpanel.ui.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.core.docker.ByteSize;
import dev.mstpanel.core.results.Transcript;
import dev.mstpanel.core.results.TranscriptEvent;
import dev.mstpanel.core.results.TranscriptFormat;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * A trial's transcript (contract, section 8): the prompt, then one row per event (kind icon,
 * {@code server · tool}, the model's name when it differs, badges for a failed call, a simulated
 * write, a built-in tool and a kind the panel does not know, duration, start relative to the first
 * event), then the final answer, usage, errors and the fields beside the trace. A row expands to its
 * arguments and output (pretty JSON when they are JSON), each with Copy. The call where the trial
 * went wrong is marked, expanded and scrolled to when the view opens. Search with next/previous
 * (Enter, Shift+Enter) moves between rows that hold the text and expands them.
 *
 * <p>One virtualized list holds every row, so a 5,000-event transcript creates only the visible
 * cells; an expanded text shows at most {@value #SHOWN_CHARS} characters (Copy takes all of it).
 *
 * <p>A long trace is shown while it is read ({@link #whileReading}): its first events at once, the
 * next ones appended in batches, a last row saying the rest is being read, and the search off until
 * {@link #finish} (it would miss what is not read yet). Its failing call is marked when it is read,
 * and expanded and scrolled to unless the user has already scrolled, clicked or typed in the list.
 */
public final class TranscriptView extends BorderPane {
    /** The most characters one expanded text shows; Copy takes the whole text. */
    static final int SHOWN_CHARS = 20_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A row of the transcript list. */
    sealed interface Row permits PromptRow, EventRow, SectionRow {}

    record PromptRow(String prompt, String note) implements Row {}

    record EventRow(TranscriptEvent event) implements Row {}

    /**
     * A section after the events.
     *
     * @param style a style class ({@code section-error}, {@code section-final}…)
     */
    record SectionRow(String id, String title, Ikon icon, String body, boolean monospace, String style) implements Row {}

    private Transcript transcript;
    private final ListView<Row> list = new ListView<>();
    private final TextField search = new TextField();
    private final Label count = new Label();
    private final Label summary = new Label();
    private final HBox bar = new HBox(6);
    private final VBox top = new VBox(6);
    private final Set<Integer> expanded = new HashSet<>();
    private final Map<Integer, String> searchText = new HashMap<>();
    private final Map<String, String> pretty = new HashMap<>();
    private long firstStart;
    private int failingRow = -1;
    /** The events shown: every one once the read has ended. */
    private int shownEvents;
    /** True while the rest of the trace is read ({@link #reading(Transcript)}), until {@link #finish(Transcript)}. */
    private boolean reading;
    /** True once the user has scrolled, clicked or typed in the list: a failing call read later does not move it. */
    private boolean userMoved;
    private List<Integer> hits = List.of();
    private Set<Integer> hitRows = Set.of();
    private int current = -1;

    /**
     * @param t the transcript, as {@link dev.mstpanel.core.results.TranscriptReader} read it (off the FX thread)
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
     * @param soFar the prompt and the first events ({@link dev.mstpanel.core.results.TranscriptReader.Progress#first})
     */
    static TranscriptView whileReading(Transcript soFar) {
        return new TranscriptView(soFar, true);
    }

    private TranscriptView(Transcript t, boolean partial) {
        this.transcript = t;
        this.reading = partial;
        getStyleClass().add("transcript-view");
        getStylesheets().add(TranscriptView.class.getResource("transcript.css").toExternalForm());
        setId("transcript");
        firstStart = TranscriptFormat.firstStart(t.events());
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
        // what the user does in the list: a failing call read after it does not take the list away from them
        list.addEventFilter(javafx.scene.input.ScrollEvent.SCROLL, e -> userMoved = true);
        list.addEventFilter(javafx.scene.input.MouseEvent.MOUSE_PRESSED, e -> userMoved = true);
        list.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> userMoved = true);

        top.setPadding(new Insets(8, 10, 6, 10));
        top.getChildren().add(searchBar(t));
        if (t.redacted()) {
            top.getChildren().add(banner(Transcript.REDACTED_NOTICE, "transcript-redacted", Feather.EYE_OFF));
        }
        if (!partial) {
            for (String p : t.problems()) {
                top.getChildren().add(banner(p, "transcript-problem", Feather.ALERT_TRIANGLE));
            }
        }
        setTop(top);
        setCenter(list);
        if (t.failingIndex() >= 0) {
            markFailing(1 + t.failingIndex());
        }
    }

    /** The row at the end while the trace is read. */
    private SectionRow readingRow() {
        return new SectionRow("reading", "Reading the transcript…", Feather.LOADER,
                String.format(Locale.ROOT, "%,d events read so far; the final answer, usage and errors follow when the whole trace is read.",
                        shownEvents), false, "section-muted");
    }

    /**
     * Adds the events read since the last call (one change of the list for all of them).
     *
     * @param soFar the prompt and every event read so far
     */
    void reading(Transcript soFar) {
        if (!reading || soFar.events().size() <= shownEvents) {
            return;
        }
        List<Row> more = new ArrayList<>(soFar.events().size() - shownEvents);
        for (TranscriptEvent e : soFar.events().subList(shownEvents, soFar.events().size())) {
            more.add(new EventRow(e));
        }
        shownEvents = soFar.events().size();
        transcript = soFar;
        List<Row> items = list.getItems();
        items.remove(items.size() - 1);
        more.add(readingRow());
        items.addAll(more);
        updateSummary(soFar);
        if (firstStart < 0) {
            firstStart = TranscriptFormat.firstStart(soFar.events());
        }
        if (failingRow < 0 && soFar.failingIndex() >= 0) {
            markFailing(1 + soFar.failingIndex());
        }
    }

    /**
     * The read has ended: the events not shown yet, then the final answer, usage, errors and the
     * fields beside the trace; the problems; the failing call (a timeout's is known only now); the
     * search on.
     *
     * @param t the whole transcript, of the same trial
     */
    void finish(Transcript t) {
        if (!reading) {
            return;
        }
        reading = false;
        transcript = t;
        List<Row> more = new ArrayList<>(t.events().size() - shownEvents + 8);
        for (TranscriptEvent e : t.events().subList(Math.min(shownEvents, t.events().size()), t.events().size())) {
            more.add(new EventRow(e));
        }
        shownEvents = t.events().size();
        more.addAll(sections(t));
        List<Row> items = list.getItems();
        items.remove(items.size() - 1);
        items.addAll(more);
        searchText.clear();
        if (firstStart < 0) {
            firstStart = TranscriptFormat.firstStart(t.events());
        }
        int i = 1;
        for (String p : t.problems()) {
            top.getChildren().add(i++ + (t.redacted() ? 1 : 0), banner(p, "transcript-problem", Feather.ALERT_TRIANGLE));
        }
        search.setDisable(false);
        search.setPromptText("Search the transcript…");
        updateSummary(t);
        int want = t.failingIndex() < 0 ? -1 : 1 + t.failingIndex();
        if (want != failingRow) {
            if (failingRow >= 0) {
                expanded.remove(failingRow);
            }
            failingRow = -1;
            if (want >= 0) {
                markFailing(want);
            }
        }
        list.refresh();
    }

    /** True when this view shows that trial (the same run and key). */
    boolean shows(dev.mstpanel.core.results.TrialRecord trial) {
        var mine = transcript.trial();
        return java.util.Objects.equals(mine.runDir(), trial.runDir()) && mine.key().equals(trial.key());
    }

    /** True while the rest of the trace is read. */
    boolean isReading() {
        return reading;
    }

    /** Marks the row where the trial went wrong; expands, selects and scrolls to it unless the user has moved in the list. */
    private void markFailing(int row) {
        failingRow = row;
        if (bar.lookup("#transcript-failing") == null) {
            Button failing = new Button(null, new FontIcon(Feather.CROSSHAIR));
            failing.getStyleClass().addAll("small", "danger");
            failing.setId("transcript-failing");
            failing.setTooltip(new Tooltip("Go to the call where the trial went wrong"));
            failing.setMinWidth(Region.USE_PREF_SIZE);
            failing.setOnAction(e -> reveal(failingRow));
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
        javafx.application.Platform.runLater(() -> {
            if (!userMoved && failingRow == row) {
                list.scrollTo(Math.max(0, row - 2));
            }
        });
    }

    private void updateSummary(Transcript t) {
        int calls = t.toolCalls();
        int errors = t.toolErrors();
        summary.setText(String.format(Locale.ROOT, "%,d event%s%s · %,d call%s%s", t.events().size(), t.events().size() == 1 ? "" : "s",
                reading ? " so far" : "", calls, calls == 1 ? "" : "s", errors == 0 ? "" : String.format(Locale.ROOT, " · %,d failed", errors)));
    }

    /** The rows after the events: final answer, usage, errors, start-up, skills, evidence, more fields. */
    private static List<Row> sections(Transcript t) {
        List<Row> rows = new ArrayList<>(8);
        if (t.finalText() != null) {
            rows.add(new SectionRow("final", "Final answer", Feather.MESSAGE_SQUARE, t.finalText(), false, "section-final"));
        } else if (t.redacted()) {
            rows.add(new SectionRow("final", "Final answer", Feather.MESSAGE_SQUARE, "Not kept: this run stored redacted transcripts.", false, "section-muted"));
        } else {
            rows.add(new SectionRow("final", "Final answer", Feather.MESSAGE_SQUARE, "The agent gave no final answer.", false, "section-muted"));
        }
        if (t.usage() != null || t.clientUsage() != null) {
            StringBuilder u = new StringBuilder();
            if (t.usage() != null) {
                u.append("Trace: ").append(TranscriptFormat.usage(t.usage()));
            }
            if (t.clientUsage() != null) {
                u.append(u.length() == 0 ? "" : "\n").append("Client: ").append(TranscriptFormat.usage(t.clientUsage()));
            }
            rows.add(new SectionRow("usage", "Usage", Feather.ACTIVITY, u.toString(), false, "section-plain"));
        }
        List<String> errors = new ArrayList<>();
        if (t.trial().error() != null) {
            errors.add(t.trial().error());
        }
        if (t.traceError() != null && !t.traceError().equals(t.trial().error())) {
            errors.add("Trace error: " + t.traceError());
        }
        if (t.trial().gradingError() != null) {
            errors.add("Grading error: " + t.trial().gradingError());
        }
        if (!errors.isEmpty()) {
            rows.add(new SectionRow("errors", "Errors", Feather.ALERT_OCTAGON, String.join("\n", errors), true, "section-error"));
        }
        if (t.claudeStartup() != null) {
            rows.add(new SectionRow("startup", "Claude's start-up", Feather.POWER, startup(t.claudeStartup()), false, "section-plain"));
        }
        if (t.skillLoads() != null && t.skillLoads().size() > 0) {
            rows.add(new SectionRow("skills", "Skills loaded", Feather.BOOK_OPEN, skills(t.skillLoads()), false, "section-plain"));
        }
        List<String> evidence = new ArrayList<>();
        if (t.evidence() != null) {
            evidence.add("trace: " + t.evidence());
        }
        if (t.traceEvidence() != null) {
            evidence.add("trial: " + t.traceEvidence());
        }
        if (!evidence.isEmpty()) {
            rows.add(new SectionRow("evidence", "Evidence (how much of the client's activity MST could see)", Feather.EYE,
                    String.join(" · ", evidence), false, "section-plain"));
        }
        if (!t.extra().isEmpty()) {
            var more = JSON.createObjectNode();
            t.extra().forEach(more::set);
            rows.add(new SectionRow("extra", "More fields (not known to the panel, shown as written)", Feather.CODE, more.toPrettyString(), true, "section-plain"));
        }
        return rows;
    }

    private Node searchBar(Transcript t) {
        search.setId("transcript-search");
        search.setPromptText("Search the transcript…");
        search.textProperty().addListener((o, a, b) -> runSearch());
        search.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                step(e.isShiftDown() ? -1 : 1);
                e.consume();
            } else if (e.getCode() == KeyCode.ESCAPE) {
                search.clear();
            }
        });
        HBox.setHgrow(search, Priority.ALWAYS);
        search.setMinWidth(150);
        Button prev = small(Feather.CHEVRON_UP, "Previous match (Shift+Enter)", "transcript-prev");
        prev.setOnAction(e -> step(-1));
        Button next = small(Feather.CHEVRON_DOWN, "Next match (Enter)", "transcript-next");
        next.setOnAction(e -> step(1));
        prev.disableProperty().bind(search.disableProperty());
        next.disableProperty().bind(search.disableProperty());
        count.setId("transcript-count");
        count.getStyleClass().add("text-muted");
        count.setMinWidth(Region.USE_PREF_SIZE);
        updateSummary(t);
        summary.setId("transcript-summary");
        summary.getStyleClass().addAll("text-muted", "text-small");
        summary.setMinWidth(Region.USE_PREF_SIZE);
        bar.getChildren().setAll(search, prev, next, count, summary);
        if (reading) {
            // the search would miss what is not read yet: it starts when the whole trace is read
            search.setDisable(true);
            search.setPromptText("Search when the transcript is read…");
        }
        bar.setAlignment(Pos.CENTER_LEFT);
        return bar;
    }

    private static Button small(Ikon icon, String tip, String id) {
        Button b = new Button(null, new FontIcon(icon));
        b.getStyleClass().add("small");
        b.setTooltip(new Tooltip(tip));
        b.setId(id);
        return b;
    }

    private static Label banner(String text, String id, Ikon icon) {
        Label l = new Label(text, new FontIcon(icon));
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        l.getStyleClass().add("banner-warning");
        l.setId(id);
        l.setMaxWidth(Double.MAX_VALUE);
        return l;
    }

    /** The row index of the failing call, or -1 (tests). */
    int failingRow() {
        return failingRow;
    }

    /** True when a row is expanded (tests). */
    boolean isExpanded(int row) {
        return expanded.contains(row);
    }

    ListView<Row> rows() {
        return list;
    }

    private void toggle(int row) {
        if (!expanded.remove(row)) {
            expanded.add(row);
        }
        refreshRow(row);
    }

    private void refreshRow(int row) {
        // a changed height needs the cell laid out again; refresh() rebuilds only the visible cells
        list.refresh();
    }

    private void reveal(int row) {
        expanded.add(row);
        list.getSelectionModel().select(row);
        list.scrollTo(Math.max(0, row - 1));
        list.refresh();
    }

    private void runSearch() {
        String q = search.getText() == null ? "" : search.getText().strip().toLowerCase(Locale.ROOT);
        if (q.isEmpty()) {
            hits = List.of();
            hitRows = Set.of();
            current = -1;
            count.setText("");
            list.refresh();
            return;
        }
        List<Integer> found = new ArrayList<>();
        for (int i = 0; i < list.getItems().size(); i++) {
            if (text(i).contains(q)) {
                found.add(i);
            }
        }
        hits = found;
        hitRows = new HashSet<>(found);
        current = -1;
        if (found.isEmpty()) {
            count.setText("no match");
            list.refresh();
            return;
        }
        // the first match at or after the selected row, so typing does not jump back to the top
        int sel = Math.max(0, list.getSelectionModel().getSelectedIndex());
        int start = 0;
        for (int k = 0; k < found.size(); k++) {
            if (found.get(k) >= sel) {
                start = k;
                break;
            }
        }
        go(start);
    }

    private void step(int delta) {
        if (hits.isEmpty()) {
            return;
        }
        go(Math.floorMod(current + delta, hits.size()));
    }

    private void go(int k) {
        current = k;
        count.setText((k + 1) + " of " + hits.size());
        reveal(hits.get(k));
    }

    /** A row's searchable text, lower case, made once. */
    private String text(int row) {
        return searchText.computeIfAbsent(row, i -> {
            Row r = list.getItems().get(i);
            StringBuilder sb = new StringBuilder();
            if (r instanceof EventRow er) {
                TranscriptEvent e = er.event();
                for (String s : new String[] {e.kind(), e.source(), e.server(), e.name(), e.rawName(), e.output(), e.startedAt()}) {
                    if (s != null) {
                        sb.append(s).append('\n');
                    }
                }
                if (e.arguments() != null) {
                    sb.append(e.arguments().toString()).append('\n');
                }
                e.resultNames().forEach(n -> sb.append(n).append('\n'));
                e.extra().forEach((k, v) -> sb.append(k).append(' ').append(v.toString()).append('\n'));
            } else if (r instanceof PromptRow p) {
                sb.append(p.prompt() == null ? "" : p.prompt());
            } else if (r instanceof SectionRow s) {
                sb.append(s.title()).append('\n').append(s.body());
            }
            return sb.toString().toLowerCase(Locale.ROOT);
        });
    }

    private String prettyOrSelf(String text) {
        if (text == null) {
            return null;
        }
        String s = text.strip();
        if (s.length() > 2 * 1024 * 1024 || !(s.startsWith("{") && s.endsWith("}") || s.startsWith("[") && s.endsWith("]"))) {
            return text;
        }
        return pretty.computeIfAbsent(text, x -> {
            try {
                return JSON.readTree(x).toPrettyString();
            } catch (Exception e) {
                return x; // text that only looks like JSON
            }
        });
    }

    private static String startup(JsonNode s) {
        StringBuilder sb = new StringBuilder();
        List<String> head = new ArrayList<>();
        for (String f : new String[] {"status", "model", "version"}) {
            if (s.path(f).isValueNode()) {
                head.add(f + " " + s.path(f).asText());
            }
        }
        if (s.path("elapsedMs").isNumber()) {
            head.add("ready in " + TranscriptFormat.duration(s.path("elapsedMs").asLong()));
        }
        sb.append(String.join(" · ", head));
        for (JsonNode srv : s.path("servers")) {
            sb.append("\n").append(srv.path("name").asText("?")).append(": ").append(srv.path("status").asText("?"));
            if (srv.path("tools").isArray()) {
                List<String> tools = new ArrayList<>();
                srv.path("tools").forEach(x -> tools.add(x.isTextual() ? x.asText() : x.path("name").asText(x.toString())));
                sb.append(" (").append(tools.size()).append(tools.size() == 1 ? " tool: " : " tools: ").append(String.join(", ", tools)).append(')');
            }
        }
        return sb.toString();
    }

    private static String skills(JsonNode loads) {
        List<String> out = new ArrayList<>();
        for (JsonNode l : loads) {
            String line = l.path("name").asText("?");
            if (l.path("server").isTextual()) {
                line += " from " + l.path("server").asText();
            }
            if (l.path("via").isTextual()) {
                line += " via " + l.path("via").asText();
            }
            if (l.path("verified").isBoolean()) {
                line += l.path("verified").asBoolean() ? " (verified)" : " (not verified)";
            }
            out.add(line);
        }
        return String.join("\n", out);
    }

    private static Ikon icon(String kind) {
        if (kind == null) {
            return Feather.HELP_CIRCLE;
        }
        return switch (kind) {
            case "tool_call" -> Feather.TOOL;
            case "skill" -> Feather.BOOK_OPEN;
            case "command" -> Feather.TERMINAL;
            case "subagent" -> Feather.USERS;
            case "tool_search" -> Feather.SEARCH;
            default -> Feather.HELP_CIRCLE;
        };
    }

    private static Label pill(String text, String style) {
        Label l = new Label(text);
        l.getStyleClass().addAll("pill", style);
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    private static Node block(String title, String full, boolean mono, String id) {
        Label head = new Label(title);
        head.getStyleClass().add("transcript-block-title");
        Button copy = new Button("Copy", new FontIcon(Feather.COPY));
        copy.getStyleClass().addAll("small", "flat");
        copy.setId(id + "-copy");
        copy.setOnAction(e -> {
            ClipboardContent c = new ClipboardContent();
            c.putString(full);
            Clipboard.getSystemClipboard().setContent(c);
            copy.setText("Copied");
        });
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox bar = new HBox(6, head, grow, copy);
        bar.setAlignment(Pos.CENTER_LEFT);
        String shown = full.length() > SHOWN_CHARS
                ? full.substring(0, SHOWN_CHARS) + "\n… " + String.format(Locale.ROOT, "%,d", full.length() - SHOWN_CHARS) + " more characters: Copy takes all of it."
                : full;
        Label body = new Label(shown);
        body.setWrapText(true);
        body.setMinHeight(Region.USE_PREF_SIZE);
        body.getStyleClass().add(mono ? "transcript-code" : "transcript-text");
        body.setId(id);
        body.setMaxWidth(Double.MAX_VALUE);
        VBox box = new VBox(2, bar, body);
        box.getStyleClass().add("transcript-block");
        return box;
    }

    private final class RowCell extends ListCell<Row> {
        RowCell() {
            getStyleClass().add("transcript-cell");
            setPrefWidth(0); // as wide as the list: text wraps, no horizontal scroll bar
            setOnMouseClicked(e -> {
                if (getItem() instanceof EventRow && e.getClickCount() == 1 && !(e.getTarget() instanceof Button)
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
            if (i == failingRow) {
                getStyleClass().add("transcript-failing");
            }
            if (hitRows.contains(i)) {
                getStyleClass().add(current >= 0 && hits.get(current) == i ? "transcript-current" : "transcript-hit");
            }
            if (r instanceof PromptRow p) {
                setGraphic(promptNode(p));
            } else if (r instanceof EventRow er) {
                // a collapsed row (nearly all of them) reuses the cell's nodes: no new nodes to style as the list scrolls
                setGraphic(expanded.contains(i) ? eventNode(er.event()) : collapsed().show(er.event()));
            } else if (r instanceof SectionRow s) {
                setGraphic(sectionNode(s));
            }
        }

        private CollapsedEvent collapsedEvent;

        private CollapsedEvent collapsed() {
            if (collapsedEvent == null) {
                collapsedEvent = new CollapsedEvent();
            }
            return collapsedEvent;
        }

        /** A collapsed event row's nodes, made once per cell and filled for each event it shows. */
        private final class CollapsedEvent {
            private final FontIcon chevron = new FontIcon(Feather.CHEVRON_RIGHT);
            private final Label num = new Label();
            private final FontIcon icon = new FontIcon(Feather.TOOL);
            private final Label title = new Label();
            private final HBox badges = new HBox(4);
            private final Label time = new Label();
            private final Label kind = pill("", "pill-muted");
            private final Label unknown = pill("", "pill-accent");
            private final Label error = pill("error", "pill-danger");
            private final Label simulated = pill("simulated write", "pill-warning");
            private final Label builtin = pill("built-in", "pill-muted");
            private final Label as = new Label();
            private final Label preview = new Label();
            private final VBox box;

            CollapsedEvent() {
                icon.getStyleClass().add("transcript-kind-icon");
                num.getStyleClass().add("transcript-index");
                num.setMinWidth(Region.USE_PREF_SIZE);
                title.getStyleClass().add("transcript-title");
                title.setMinWidth(Region.USE_PREF_SIZE); // the badges wrap, the tool's name stays whole
                // one line of badges (a FlowPane would wrap past the cell's measured height)
                badges.setAlignment(Pos.CENTER_LEFT);
                badges.setMinWidth(0);
                unknown.setTooltip(new Tooltip("A kind the panel does not know: every field is shown as written under More fields."));
                unknown.setMinWidth(0);
                simulated.setTooltip(new Tooltip("MST's dry-run proxy invented this output: the write never reached the server."));
                Region grow = new Region();
                HBox.setHgrow(grow, Priority.ALWAYS);
                time.getStyleClass().addAll("text-muted", "text-small", "transcript-time");
                time.setMinWidth(Region.USE_PREF_SIZE);
                chevron.getStyleClass().add("transcript-chevron");
                HBox head = new HBox(8, chevron, num, icon, title, badges, grow, time);
                HBox.setHgrow(badges, Priority.SOMETIMES);
                javafx.scene.shape.Rectangle clip = new javafx.scene.shape.Rectangle();
                clip.widthProperty().bind(badges.widthProperty());
                clip.heightProperty().bind(badges.heightProperty());
                badges.setClip(clip);
                head.setAlignment(Pos.CENTER_LEFT);
                head.getStyleClass().add("transcript-event-head");
                as.getStyleClass().addAll("text-muted", "text-small", "monospace");
                as.setPadding(new Insets(0, 0, 0, 66));
                preview.getStyleClass().addAll("transcript-preview", "text-muted");
                preview.setMaxWidth(Double.MAX_VALUE);
                preview.setPadding(new Insets(0, 0, 0, 66));
                for (Label l : List.of(as, preview)) {
                    l.managedProperty().bind(l.visibleProperty());
                }
                box = new VBox(2, head, as, preview);
                box.getStyleClass().add("transcript-event");
            }

            /** A collapsed event's rows: its head, the name it was called as, and a preview of its output. */
            Node show(TranscriptEvent e) {
                icon.setIconCode(icon(e.kind()));
                num.setText(String.valueOf(e.index() + 1));
                title.setText(e.title());
                List<Node> b = new ArrayList<>(4);
                if (!e.knownKind()) {
                    unknown.setText((e.kind() == null ? "no kind" : e.kind()) + " · unknown kind");
                    b.add(unknown);
                } else if (!"tool_call".equals(e.kind())) {
                    kind.setText(e.kind().replace('_', ' '));
                    b.add(kind);
                }
                if (e.failed()) {
                    b.add(error);
                }
                if (e.simulated()) {
                    b.add(simulated);
                }
                if (e.builtin()) {
                    b.add(builtin);
                }
                if (!badges.getChildren().equals(b)) {
                    badges.getChildren().setAll(b);
                }
                time.setText(times(e));
                as.setVisible(e.renamed());
                as.setText(e.renamed() ? "called as " + e.rawName() : "");
                as.setId(e.renamed() ? "transcript-rawname-" + e.index() : null);
                String p = preview(e);
                preview.setVisible(!p.isEmpty());
                preview.setText(p);
                List<String> style = preview.getStyleClass();
                String want = e.failed() ? "transcript-preview-error" : "text-muted";
                String drop = e.failed() ? "text-muted" : "transcript-preview-error";
                if (style.contains(drop) || !style.contains(want)) {
                    style.remove(drop);
                    style.add(want);
                }
                return box;
            }

            /** The same head for an expanded event (a node set of its own, not the cell's), with its body below. */
            Node showExpanded(TranscriptEvent e, Node body) {
                show(e);
                chevron.setIconCode(Feather.CHEVRON_DOWN);
                preview.setVisible(false);
                box.getChildren().add(body);
                return box;
            }
        }

        private Node promptNode(PromptRow p) {
            Label head = new Label("Prompt", new FontIcon(Feather.USER));
            head.getStyleClass().add("transcript-section-title");
            Node body = p.prompt() != null ? block("What the agent was asked", p.prompt(), false, "transcript-prompt")
                    : muted(p.note() == null ? "The prompt is not known." : p.note());
            VBox box = new VBox(4, head, body);
            box.getStyleClass().addAll("transcript-section", "section-prompt");
            return box;
        }

        private Node sectionNode(SectionRow s) {
            Label head = new Label(s.title(), new FontIcon(s.icon()));
            head.getStyleClass().add("transcript-section-title");
            Label body = new Label(s.body().length() > SHOWN_CHARS ? s.body().substring(0, SHOWN_CHARS) + "…" : s.body());
            body.setWrapText(true);
            body.setMinHeight(Region.USE_PREF_SIZE);
            body.setMaxWidth(Double.MAX_VALUE);
            body.getStyleClass().add(s.monospace() ? "transcript-code" : "transcript-text");
            body.setId("transcript-" + s.id());
            VBox box = new VBox(4, head, body);
            box.getStyleClass().addAll("transcript-section", s.style());
            return box;
        }

        private Node muted(String text) {
            Label l = new Label(text);
            l.setWrapText(true);
            l.setMinHeight(Region.USE_PREF_SIZE);
            l.getStyleClass().addAll("text-muted");
            return l;
        }

        /** An expanded event: the collapsed row's head (chevron down, no preview), its arguments, output and facts below. */
        private Node eventNode(TranscriptEvent e) {
            VBox body = new VBox(6);
            body.setPadding(new Insets(2, 0, 4, 40));
            if (e.arguments() != null) {
                String args = e.arguments().isTextual() ? e.arguments().asText() : e.arguments().toPrettyString();
                body.getChildren().add(block("Arguments", args, true, "transcript-arguments-" + e.index()));
            }
            if (!e.resultNames().isEmpty()) {
                FlowPane found = new FlowPane(4, 4);
                for (String n : e.resultNames()) {
                    found.getChildren().add(pill(n, "pill-accent"));
                }
                Label head2 = new Label(e.resultNames().size() + (e.resultNames().size() == 1 ? " tool found" : " tools found"));
                head2.getStyleClass().add("transcript-block-title");
                body.getChildren().add(new VBox(3, head2, found));
            }
            if (e.output() != null) {
                String out = prettyOrSelf(e.output());
                String what = e.failed() ? "Error output" : e.simulated() ? "Output (invented by MST's dry-run proxy)" : "Output";
                if (e.outputCut()) {
                    what += " · first " + ByteSize.human(e.output().length()) + " of " + ByteSize.human(e.outputChars());
                }
                body.getChildren().add(block(what, out, !out.equals(e.output()) || out.startsWith("{") || out.startsWith("["),
                        "transcript-output-" + e.index()));
            } else if (transcript.redacted() && "tool_call".equals(e.kind())) {
                body.getChildren().add(muted("Output not kept (redacted run)."));
            }
            // the call's id is a known field shown with the facts; every other field the panel does not know is shown raw
            var more = JSON.createObjectNode();
            e.extra().forEach((k, v) -> {
                if (!(k.equals("id") && v.isValueNode())) {
                    more.set(k, v);
                }
            });
            if (!more.isEmpty()) {
                body.getChildren().add(block("More fields (not known to the panel, shown as written)", more.toPrettyString(), true,
                        "transcript-extra-" + e.index()));
            }
            List<String> facts = new ArrayList<>();
            if (e.extra().get("id") != null && e.extra().get("id").isValueNode()) {
                facts.add("id " + e.extra().get("id").asText());
            }
            if (e.source() != null) {
                facts.add("source " + e.source());
            }
            if (e.startedAt() != null) {
                facts.add("started " + e.startedAt());
            }
            if (e.completedAt() != null) {
                facts.add("completed " + e.completedAt());
            }
            if (e.isError() == null && "tool_call".equals(e.kind())) {
                facts.add("success not observed");
            }
            if (!facts.isEmpty()) {
                Label f = new Label(String.join("  ·  ", facts));
                f.getStyleClass().addAll("text-muted", "text-small");
                f.setWrapText(true);
                f.setMinHeight(Region.USE_PREF_SIZE);
                body.getChildren().add(f);
            }
            if (e.problem() != null) {
                body.getChildren().add(banner(e.problem(), "transcript-event-problem-" + e.index(), Feather.ALERT_TRIANGLE));
            }
            return new CollapsedEvent().showExpanded(e, body);
        }

        private String times(TranscriptEvent e) {
            List<String> parts = new ArrayList<>();
            if (e.durationMs() != null) {
                parts.add(TranscriptFormat.duration(e.durationMs()));
            }
            long at = TranscriptFormat.millis(e.startedAt());
            if (firstStart >= 0 && at >= 0) {
                parts.add(TranscriptFormat.offset(at - firstStart));
            }
            return String.join("   ", parts);
        }

        private String preview(TranscriptEvent e) {
            String s;
            if (!e.resultNames().isEmpty()) {
                s = "found " + String.join(", ", e.resultNames());
            } else if (e.output() != null) {
                s = (e.failed() ? "✗ " : "→ ") + e.output();
            } else if (e.arguments() != null) {
                s = e.arguments().toString();
            } else {
                return "";
            }
            s = s.replace('\n', ' ').replace('\r', ' ');
            return s.length() > 240 ? s.substring(0, 239) + "…" : s;
        }
    }
}
