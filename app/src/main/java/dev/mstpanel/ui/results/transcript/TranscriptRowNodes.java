package dev.mstpanel.ui.results.transcript;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.core.results.model.TranscriptEvent;
import dev.mstpanel.core.results.transcript.TranscriptFormat;
import dev.mstpanel.core.text.ByteSize;
import dev.mstpanel.core.text.Texts;
import dev.mstpanel.ui.common.Pill;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The nodes of one transcript's rows ({@link TranscriptView}): an event's head (chevron, number,
 * kind icon, {@code server · tool}, badges for a failed call, a simulated write, a built-in tool, a
 * kind that is not {@code tool_call} and one the panel does not know, duration and start relative
 * to the first event), the name it was called as and a one-line preview; an expanded event's
 * arguments, tools found, output (pretty JSON when it is JSON) and unknown fields, each with Copy,
 * and its facts; the prompt; a section after the events. One instance per view, used on the FX
 * thread; it keeps the pretty form of each JSON output it showed.
 */
final class TranscriptRowNodes {
    /** The most characters one expanded text shows; Copy takes the whole text. */
    static final int SHOWN_CHARS = 20_000;
    /** Outputs longer than this (in chars, 2 Mi) are shown as written, not pretty-printed. */
    private static final int PRETTY_MAX_CHARS = 2 * 1024 * 1024;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final boolean redacted;
    private final Map<String, String> pretty = new HashMap<>();
    private long firstStart = -1;

    /**
     * @param redacted the run stored redacted transcripts: a call with no output says so
     */
    TranscriptRowNodes(boolean redacted) {
        this.redacted = redacted;
    }

    /**
     * Sets the time the start offsets are measured from.
     *
     * @param epochMs the first event's start in ms since the epoch ({@link TranscriptFormat#firstStart}), or -1: no offsets
     */
    void firstStart(long epochMs) {
        firstStart = epochMs;
    }

    /** The time the start offsets are measured from, in ms since the epoch, or -1. */
    long firstStart() {
        return firstStart;
    }

    /** A new set of collapsed-event nodes, for one list cell to reuse for every event it shows. */
    EventHead eventHead() {
        return new EventHead();
    }

    /**
     * A collapsed event row's nodes, made once per cell and filled for each event it shows, so a
     * scrolled list makes and styles no new nodes; an expanded event gets a set of its own.
     */
    final class EventHead {
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

        private EventHead() {
            icon.getStyleClass().add("transcript-kind-icon");
            num.getStyleClass().add("transcript-index");
            num.setMinWidth(Region.USE_PREF_SIZE);
            title.getStyleClass().add("transcript-title");
            title.setMinWidth(Region.USE_PREF_SIZE); // the badges wrap, the tool's name stays whole
            // one line of badges (a FlowPane would wrap past the cell's measured height)
            badges.setAlignment(Pos.CENTER_LEFT);
            badges.setMinWidth(0);
            unknown.setTooltip(
                    new Tooltip("A kind the panel does not know: every field is shown as written under More fields."));
            unknown.setMinWidth(0);
            simulated.setTooltip(
                    new Tooltip("MST's dry-run proxy invented this output: the write never reached the server."));
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
            // names, kinds and tools escaped as one value each (the trial header's and the transcript command's rule),
            // so a
            // control or format character is not drawn as a box or a line break and the row stays one line
            title.setText(name(e.title()));
            List<Node> b = new ArrayList<>(4);
            if (!e.knownKind()) {
                unknown.setText((e.kind() == null ? "no kind" : name(e.kind())) + " · unknown kind");
                b.add(unknown);
            } else if (!"tool_call".equals(e.kind())) {
                kind.setText(name(e.kind()).replace('_', ' '));
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
            as.setText(e.renamed() ? "called as " + name(e.rawName()) : "");
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

    /**
     * The prompt's row.
     *
     * @param prompt the case's prompt, or null when it is not known
     * @param note why it is not known, or null
     */
    Node prompt(String prompt, String note) {
        Label head = new Label("Prompt", new FontIcon(Feather.USER));
        head.getStyleClass().add("transcript-section-title");
        Node body = prompt != null
                ? block("What the agent was asked", prompt, false, "transcript-prompt")
                : muted(note == null ? "The prompt is not known." : note);
        VBox box = new VBox(4, head, body);
        box.getStyleClass().addAll("transcript-section", "section-prompt");
        return box;
    }

    /** A section's row: its title and body ({@code #transcript-<id>}), the body cut at {@value #SHOWN_CHARS} characters. */
    Node section(TranscriptSections.Section s) {
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

    private static Node muted(String text) {
        Label l = new Label(text);
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        l.getStyleClass().addAll("text-muted");
        return l;
    }

    /**
     * An expanded event: the collapsed row's head (chevron down, no preview), its arguments
     * ({@code #transcript-arguments-<index>}), tools found, output ({@code #transcript-output-<index>}),
     * unknown fields and facts below, each text with Copy ({@code #…-copy}); a failed call's error
     * output comes first, before its arguments.
     */
    Node expandedEvent(TranscriptEvent e) {
        VBox body = new VBox(6);
        body.setPadding(new Insets(2, 0, 4, 40));
        Node output = null;
        if (e.output() != null) {
            String out = prettyOrSelf(e.output());
            String what =
                    e.failed() ? "Error output" : e.simulated() ? "Output (invented by MST's dry-run proxy)" : "Output";
            if (e.outputCut()) {
                what += " · first " + ByteSize.human(e.output().length()) + " of " + ByteSize.human(e.outputChars());
            }
            output = block(
                    what,
                    out,
                    !out.equals(e.output()) || out.startsWith("{") || out.startsWith("["),
                    "transcript-output-" + e.index());
        } else if (redacted && "tool_call".equals(e.kind())) {
            output = muted("Output not kept (redacted run).");
        }
        // a failed call's error comes first, right under its head: in view with it even in a short list
        if (e.failed() && e.output() != null) {
            body.getChildren().add(output);
            output = null;
        }
        if (e.arguments() != null) {
            String args = e.arguments().isTextual()
                    ? e.arguments().asText()
                    : e.arguments().toPrettyString();
            body.getChildren().add(block("Arguments", args, true, "transcript-arguments-" + e.index()));
        }
        if (!e.resultNames().isEmpty()) {
            FlowPane found = new FlowPane(4, 4);
            for (String n : e.resultNames()) {
                found.getChildren().add(pill(n, "pill-accent"));
            }
            Label head2 =
                    new Label(e.resultNames().size() + (e.resultNames().size() == 1 ? " tool found" : " tools found"));
            head2.getStyleClass().add("transcript-block-title");
            body.getChildren().add(new VBox(3, head2, found));
        }
        if (output != null) {
            body.getChildren().add(output);
        }
        // the call's id is a known field shown with the facts; every other field the panel does not know is shown raw
        var more = JSON.createObjectNode();
        e.extra().forEach((k, v) -> {
            if (!(k.equals("id") && v.isValueNode())) {
                more.set(k, v);
            }
        });
        if (!more.isEmpty()) {
            body.getChildren()
                    .add(block(
                            "More fields (not known to the panel, shown as written)",
                            more.toPrettyString(),
                            true,
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
            body.getChildren()
                    .add(banner(e.problem(), "transcript-event-problem-" + e.index(), Feather.ALERT_TRIANGLE));
        }
        return new EventHead().showExpanded(e, body);
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

    /** One name, kind or tool for a one-line label. */
    private static String name(String s) {
        return dev.mstpanel.core.text.ControlCharacters.escape(s);
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
        // names from files: control and format characters escaped, so each row stays one line
        return Texts.cut(
                dev.mstpanel.core.text.ControlCharacters.escape(
                        s.replace('\n', ' ').replace('\r', ' ')),
                240);
    }

    /** A warning banner: wrapped text beside an icon, as wide as its parent. */
    static Label banner(String text, String id, Ikon icon) {
        Label l = new Label(text, new FontIcon(icon));
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        l.getStyleClass().add("banner-warning");
        l.setId(id);
        l.setMaxWidth(Double.MAX_VALUE);
        return l;
    }

    private String prettyOrSelf(String text) {
        if (text == null) {
            return null;
        }
        String s = text.strip();
        if (s.length() > PRETTY_MAX_CHARS
                || !(s.startsWith("{") && s.endsWith("}") || s.startsWith("[") && s.endsWith("]"))) {
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
        return Pill.of(text, style);
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
                ? full.substring(0, SHOWN_CHARS) + "\n… "
                        + String.format(Locale.ROOT, "%,d", full.length() - SHOWN_CHARS)
                        + " more characters: Copy takes all of it."
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
}
