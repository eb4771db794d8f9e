package dev.mstpanel.ui.results;

import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.ui.common.Pill;
import java.util.List;
import java.util.Map;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Region;

/**
 * The facts at the top of the Results view's run header (docs/dev/mst-format.md, Results: {@code run.json}):
 * the eval and run id, pills for the collect and grade phases, runner, shards, keep, MST's version
 * and a partial run, the pass figures of the graded trials, and when and where the run is. The
 * header's cards (compare, trend) and the run's problem follow them ({@link ResultsView}).
 */
final class RunHeaderFacts {
    private RunHeaderFacts() {}

    /**
     * The header's first rows, new nodes each call.
     *
     * @param info the run as listed
     * @param c the run's trials per status (a status with no trial may be absent)
     * @return the title ({@code #run-title}), the pills (a partial run's is {@code #run-partial}), the
     *     figures ({@code #run-figures}) and the time and folder line, in that order
     */
    static List<Node> of(RunInfo info, Map<TrialStatus, Integer> c) {
        // names from files: control characters shown escaped, as in the navigator
        // a long eval name (MST takes it from the eval config) is cut, whole in the tooltip: it no longer widens the
        // view
        String full = dev.mstpanel.core.text.ControlCharacters.escape(info.evalName() + "  ·  " + info.runId());
        Label name = new Label(dev.mstpanel.core.text.ControlCharacters.escape(
                dev.mstpanel.core.text.Texts.cut(info.evalName(), 80) + "  ·  " + info.runId()));
        if (!name.getText().equals(full)) {
            name.setTooltip(new javafx.scene.control.Tooltip(full));
        }
        name.setWrapText(true);
        name.setMinHeight(Region.USE_PREF_SIZE);
        name.getStyleClass().add("run-title");
        name.setId("run-title");
        FlowPane facts = new FlowPane(6, 4);
        // the pills name run.json's fields; what each means is in its tooltip for a person new to MST
        addPill(
                facts,
                "collect " + orDash(info.collectPhase()),
                phaseClass(info.collectPhase()),
                "Collect: MST's first phase, running the agent on every case and trial and keeping each"
                        + " trial's trace. " + PHASE_WORDS);
        addPill(
                facts,
                "grade " + orDash(info.gradePhase()),
                phaseClass(info.gradePhase()),
                "Grade: MST's second phase, the graders scoring each collected trial (pass or fail). " + PHASE_WORDS);
        addPill(
                facts,
                "runner " + orDash(info.runner()),
                "pill-muted",
                "Where the trials ran: docker (a container per shard) or local.");
        addPill(
                facts,
                "shards " + (info.shards() == null ? "–" : info.shards()),
                "pill-muted",
                "How many containers the run's trials were split over.");
        addPill(
                facts,
                "keep " + orDash(info.keep()),
                "pill-muted",
                "Which shards' containers MST kept after the run (failed: those with a failed trial), to open a"
                        + " shell in them from Containers.");
        if (info.mstVersion() != null) {
            addPill(facts, "MST " + info.mstVersion(), "pill-muted", "The MST version that wrote this run.");
        }
        String partial = info.partialText(c.getOrDefault(TrialStatus.MISSING, 0));
        if (partial != null) {
            addPill(facts, partial, "pill-danger", "Trials MST planned but did not collect: see the missing trials.");
            facts.getChildren().get(facts.getChildren().size() - 1).setId("run-partial");
        }
        // the same sentence the exported run page shows
        Label figures = new Label(dev.mstpanel.core.results.model.GradedFigures.text(c));
        figures.setWrapText(true);
        figures.setMinHeight(Region.USE_PREF_SIZE);
        figures.setId("run-figures");
        // when the run started by the one rule the trend orders runs by (run.json's createdAt, else its run id's time)
        String when = info.startedText() == null
                ? ""
                : "started " + info.startedText()
                        + (info.finishedAt() == null ? "" : ", finished " + info.finishedAt());
        Label time = new Label(when
                + (when.isEmpty() ? "" : "  ·  ")
                + dev.mstpanel.core.text.ControlCharacters.escape(String.valueOf(info.dir())));
        time.setWrapText(true);
        time.setMinHeight(Region.USE_PREF_SIZE);
        time.getStyleClass().addAll("text-muted", "text-small");
        return List.of(name, facts, figures, time);
    }

    private static String orDash(String s) {
        return s == null ? "–" : s;
    }

    /** The pill style of a phase ({@code complete}, {@code partial}, {@code failed}, others muted). */
    private static String phaseClass(String phase) {
        if (phase == null) {
            return "pill-muted";
        }
        return switch (phase) {
            case "complete" -> "pill-success";
            case "partial", "failed" -> "pill-danger";
            default -> "pill-muted";
        };
    }

    private static final String PHASE_WORDS =
            "complete: every trial; partial: some are missing; skipped: not run; failed: it stopped.";

    private static void addPill(FlowPane pane, String text, String style, String tooltip) {
        Label l = Pill.of(text, style);
        l.setTooltip(new javafx.scene.control.Tooltip(tooltip));
        pane.getChildren().add(l);
    }
}
