package dev.mstpanel.ui.runs;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * What the Run view offers once a run ended: the result line, "Resume missing trials" and
 * "Open in Results". FX thread only.
 */
final class FinishedRun {
    private final ReadOnlyStringWrapper resultText = new ReadOnlyStringWrapper();
    private final ReadOnlyBooleanWrapper canResume = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper canOpenResults = new ReadOnlyBooleanWrapper();
    private final ReadOnlyObjectWrapper<List<String>> leftContainers = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyStringWrapper staleImageContext = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper pluginImageContext = new ReadOnlyStringWrapper();
    private final ReadOnlyObjectWrapper<dev.mstpanel.core.mst.EndOfRunReport> endOfRun =
            new ReadOnlyObjectWrapper<>(dev.mstpanel.core.mst.EndOfRunReport.EMPTY);

    ReadOnlyStringProperty resultTextProperty() {
        return resultText.getReadOnlyProperty();
    }

    ReadOnlyBooleanProperty canResumeProperty() {
        return canResume.getReadOnlyProperty();
    }

    ReadOnlyBooleanProperty canOpenResultsProperty() {
        return canOpenResults.getReadOnlyProperty();
    }

    ReadOnlyObjectProperty<List<String>> leftContainersProperty() {
        return leftContainers.getReadOnlyProperty();
    }

    ReadOnlyStringProperty staleImageContextProperty() {
        return staleImageContext.getReadOnlyProperty();
    }

    ReadOnlyStringProperty pluginImageContextProperty() {
        return pluginImageContext.getReadOnlyProperty();
    }

    ReadOnlyObjectProperty<dev.mstpanel.core.mst.EndOfRunReport> endOfRunProperty() {
        return endOfRun.getReadOnlyProperty();
    }

    private boolean resumable = true;

    /** Whether "Resume missing trials" may be offered (not for a replay: nothing runs there). */
    void offerResume(boolean offer) {
        resumable = offer;
    }

    /** A new run started: nothing to offer. */
    void clear() {
        resultText.set(null);
        canResume.set(false);
        canOpenResults.set(false);
        leftContainers.set(List.of());
        staleImageContext.set(null);
        pluginImageContext.set(null);
        endOfRun.set(dev.mstpanel.core.mst.EndOfRunReport.EMPTY);
    }

    /** MST could not start. */
    void notStarted(String message) {
        resultText.set("MST did not start: " + message);
    }

    /** The run ended with this snapshot. */
    void ended(RunSnapshot s) {
        resultText.set(resultLine(s));
        canResume.set(resumable && s.missing() > 0 && s.runId() != null);
        canOpenResults.set(s.runDir() != null);
        leftContainers.set(s.leftContainers());
        staleImageContext.set(staleContext(s));
        pluginImageContext.set(pluginContext(s));
        endOfRun.set(s.endOfRun());
    }

    /**
     * The context of the first shard that stopped because its worker runs another MST than the run
     * ({@code The worker runs MST x, but this run uses y…}; docs/dev/mst-format.md, Run flags), or null.
     */
    static String staleContext(RunSnapshot s) {
        for (ShardSnapshot sh : s.shards()) {
            if (sh.context() != null && dev.mstpanel.core.mst.MstOutputParser.staleWorker(sh.message()) != null) {
                return sh.context();
            }
        }
        return null;
    }

    /**
     * The context of the first shard that stopped because its worker's image holds other plugins
     * than the run ({@code This worker has plugin …; the run uses …}), or null.
     */
    static String pluginContext(RunSnapshot s) {
        for (ShardSnapshot sh : s.shards()) {
            if (sh.context() != null && dev.mstpanel.core.mst.MstOutputParser.pluginMismatch(sh.message()) != null) {
                return sh.context();
            }
        }
        return null;
    }

    static String resultLine(RunSnapshot s) {
        List<String> parts = new ArrayList<>();
        switch (s.state()) {
            case CANCELLED -> parts.add("Cancelled");
            case FAILED -> parts.add(s.failure() != null ? s.failure() : "MST failed");
            default -> {}
        }
        if (s.resultLine() != null) {
            parts.add(s.resultLine());
        } else if (s.state() == RunSnapshot.State.FINISHED) {
            parts.add(s.collected() + " trials collected");
        }
        if (s.missing() > 0) {
            parts.add(s.missing() + (s.missing() == 1 ? " trial missing" : " trials missing"));
        }
        if (!s.keptContainers().isEmpty()) {
            parts.add("kept: " + String.join(", ", s.keptContainers()));
        }
        if (!s.leftContainers().isEmpty()) {
            parts.add("still there: " + String.join(", ", s.leftContainers())
                    + " (MST did not remove them; the banner above offers to)");
        }
        // exit code 1 means a graded case failed, which the Results line already says (docs/dev/mst-format.md, Output)
        if (s.exitCode() != null && s.exitCode() > 1) {
            parts.add("MST exit code " + s.exitCode());
        }
        return String.join(" · ", parts);
    }
}
