package dev.mstpanel.ui.doctor;

import dev.mstpanel.core.doctor.DoctorReport;
import dev.mstpanel.ui.common.BackgroundTask;
import dev.mstpanel.ui.common.UiExecutor;
import dev.mstpanel.ui.containers.ContainerServices;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/** The Doctor view's state: the last readiness report and the command that runs the checks again. */
public final class DoctorViewModel {
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");
    private final ReadOnlyObjectWrapper<DoctorReport> report = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("Checking this machine and every context…");
    private final ContainerServices services;
    private final UiExecutor ui;
    private final Executor background;
    private final AtomicBoolean inFlight = new AtomicBoolean();

    public DoctorViewModel(ContainerServices services, UiExecutor ui, Executor background) {
        this.services = services;
        this.ui = ui;
        this.background = background;
    }

    /** The last report, or null before the first one. */
    public ReadOnlyObjectProperty<DoctorReport> reportProperty() {
        return report.getReadOnlyProperty();
    }
    /** True while the checks run. */
    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }
    /** E.g. "3 checks fail on 2 contexts · 10:02:11 (took 2.1 s)". */
    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /** Runs every check again (a short container per reachable context); once at a time. */
    public void run() {
        if (!inFlight.compareAndSet(false, true)) {
            return;
        }
        BackgroundTask.wrap(() -> services.doctor().run(services.contexts(), services.probeTimeout()))
                .onRunning(() -> running.set(true))
                .onSuccess(r -> {
                    report.set(r);
                    summary.set(summarize(r) + " · " + LocalTime.now().format(CLOCK) + " (took "
                            + String.format(java.util.Locale.ROOT, "%.1f", r.millis() / 1000.0) + " s)");
                })
                .onFailure(e -> summary.set("The checks could not run: " + e.getMessage()))
                .onFinished(() -> {
                    running.set(false);
                    inFlight.set(false);
                })
                .executeWith(ui, background);
    }

    static String summarize(DoctorReport r) {
        long fails = r.host().stream()
                        .filter(c -> c.status() == dev.mstpanel.core.doctor.CheckStatus.FAIL)
                        .count()
                + r.contexts().stream()
                        .flatMap(c -> c.checks().stream())
                        .filter(c -> c.status() == dev.mstpanel.core.doctor.CheckStatus.FAIL)
                        .count();
        long ready = r.contexts().stream()
                .filter(c -> c.worst() == dev.mstpanel.core.doctor.CheckStatus.PASS)
                .count();
        return (fails == 0 ? "Everything checked is ready" : fails + (fails == 1 ? " check fails" : " checks fail"))
                + " · " + ready + " of " + r.contexts().size() + " contexts ready for Cowork";
    }
}
