package dev.mstpanel.ui.contexts;

import dev.mstpanel.core.docker.CapacityPlanner;
import dev.mstpanel.core.docker.ContextList;
import dev.mstpanel.core.docker.ContextStore;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.docker.EngineGroups;
import dev.mstpanel.core.docker.EngineInfo;
import dev.mstpanel.core.docker.EngineProber;
import dev.mstpanel.core.docker.ProbeResult;
import dev.mstpanel.core.docker.RunSizing;
import dev.mstpanel.ui.common.BackgroundTask;
import dev.mstpanel.ui.common.UiExecutor;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Contexts view's state: one {@link ContextRow} per context, the run options that change
 * the split, and the refresh commands. Disk and Docker work runs on the background executor;
 * every state change goes through the {@link UiExecutor}. Rows fill in as each probe returns.
 */
public final class ContextsViewModel {
    private static final Logger LOG = LoggerFactory.getLogger(ContextsViewModel.class);
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

    // Properties
    private final ObservableList<ContextRow> rows = FXCollections.observableArrayList();
    private final ObservableList<ContextRow> readOnlyRows = FXCollections.unmodifiableObservableList(rows);
    private final ObservableList<String> warnings = FXCollections.observableArrayList();
    private final StringProperty memoryInput = new SimpleStringProperty("");
    private final StringProperty cpusInput = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper sizingError = new ReadOnlyStringWrapper();
    private final ReadOnlyObjectWrapper<RunSizing> sizing = new ReadOnlyObjectWrapper<>(RunSizing.DEFAULTS);
    private final ReadOnlyBooleanWrapper refreshing = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("Looking for Docker contexts…");

    private final ContextStore store;
    private final EngineProber prober;
    private final CapacityPlanner planner = new CapacityPlanner();
    private final Supplier<Duration> probeTimeout;
    private final UiExecutor ui;
    private final Executor background;
    private final AtomicBoolean inFlight = new AtomicBoolean();
    private final AtomicBoolean refreshAgain = new AtomicBoolean();
    private volatile boolean disposed;
    private ScheduledExecutorService scheduler;
    private ScheduledFuture<?> autoRefresh;

    /**
     * @param store reads the Docker CLI's contexts
     * @param prober probes engines
     * @param probeTimeout the per-context timeout, read at each refresh (settings may change it)
     * @param ui posts state changes to the FX thread
     * @param background runs disk reads and starts probes
     */
    public ContextsViewModel(
            ContextStore store,
            EngineProber prober,
            Supplier<Duration> probeTimeout,
            UiExecutor ui,
            Executor background) {
        this.store = store;
        this.prober = prober;
        this.probeTimeout = probeTimeout;
        this.ui = ui;
        this.background = background;
        memoryInput.addListener((o, a, b) -> updateSizing());
        cpusInput.addListener((o, a, b) -> updateSizing());
    }

    // ---- Properties ----

    /** One row per context, in the Docker CLI's order. */
    public ObservableList<ContextRow> rows() {
        return readOnlyRows;
    }

    /** Sentences about files that could not be read (config.json, the context store). */
    public ObservableList<String> warnings() {
        return warnings;
    }

    /** The run's {@code memory} option as typed (Docker syntax), blank for MST's default. */
    public StringProperty memoryInputProperty() {
        return memoryInput;
    }

    /** The run's {@code cpus} option as typed, blank for none. */
    public StringProperty cpusInputProperty() {
        return cpusInput;
    }

    /** Why the typed options are not valid, or null. */
    public ReadOnlyStringProperty sizingErrorProperty() {
        return sizingError.getReadOnlyProperty();
    }

    /** The options the split is computed with (the last valid ones typed). */
    public ReadOnlyObjectProperty<RunSizing> sizingProperty() {
        return sizing.getReadOnlyProperty();
    }

    /** True while a refresh is probing. */
    public ReadOnlyBooleanProperty refreshingProperty() {
        return refreshing.getReadOnlyProperty();
    }

    /** A one-line summary for the status bar, e.g. "2 of 3 contexts reachable · refreshed 10:02:11". */
    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    // ---- Commands ----

    /**
     * Re-reads the context store and probes every context. While one is in flight, another runs
     * once it ends (a context added meanwhile, e.g. a remote host, is then listed).
     */
    public void refresh() {
        if (disposed) {
            return;
        }
        if (!inFlight.compareAndSet(false, true)) {
            refreshAgain.set(true);
            return;
        }
        BackgroundTask.wrap(() -> {
                    ContextList list = store.load();
                    Duration timeout = probeTimeout.get();
                    ui.execute(() -> mergeContexts(list));
                    // the probes answer one by one, each posted as it arrives; the refresh ends with the last
                    return prober.probeAll(list.contexts(), timeout, r -> ui.execute(() -> apply(r)));
                })
                .onRunning(() -> refreshing.set(true))
                .onSuccess(probes -> probes.whenComplete((all, err) -> ui.execute(() -> {
                    // each result was posted as it arrived, but CompletableFuture runs dependents in no
                    // set order: apply them all again (idempotent) so the summary counts every one
                    if (all != null) {
                        all.forEach(this::apply);
                    }
                    finishRefresh();
                })))
                .onFailure(e -> {
                    LOG.error("reading the Docker context store failed", e);
                    warnings.setAll("The Docker context store could not be read: " + e.getMessage());
                    finishRefresh();
                })
                .executeWith(ui, background);
    }

    /**
     * Refreshes now and then every {@code interval} after the previous refresh ended.
     *
     * @param interval the pause between refreshes (settings: 10 s by default)
     */
    public void startAutoRefresh(Duration interval) {
        stopAutoRefresh();
        if (scheduler == null) {
            scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "contexts-refresh");
                t.setDaemon(true);
                return t;
            });
        }
        autoRefresh = scheduler.scheduleWithFixedDelay(
                this::refresh, 0, Math.max(1, interval.toMillis()), TimeUnit.MILLISECONDS);
    }

    /** Stops the background refresh. */
    public void stopAutoRefresh() {
        if (autoRefresh != null) {
            autoRefresh.cancel(false);
            autoRefresh = null;
        }
    }

    /** Stops background work for good. */
    public void dispose() {
        disposed = true;
        stopAutoRefresh();
        if (scheduler != null) {
            scheduler.shutdownNow();
        }
    }

    /** Rows whose engine answered, for other views (the Run form's context choice). */
    public List<ContextRow> reachableRows() {
        return rows.stream()
                .filter(r -> r.state() == ContextRow.State.REACHABLE)
                .toList();
    }

    // ---- internals, on the UI executor ----

    private void mergeContexts(ContextList list) {
        if (disposed) {
            return;
        }
        warnings.setAll(list.warnings());
        List<ContextRow> next = new ArrayList<>();
        for (DockerContext c : list.contexts()) {
            ContextRow old = find(c.name());
            if (old != null && old.context().endpoint().equals(c.endpoint()) && old.probe() != null) {
                next.add(new ContextRow(
                        c, old.state(), old.probe(), old.capacity(), true, old.sameEngineAs(), old.countedUnder()));
            } else {
                next.add(new ContextRow(c, ContextRow.State.PROBING, null, null, false));
            }
        }
        rows.setAll(next);
    }

    private void apply(ProbeResult r) {
        if (disposed) {
            return; // a probe that ends after the window closed changes nothing
        }
        for (int i = 0; i < rows.size(); i++) {
            ContextRow row = rows.get(i);
            if (row.name().equals(r.context().name())) {
                rows.set(
                        i,
                        new ContextRow(
                                row.context(),
                                r.reachable() ? ContextRow.State.REACHABLE : ContextRow.State.UNREACHABLE,
                                r,
                                capacityOf(r),
                                false));
                regroup();
                return;
            }
        }
    }

    /** Marks rows that reach one engine (same engine ID) with each other's names. */
    private void regroup() {
        EngineGroups groups =
                EngineGroups.of(rows.stream().map(ContextRow::probe).toList());
        for (int i = 0; i < rows.size(); i++) {
            ContextRow row = rows.get(i);
            List<String> same = groups.sameEngineAs(row.name());
            String countedUnder = groups.isAlias(row.name()) ? groups.primary(row.name()) : null;
            if (!same.equals(row.sameEngineAs()) || !java.util.Objects.equals(countedUnder, row.countedUnder())) {
                rows.set(i, row.withSameEngineAs(same, countedUnder));
            }
        }
    }

    private void finishRefresh() {
        inFlight.set(false);
        refreshing.set(false);
        if (refreshAgain.getAndSet(false) && !disposed) {
            refresh();
        }
        long reachable = rows.stream()
                .filter(r -> r.state() == ContextRow.State.REACHABLE)
                .count();
        summary.set(reachable + " of " + rows.size() + (rows.size() == 1 ? " context" : " contexts")
                + " reachable · refreshed " + LocalTime.now().format(CLOCK));
    }

    private ContextRow find(String name) {
        return rows.stream().filter(r -> r.name().equals(name)).findFirst().orElse(null);
    }

    private dev.mstpanel.core.docker.ContextCapacity capacityOf(ProbeResult r) {
        EngineInfo e = r.engine();
        if (e == null || e.memoryBytes() <= 0 || e.cpus() <= 0) {
            return null;
        }
        return planner.plan(e.memoryBytes(), e.cpus(), sizing.get());
    }

    private void updateSizing() {
        try {
            sizing.set(RunSizing.parse(memoryInput.get(), cpusInput.get()));
            sizingError.set(null);
        } catch (IllegalArgumentException e) {
            sizingError.set(e.getMessage());
            return;
        }
        for (int i = 0; i < rows.size(); i++) {
            ContextRow row = rows.get(i);
            if (row.probe() != null && row.probe().reachable()) {
                rows.set(
                        i,
                        new ContextRow(
                                row.context(), row.state(), row.probe(), capacityOf(row.probe()), row.refreshing()));
            }
        }
    }
}
