package dev.mstpanel.ui.results.compare;

import dev.mstpanel.core.results.compare.CaseGroup;
import dev.mstpanel.core.results.compare.Comparison;
import dev.mstpanel.core.results.compare.ComparisonService;
import dev.mstpanel.core.results.compare.GroupBy;
import dev.mstpanel.ui.common.BackgroundTask;
import dev.mstpanel.ui.common.FailureText;
import dev.mstpanel.ui.common.UiExecutor;
import java.util.concurrent.Executor;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Compare screen's "Group by": the compared cases grouped by dataset or tag, each group with both sides' pass
 * rates, intervals and the change ({@link ComparisonService#groups(Comparison, GroupBy)}, the rule the compare
 * command's {@code --by} uses). The runs' results.json is read in the background; FX thread otherwise.
 */
public final class CaseGroupsModel {
    private final ObjectProperty<GroupBy> groupBy = new SimpleObjectProperty<>(this, "groupBy");
    private final ObservableList<CaseGroup> groups = FXCollections.observableArrayList();
    /** One read-only view of the groups, so a listener on it lives as long as this model. */
    private final ObservableList<CaseGroup> groupsView = FXCollections.unmodifiableObservableList(groups);

    private final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper(this, "note");
    private final ReadOnlyBooleanWrapper reading = new ReadOnlyBooleanWrapper(this, "reading");
    private final ComparisonService service;
    private final UiExecutor ui;
    private final Executor background;
    private final ReadOnlyObjectProperty<Comparison> comparison;
    private final BackgroundTask.Lane lane = new BackgroundTask.Lane();
    /** The comparison and grouping the rows show: a comparison whose means were added regroups nothing. */
    private Comparison grouped;

    private GroupBy groupedBy;

    /**
     * @param service groups the cases
     * @param ui the FX thread
     * @param background reads the runs' results.json
     * @param comparison the comparison shown
     */
    public CaseGroupsModel(
            ComparisonService service,
            UiExecutor ui,
            Executor background,
            ReadOnlyObjectProperty<Comparison> comparison) {
        this.service = service;
        this.ui = ui;
        this.background = background;
        this.comparison = comparison;
        groupBy.addListener((o, a, b) -> update());
        comparison.addListener((o, a, b) -> update());
    }

    /** What the cases are grouped by; null for no grouping (the rows empty). */
    public ObjectProperty<GroupBy> groupByProperty() {
        return groupBy;
    }

    /** The groups of the comparison shown, by name, the one of cases without a dataset or tag last. */
    public ObservableList<CaseGroup> groups() {
        return groupsView;
    }

    /** What could not be read for the groups (a run without results.json has no tags), or null. */
    public ReadOnlyStringProperty noteProperty() {
        return note.getReadOnlyProperty();
    }

    /** True while the groups are being read. */
    public ReadOnlyBooleanProperty readingProperty() {
        return reading.getReadOnlyProperty();
    }

    private void update() {
        Comparison c = comparison.get();
        GroupBy by = groupBy.get();
        if (c == null || by == null) {
            lane.enter(); // a reading still going is for rows nobody shows now
            grouped = null;
            groupedBy = null;
            groups.clear();
            note.set(null);
            reading.set(false);
            return;
        }
        if (by == groupedBy
                && ComparisonService.sameCases(grouped, c)
                && grouped.baseRunDir().equals(c.baseRunDir())
                && grouped.candidateRunDir().equals(c.candidateRunDir())) {
            grouped = c; // the same cases with their means added: the same groups
            return;
        }
        reading.set(true);
        BackgroundTask.wrap(() -> service.groups(c, by))
                .onSuccess(g -> {
                    grouped = c;
                    groupedBy = by;
                    groups.setAll(g.groups());
                    note.set(g.notes().isEmpty() ? null : String.join("\n", g.notes()));
                    reading.set(false);
                })
                .onFailure(e -> {
                    grouped = null;
                    groupedBy = null;
                    groups.clear();
                    note.set("Could not group the cases by " + by.word() + ": " + FailureText.reason(e));
                    reading.set(false);
                })
                .latestIn(lane)
                .executeWith(ui, background);
    }
}
