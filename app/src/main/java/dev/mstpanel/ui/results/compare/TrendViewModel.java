package dev.mstpanel.ui.results.compare;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.compare.RunTally;
import dev.mstpanel.core.results.compare.TrendPoint;
import dev.mstpanel.core.results.files.ResultsException;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The trend screen's state: for one eval folder, each variant's trial pass rate per run
 * with its 95% interval. The runs are counted on a background thread, from the Results view's
 * trials when it has read them, else from the disk.
 */
public final class TrendViewModel {
    private static final Logger LOG = LoggerFactory.getLogger(TrendViewModel.class);
    private final ReadOnlyBooleanWrapper shown = new ReadOnlyBooleanWrapper(this, "shown");
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title", "");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message");
    private final ObservableList<TrendPoint> points = FXCollections.observableArrayList();
    private final ResultsReader reader;
    private final UiExecutor ui;
    private final Executor background;
    private final Function<Path, List<TrialRecord>> loadedTrials;
    private long generation;

    /**
     * @param loadedTrials a run's trials as the Results view holds them (FX thread), or null when not all read
     */
    public TrendViewModel(
            ResultsReader reader, UiExecutor ui, Executor background, Function<Path, List<TrialRecord>> loadedTrials) {
        this.reader = reader;
        this.ui = ui;
        this.background = background;
        this.loadedTrials = loadedTrials;
    }

    /** True while the trend screen is open. */
    public ReadOnlyBooleanProperty shownProperty() {
        return shown.getReadOnlyProperty();
    }
    /** True while the runs are being counted. */
    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }
    /** {@code refund-desk: trial pass rate per run}. */
    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }
    /** Why there is no trend, or null. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }
    /** The points, oldest run first. */
    public ObservableList<TrendPoint> points() {
        return points;
    }

    /**
     * Opens the trend of an eval.
     *
     * @param evalName the eval's name (the title)
     * @param runDirs its run folders
     */
    public void open(String evalName, List<Path> runDirs) {
        long gen = ++generation;
        shown.set(true);
        loading.set(true);
        message.set(null);
        points.clear();
        title.set(evalName + ": trial pass rate per run");
        List<Path> dirs = List.copyOf(runDirs);
        List<List<TrialRecord>> loaded = new ArrayList<>();
        for (Path d : dirs) {
            loaded.add(loadedTrials.apply(d));
        }
        inBackground(gen, "Could not draw the trend of " + evalName, () -> {
            List<RunTally> tallies = new ArrayList<>();
            for (int i = 0; i < dirs.size(); i++) {
                Path d = dirs.get(i);
                List<TrialRecord> t = loaded.get(i);
                RunInfo info = reader.readRun(d);
                tallies.add(t == null ? RunTally.read(reader, d, false) : RunTally.of(info, null, t, false));
            }
            List<TrendPoint> result = TrendPoint.of(tallies);
            String unread = TrendPoint.unread(tallies); // said, not left out silently
            ui.execute(() -> {
                if (gen == generation) {
                    loading.set(false);
                    points.setAll(result);
                    if (result.isEmpty()) {
                        message.set(unread != null ? unread : "No graded trials in this eval's runs yet.");
                    } else {
                        message.set(unread);
                    }
                }
            });
        });
    }

    /**
     * Runs {@code body} on the background executor; any failure (an Error too, such as the panel's jar rebuilt under
     * a running window, or a refused task) ends the load in place with why, instead of "Counting…" for good.
     */
    private void inBackground(long gen, String what, Runnable body) {
        try {
            background.execute(() -> {
                try {
                    body.run();
                } catch (Throwable t) {
                    failed(gen, what, t);
                }
            });
        } catch (RuntimeException t) {
            failed(gen, what, t);
        }
    }

    private void failed(long gen, String what, Throwable t) {
        LOG.warn("{}", what, t);
        ui.execute(() -> {
            if (gen == generation) {
                loading.set(false);
                message.set(what + ": " + dev.mstpanel.ui.common.FailureText.reason(t));
            }
        });
    }

    /** Opens the trend of the eval folder a run is in (its sibling runs). */
    public void openEvalOf(Path runDir) {
        Path runs = runDir.toAbsolutePath().normalize().getParent();
        long gen = ++generation;
        shown.set(true);
        loading.set(true);
        inBackground(gen, "Could not list the runs beside " + runDir.getFileName(), () -> {
            List<Path> dirs;
            String name;
            try {
                dirs = reader.locate(runs).runDirs();
                name = reader.readRun(runDir).evalName();
            } catch (ResultsException e) {
                ui.execute(() -> {
                    if (gen == generation) {
                        loading.set(false);
                        message.set(e.getMessage());
                    }
                });
                return;
            }
            ui.execute(() -> {
                if (gen == generation) {
                    open(name, dirs);
                }
            });
        });
    }

    /** Closes the trend screen. */
    public void close() {
        generation++;
        shown.set(false);
        loading.set(false);
    }
}
