package dev.mstpanel.ui.results;

import dev.mstpanel.core.results.compare.CaseGroup;
import dev.mstpanel.core.results.compare.ComparisonService;
import dev.mstpanel.core.results.compare.GroupBy;
import dev.mstpanel.core.results.compare.RunTally;
import dev.mstpanel.core.results.compare.VariantTally;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.ui.common.BackgroundTask;
import dev.mstpanel.ui.common.FailureText;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Results view's pass rates by dataset or tag: the selected run's cases grouped
 * ({@link ComparisonService#groups(Path, java.util.Collection, GroupBy)}, the rule of the Compare screen and of
 * {@code compare --by}), one row per group with each variant's trial pass rate and interval. Counted and its
 * results.json read in the background; FX thread otherwise.
 */
public final class RunGroupsModel {
    /**
     * One group of the run.
     *
     * @param name the dataset or tag, or {@code (no dataset)} / {@code (no tag)}
     * @param none true for the cases without one
     * @param variants per variant that has cases in the group, in the run's order: their trials
     */
    public record Row(String name, boolean none, Map<String, CaseGroup.Side> variants) {
        public Row {
            variants = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(variants));
        }
    }

    private final ObjectProperty<GroupBy> groupBy = new SimpleObjectProperty<>(this, "groupBy");
    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    /** One read-only view of the rows, so a listener on it lives as long as this model. */
    private final ObservableList<Row> rowsView = FXCollections.unmodifiableObservableList(rows);

    private final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper(this, "note");
    private final ResultsViewModel results;
    private final ComparisonService service;
    private final UiExecutor ui;
    private final Executor background;
    private final BackgroundTask.Lane lane = new BackgroundTask.Lane();

    RunGroupsModel(ResultsViewModel results, ComparisonService service, UiExecutor ui, Executor background) {
        this.results = results;
        this.service = service;
        this.ui = ui;
        this.background = background;
        groupBy.addListener((o, a, b) -> update());
        results.selectedRunDirProperty().addListener((o, a, b) -> update());
        results.revisionProperty().addListener((o, a, b) -> update());
    }

    /** What the cases are grouped by; null for none (no rows). */
    public ObjectProperty<GroupBy> groupByProperty() {
        return groupBy;
    }

    /** The groups of the selected run (or of the only run open), by name, the one of cases without one last. */
    public ObservableList<Row> rows() {
        return rowsView;
    }

    /** What could not be read for the groups, or null. */
    public ReadOnlyStringProperty noteProperty() {
        return note.getReadOnlyProperty();
    }

    /** The run grouped: the one selected, else the only one open; null for none. */
    private ResultsViewModel.RunState run() {
        Path dir = results.selectedRunDirProperty().get();
        ResultsViewModel.RunState run = dir == null ? null : results.run(dir);
        if (run == null && results.runs().size() == 1) {
            run = results.runs().get(0);
        }
        return run;
    }

    private void update() {
        GroupBy by = groupBy.get();
        ResultsViewModel.RunState run = by == null ? null : run();
        if (run == null) {
            lane.enter();
            rows.clear();
            note.set(by == null ? null : "Select a run to see its cases by " + by.word() + ".");
            return;
        }
        RunInfo info = run.info();
        List<TrialRecord> trials = run.trials(); // a copy, taken on the FX thread
        BackgroundTask.wrap(() -> group(info, trials, by))
                .onSuccess(r -> {
                    rows.setAll(r.rows);
                    note.set(r.note);
                })
                .onFailure(e -> {
                    rows.clear();
                    note.set("Could not group the cases by " + by.word() + ": " + FailureText.reason(e));
                })
                .latestIn(lane)
                .executeWith(ui, background);
    }

    private record Grouped(List<Row> rows, String note) {}

    private Grouped group(RunInfo info, List<TrialRecord> trials, GroupBy by) {
        RunTally tally = RunTally.of(info, null, trials, false);
        Map<String, Map<String, CaseGroup.Side>> named = new java.util.TreeMap<>();
        Map<String, CaseGroup.Side> none = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        for (VariantTally v : tally.variants().values()) {
            if (v.cases().isEmpty()) {
                continue;
            }
            ComparisonService.Grouped g = service.groups(info.dir(), v.cases().values(), by);
            for (String n : g.notes()) {
                if (!notes.contains(n)) {
                    notes.add(n);
                }
            }
            for (CaseGroup group : g.groups()) {
                (group.none() ? none : named.computeIfAbsent(group.name(), k -> new LinkedHashMap<>()))
                        .put(v.variant(), group.base());
            }
        }
        List<Row> out = new ArrayList<>();
        named.forEach((name, sides) -> out.add(new Row(name, false, sides)));
        if (!none.isEmpty()) {
            out.add(new Row(by.noneName(), true, none));
        }
        return new Grouped(out, notes.isEmpty() ? null : String.join("\n", notes));
    }
}
