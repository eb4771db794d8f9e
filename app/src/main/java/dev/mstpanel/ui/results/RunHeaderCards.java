package dev.mstpanel.ui.results;

import dev.mstpanel.core.results.compare.RunSummary;
import dev.mstpanel.core.results.compare.RunTally;
import dev.mstpanel.core.results.compare.VariantFigures;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.ui.common.Navigator;
import dev.mstpanel.ui.common.Pill;
import dev.mstpanel.ui.results.compare.CompareViewModel;
import dev.mstpanel.ui.results.compare.VariantCard;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.MenuItem;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * the run header's figures: one card per variant (trial pass rate with its interval,
 * cases passed, means per trial, delta against the baseline, the previous run's line) and the
 * actions that open the Compare screen.
 */
final class RunHeaderCards {
    private RunHeaderCards() {}

    /**
     * Adds the cards and actions to a run header (FX thread). Counting the run's trials is done
     * here (a pass over records in memory); its summary.json is read in the background, then the
     * header is drawn again by {@code refresh}.
     */
    static void add(
            VBox header,
            ResultsViewModel.RunState run,
            List<ResultsViewModel.RunState> all,
            CompareViewModel compare,
            Navigator navigator,
            Runnable refresh,
            Runnable openTrend,
            boolean compact) {
        List<String> variants = variants(run);
        javafx.scene.layout.FlowPane actions =
                new javafx.scene.layout.FlowPane(8, 6); // wraps on a 1440 px screen rather than eliding every label
        actions.setAlignment(Pos.CENTER_LEFT);
        actions.setId("run-compare-actions");
        Path dir = run.info().dir();
        if (variants.size() >= 2) {
            Button b = new Button("Compare variants", new FontIcon(Feather.COLUMNS));
            b.setId("compare-variants");
            b.getStyleClass().add("small");
            b.setOnAction(e -> navigator.openComparison(dir, null, dir, null));
            actions.getChildren().add(b);
        }
        // a regrade (<run id>.g<n>, docs/dev/mst-format.md, Results) is compared with the run it grades again
        String gradedId =
                dev.mstpanel.core.results.layout.RunLocator.regradeOf(run.info().runId());
        Path graded = gradedId != null ? dir.resolveSibling(gradedId) : null;
        if (graded != null
                && Boolean.TRUE.equals(
                        compare.isFolder(graded, refresh))) { // looked at off the FX thread, then drawn again
            String id = gradedId;
            Button b = new Button(
                    "Compare with the run it grades again (" + id.substring(id.lastIndexOf('-') + 1) + ")",
                    new FontIcon(Feather.GIT_COMMIT));
            b.setId("compare-regraded");
            b.getStyleClass().add("small");
            b.setOnAction(e -> navigator.openComparison(graded, null, dir, null));
            actions.getChildren().add(b);
        }
        RunInfo opened = previousRun(run, all);
        if (opened == null) {
            // a run folder opened on its own: its earlier runs are beside it, read off the FX thread, then drawn again
            List<RunInfo> beside = compare.siblingRuns(dir, refresh);
            opened = beside == null ? null : previousAmong(run.info(), beside);
        }
        RunInfo previous = opened;
        if (previous != null && !previous.dir().equals(graded)) {
            Button b = new Button("Compare with the previous run", new FontIcon(Feather.GIT_COMMIT));
            b.setId("compare-previous");
            b.getStyleClass().add("small");
            b.setOnAction(e -> navigator.openComparison(previous.dir(), null, dir, null));
            actions.getChildren().add(b);
        }
        // a run with ungraded trials needs grading; a graded one can be graded again (new graders: MST writes a
        // regrade beside it), which the button's words say so that it is not read as work left undone
        int ungraded = run.counts().getOrDefault(dev.mstpanel.core.results.model.TrialStatus.UNGRADED, 0);
        Button grade = new Button(ungraded > 0 ? "Grade…" : "Grade again…", new FontIcon(Feather.CHECK_SQUARE));
        grade.setId("grade-run");
        grade.getStyleClass().add("small");
        grade.setTooltip(new javafx.scene.control.Tooltip((ungraded > 0
                        ? String.format(java.util.Locale.ROOT, "%,d trials are not graded yet. Grade them", ungraded)
                        : "Every trial is graded. Grade the run again, e.g. after changing a grader,")
                + " in containers (mst grade " + run.info().runId()
                + " --runner docker): opens the Runs form to check the command and start it."));
        grade.setOnAction(e -> navigator.openGradeForm(dir));
        if (canGrade(run.info())) {
            actions.getChildren().add(grade);
        }
        String eval = dev.mstpanel.core.text.ControlCharacters.escape(run.info().evalName());
        Button t =
                new Button("Trend of " + dev.mstpanel.core.text.Texts.cut(eval, 40), new FontIcon(Feather.TRENDING_UP));
        if (!eval.equals(dev.mstpanel.core.text.Texts.cut(eval, 40))) {
            t.setTooltip(new javafx.scene.control.Tooltip("Trend of " + eval)); // a long name cut: whole here
        }
        t.setId("open-trend");
        t.getStyleClass().add("small");
        t.setOnAction(e -> openTrend.run());
        actions.getChildren().add(t);
        header.getChildren().add(actions);
        if (run.loading()) {
            return;
        }
        Optional<RunSummary> summary = compare.summary(dir, refresh);
        if (summary == null) {
            return; // drawn again once summary.json has been read
        }
        RunTally tally = RunTally.of(run.info(), summary.orElse(null), run.trials(), false);
        List<String> rerun = rerunArgs(tally);
        if (!rerun.isEmpty()) {
            Button b = new Button("Re-run the failed and mixed cases", new FontIcon(Feather.ROTATE_CW));
            b.setId("rerun-run-cases");
            b.getStyleClass().add("small");
            b.setTooltip(new javafx.scene.control.Tooltip("Opens the Runs form with " + String.join(" ", rerun)));
            b.setOnAction(e -> navigator.openRunsForm(dir, rerun));
            actions.getChildren().add(b);
        }
        if (compact) {
            // a trial is open: one line per variant, so the trial inspector below keeps its room
            javafx.scene.layout.FlowPane line = new javafx.scene.layout.FlowPane(8, 4);
            line.setId("variant-cards");
            for (VariantFigures f : tally.figures()) {
                javafx.scene.control.Label l = new javafx.scene.control.Label(f.variant() + "  "
                        + f.rateWithIntervalText()
                        + (f.baseline() == null ? "  baseline" : "  " + VariantFigures.points(f.trialPassRateDelta())));
                Pill.mark(l, "pill-muted");
                l.setId("variant-line-" + f.variant());
                l.setTooltip(new javafx.scene.control.Tooltip(f.basisText()
                        + (f.fromSummary() ? "" : "; computed from the trials (" + f.sourceNote() + ")")));
                l.setMinWidth(
                        javafx.scene.layout.Region
                                .USE_PREF_SIZE); // the line wraps to the next row, the text is never cut
                line.getChildren().add(l);
            }
            header.getChildren().add(line);
            return;
        }
        // one row, scrolled sideways when there are many variants
        HBox cards = new HBox(10);
        cards.setId("variant-cards");
        RunSummary.PreviousRun prev = summary.map(RunSummary::previousRun).orElse(null);
        // the previous run's pass rate is the whole run's: said once above the cards; each card has its variant's
        // changes
        if (prev != null && prev.runLine() != null) {
            javafx.scene.control.Label runLine = new javafx.scene.control.Label(prev.runLine());
            runLine.setId("previous-run-run-line");
            runLine.getStyleClass().add("text-muted");
            header.getChildren().add(runLine);
        }
        for (VariantFigures f : tally.figures()) {
            cards.getChildren()
                    .add(new VariantCard(f, f.variant(), prev == null ? null : prev.variantLine(f.variant())));
        }
        if (!cards.getChildren().isEmpty()) {
            javafx.scene.control.ScrollPane row = new javafx.scene.control.ScrollPane(cards);
            row.setFitToHeight(true);
            row.setVbarPolicy(javafx.scene.control.ScrollPane.ScrollBarPolicy.NEVER);
            row.setHbarPolicy(javafx.scene.control.ScrollPane.ScrollBarPolicy.AS_NEEDED);
            row.getStyleClass().add("edge-to-edge");
            row.setStyle("-fx-background-color: transparent; -fx-background: transparent;");
            header.getChildren().add(row);
        }
    }

    /**
     * Whether the header offers "Grade…": not for a run whose folder this user cannot read, where grading could only
     * fail later; the header's message says what to fix instead.
     */
    static boolean canGrade(dev.mstpanel.core.results.model.RunInfo info) {
        return !info.folderUnreadable();
    }

    /**
     * {@code --case <ids…> --variant <names…>} for the cases of a run whose outcome is fail or mixed
     * (docs/dev/mst-format.md, Run flags), or empty when every case passed or has no result; a case {@code --case}
     * cannot name is left out ({@link dev.mstpanel.core.mst.RunSelection#canName}).
     */
    static List<String> rerunArgs(RunTally tally) {
        LinkedHashSet<String> cases = new LinkedHashSet<>();
        List<String> variants = new ArrayList<>();
        for (var v : tally.variants().values()) {
            boolean any = false;
            for (var c : v.cases().values()) {
                var o = c.outcome();
                if ((o == dev.mstpanel.core.results.compare.CaseOutcome.FAIL
                                || o == dev.mstpanel.core.results.compare.CaseOutcome.MIXED)
                        && dev.mstpanel.core.mst.RunSelection.canName(c.caseId())) {
                    cases.add(c.caseId());
                    any = true;
                }
            }
            if (any) {
                variants.add(v.variant());
            }
        }
        if (cases.isEmpty()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        out.add("--case");
        out.addAll(cases);
        out.add("--variant");
        out.addAll(variants);
        return out;
    }

    /** The navigator's compare actions for a run, or for one variant of it. */
    static List<MenuItem> compareItems(
            ResultsViewModel.RunState run,
            String variant,
            List<ResultsViewModel.RunState> all,
            Navigator navigator,
            CompareViewModel compare) {
        Runnable refresh = () -> {}; // a menu is made anew each time it opens: the next one has the answer
        List<MenuItem> items = new ArrayList<>();
        if (run == null) {
            return items;
        }
        Path dir = run.info().dir();
        List<String> variants = variants(run);
        if (variant == null && variants.size() >= 2) {
            items.add(item("Compare this run's variants", () -> navigator.openComparison(dir, null, dir, null)));
        }
        if (variant != null && variants.size() >= 2 && !variant.equals(variants.get(0))) {
            items.add(item(
                    "Compare " + variant + " with the baseline " + variants.get(0),
                    () -> navigator.openComparison(dir, variants.get(0), dir, variant)));
        }
        // a regrade (<run id>.g<n>, docs/dev/mst-format.md, Results) is compared with the run it grades again
        String gradedId =
                dev.mstpanel.core.results.layout.RunLocator.regradeOf(run.info().runId());
        Path graded = gradedId != null ? dir.resolveSibling(gradedId) : null;
        if (graded != null
                && Boolean.TRUE.equals(
                        compare.isFolder(graded, refresh))) { // looked at off the FX thread, then drawn again
            String id = gradedId;
            String what0 = variant == null ? "this regrade" : variant;
            items.add(item(
                    "Compare " + what0 + " with the run it grades again " + id.substring(id.lastIndexOf('-') + 1),
                    () -> navigator.openComparison(graded, variant, dir, variant)));
        }
        RunInfo previous = previousRun(run, all);
        if (previous != null && !previous.dir().equals(graded)) {
            String what = variant == null ? "this run" : variant;
            items.add(item(
                    "Compare " + what + " with the previous run " + previous.shortId(),
                    () -> navigator.openComparison(previous.dir(), variant, dir, variant)));
        }
        return items;
    }

    private static MenuItem item(String text, Runnable action) {
        MenuItem m = new MenuItem(text);
        m.setOnAction(e -> action.run());
        return m;
    }

    /** The run's variants: run.json's, else those of its trials, baseline first. */
    static List<String> variants(ResultsViewModel.RunState run) {
        if (!run.info().variants().isEmpty()) {
            return run.info().variants();
        }
        LinkedHashSet<String> vs = new LinkedHashSet<>();
        run.trials().forEach(t -> vs.add(t.variant()));
        return List.copyOf(vs);
    }

    /** The latest earlier run of the same eval among those open ({@link RunInfo#BY_START}), or null. */
    static RunInfo previousRun(ResultsViewModel.RunState run, List<ResultsViewModel.RunState> all) {
        return previousAmong(
                run.info(), all.stream().map(ResultsViewModel.RunState::info).toList());
    }

    /** The latest run of {@code run}'s eval that started before it ({@link RunInfo#BY_START}), or null. */
    static RunInfo previousAmong(RunInfo run, List<RunInfo> runs) {
        RunInfo best = null;
        for (RunInfo i : runs) {
            if (Objects.equals(i.evalName(), run.evalName())
                    && !i.dir()
                            .toAbsolutePath()
                            .normalize()
                            .equals(run.dir().toAbsolutePath().normalize())
                    && RunInfo.BY_START.compare(i, run) < 0
                    && (best == null || RunInfo.BY_START.compare(i, best) > 0)) {
                best = i;
            }
        }
        return best;
    }
}
