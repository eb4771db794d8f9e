package dev.mstpanel.ui.runs;

import dev.mstpanel.core.runs.ShardState;
import dev.mstpanel.core.text.ByteSize;
import dev.mstpanel.ui.common.MemoryBar;
import dev.mstpanel.ui.common.Pill;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.HPos;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * One row per shard: shard, context, container, phase, trials, current case, memory against the
 * container's limit, CPU. Rows are kept and updated in place as snapshots arrive.
 */
final class ShardRowsView extends GridPane {
    private static final String[] HEADERS = {"Shard", "Context", "Phase", "Trials", "Memory", "CPU"};
    private final List<Row> rows = new ArrayList<>();
    private final ObservableList<ShardSnapshot> model;
    private final Label empty = new Label("No shard has started yet.");

    ShardRowsView(ObservableList<ShardSnapshot> model) {
        this.model = model;
        setId("shard-rows");
        getStyleClass().add("shard-rows");
        setHgap(14);
        setPadding(new javafx.geometry.Insets(0, 14, 0, 0));
        setVgap(2);
        double[] widths = {44, 90, 170, 110, 200, 48};
        for (int i = 0; i < HEADERS.length; i++) {
            ColumnConstraints cc = new ColumnConstraints();
            cc.setMinWidth(i == 4 ? 120 : Region.USE_PREF_SIZE);
            cc.setPrefWidth(widths[i]);
            cc.setHgrow(i == 4 ? Priority.ALWAYS : Priority.NEVER);
            if (i == 5) {
                cc.setHalignment(HPos.RIGHT);
            }
            getColumnConstraints().add(cc);
            Label h = new Label(HEADERS[i]);
            h.getStyleClass().add("shard-header");
            add(h, i, 0);
        }
        empty.getStyleClass().add("text-muted");
        add(empty, 0, 1, HEADERS.length, 1);
        model.addListener((ListChangeListener<ShardSnapshot>) c -> render());
        render();
    }

    private void render() {
        empty.setVisible(model.isEmpty());
        empty.setManaged(model.isEmpty());
        while (rows.size() < model.size()) {
            Row r = new Row(rows.size() + 1);
            rows.add(r);
        }
        while (rows.size() > model.size()) {
            rows.remove(rows.size() - 1).remove();
        }
        for (int i = 0; i < model.size(); i++) {
            rows.get(i).update(model.get(i));
        }
    }

    /** The nodes of one shard's row: the figures on one line, its container and current case under them. */
    private final class Row {
        final Label shard = new Label();
        final Label context = new Label();
        final Label phase = new Label();
        final Label trials = new Label();
        final MemoryBar bar = new MemoryBar();
        final Label memText = new Label();
        final VBox memory = new VBox(2, bar, memText);
        final Label cpu = new Label();
        final Label container = new Label();
        final Label current = new Label();
        final HBox detail = new HBox(12, container, current);
        /** MST's last word on a finished shard (e.g. "Container … ran out of memory"), in the Memory column it is about. */
        final Label reason = new Label();

        ShardSnapshot last;

        Row(int index) {
            int r = 2 * index - 1;
            shard.getStyleClass().add("shard-index");
            container.getStyleClass().addAll("monospace", "text-small", "text-muted");
            current.getStyleClass().addAll("text-small", "text-muted");
            Pill.mark(phase);
            memText.getStyleClass().addAll("text-muted", "text-small");
            memText.setWrapText(true);
            memText.setMinHeight(Region.USE_PREF_SIZE);
            current.setMinWidth(0);
            reason.getStyleClass().addAll("text-small", "text-muted", "shard-reason");
            reason.setWrapText(true);
            reason.setMinWidth(0);
            reason.setMinHeight(Region.USE_PREF_SIZE);
            reason.setPadding(new Insets(0, 0, 6, 0));
            reason.managedProperty().bind(reason.visibleProperty());
            memory.setAlignment(Pos.CENTER_LEFT);
            detail.getStyleClass().add("shard-detail");
            detail.setPadding(new Insets(0, 0, 6, 0));
            add(shard, 0, r);
            add(context, 1, r);
            add(phase, 2, r);
            add(trials, 3, r);
            add(memory, 4, r);
            add(cpu, 5, r);
            add(detail, 1, r + 1, HEADERS.length - 1, 1);
            add(reason, 4, r + 1, 2, 1); // over the detail line (its rule stays whole), in the Memory column
        }

        void remove() {
            getChildren().removeAll(shard, context, phase, trials, memory, cpu, detail, reason);
        }

        void update(ShardSnapshot s) {
            if (s.equals(last)) {
                return;
            }
            last = s;
            shard.setText(s.index() + "/" + s.count());
            shard.setId("shard-" + s.index());
            context.setText(s.context() == null ? "—" : s.context());
            String name = s.container() == null ? "no container yet" : s.container();
            container.setText(name);
            container.setId("shard-" + s.index() + "-container");
            container.setTooltip(
                    s.container() == null
                            ? null
                            : new Tooltip(name
                                    + (s.kept()
                                            ? "\nKept after the run: look inside with docker exec -it -u mst " + name
                                                    + " bash; remove it with docker rm -f " + name
                                            : "")));
            String phaseText = s.phase().label() + (s.kept() ? " · kept" : "");
            phase.setText(phaseText);
            phase.setId("shard-" + s.index() + "-phase");
            phase.getStyleClass().removeAll("pill-accent", "pill-success", "pill-danger", "pill-muted", "pill-warning");
            phase.getStyleClass()
                    .add(
                            switch (s.phase()) {
                                case RUNNING, STARTING -> "pill-accent";
                                case DONE -> "pill-success";
                                case STOPPED, OUT_OF_MEMORY -> "pill-danger";
                                case WAITING -> "pill-muted";
                            });
            phase.setTooltip(s.message() == null ? null : new Tooltip(s.message()));
            trials.setText(s.trialsDone() + " done" + (s.infra() > 0 ? " (" + s.infra() + " infra)" : ""));
            boolean said = s.phase().finished() && s.message() != null;
            current.setText(s.currentCase() == null || s.phase().finished() ? "" : "case " + s.currentCase());
            reason.setText(said ? s.message() : "");
            reason.setVisible(said);
            current.setTooltip(s.currentCase() == null ? null : new Tooltip(s.currentCase()));
            if (s.memoryLimitBytes() > 0 || s.memoryBytes() > 0) {
                // a container killed for memory reached its limit: its last sample, taken as it died, can be far lower
                String oom = ShardState.outOfMemoryText(s.oomKilled(), s.memoryLimitBytes(), s.peakMemoryBytes());
                long used = oom != null && s.memoryLimitBytes() > 0 ? s.memoryLimitBytes() : s.memoryBytes();
                long limit = s.memoryLimitBytes() > 0 ? s.memoryLimitBytes() : Math.max(used, 1);
                boolean high = s.oomKilled() || (s.memoryLimitBytes() > 0 && used >= 0.9 * s.memoryLimitBytes());
                bar.setSegments(
                        limit,
                        new MemoryBar.Segment(
                                Math.min(used, limit),
                                high ? "memory-over" : "memory-used",
                                oom != null ? "Out of memory: " + oom : ByteSize.human(used) + " used"));
                memText.setText(
                        oom != null
                                ? "out of memory: " + oom
                                : ByteSize.human(s.memoryBytes())
                                        + (s.memoryLimitBytes() > 0
                                                ? " of " + ByteSize.human(s.memoryLimitBytes())
                                                : "")
                                        + (s.oomKilled() ? " · out of memory" : ""));
                memText.getStyleClass().remove("failure-reason");
                if (s.oomKilled()) {
                    memText.getStyleClass().add("failure-reason");
                }
            } else {
                bar.setSegments(1);
                memText.setText(s.container() == null ? "" : "no figures yet");
            }
            cpu.setText(s.cpuPercent() < 0 ? "—" : String.format(Locale.ROOT, "%.0f%%", s.cpuPercent()));
        }
    }
}
