package dev.mstpanel.ui.contexts;

import dev.mstpanel.core.colima.Colima;
import dev.mstpanel.core.colima.ColimaProfile;
import dev.mstpanel.core.colima.HostMemory;
import dev.mstpanel.core.colima.MemoryBudget;
import dev.mstpanel.core.docker.RemoteHosts;
import dev.mstpanel.core.shell.CommandRunner;
import dev.mstpanel.core.shell.StreamingProcess;
import dev.mstpanel.core.text.ByteSize;
import dev.mstpanel.ui.common.BackgroundTask;
import dev.mstpanel.ui.common.UiExecutor;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executor;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The fleet part of the Contexts view: Colima VMs (listed, started, stopped, created, with this
 * machine's memory budget) and remote hosts added over ssh. Colima and Docker work runs on the
 * background executor; state changes go through the {@link UiExecutor}; the progress line is
 * pushed at most 10 times a second.
 */
public final class FleetViewModel {
    // Properties
    private final ObservableList<ColimaProfile> profiles = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper colimaInstalled = new ReadOnlyBooleanWrapper(true);
    private final ReadOnlyStringWrapper colimaProblem = new ReadOnlyStringWrapper();
    private final ReadOnlyObjectWrapper<MemoryBudget> budget = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper progress = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper busyProfile = new ReadOnlyStringWrapper();
    private final ReadOnlyBooleanWrapper nestedSupported = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper addHostMessage = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper addHostOk = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper addingHost = new ReadOnlyBooleanWrapper(false);

    private final Colima colima;
    private final RemoteHosts remoteHosts;
    private final CommandRunner runner;
    private final Runnable contextsChanged;
    private final UiExecutor ui;
    private final Executor background;
    private volatile long hostBytes = -1;
    private volatile StreamingProcess current;

    /**
     * @param colima the colima CLI (login shell's PATH)
     * @param remoteHosts adds ssh hosts as contexts
     * @param runner reads the host's memory
     * @param contextsChanged refreshes the contexts (after a VM started or stopped, a host was added)
     * @param ui the FX-thread executor
     * @param background runs colima and Docker work
     */
    public FleetViewModel(
            Colima colima,
            RemoteHosts remoteHosts,
            CommandRunner runner,
            Runnable contextsChanged,
            UiExecutor ui,
            Executor background) {
        this.colima = colima;
        this.remoteHosts = remoteHosts;
        this.runner = runner;
        this.contextsChanged = contextsChanged;
        this.ui = ui;
        this.background = background;
    }

    // ---- Properties ----

    /** Colima's profiles, as {@code colima list --json} gives them. */
    public ObservableList<ColimaProfile> profiles() {
        return profiles;
    }

    /** False when no {@code colima} is on the login shell's PATH. */
    public ReadOnlyBooleanProperty colimaInstalledProperty() {
        return colimaInstalled.getReadOnlyProperty();
    }

    /** Whether the Colima part of the fleet (its VMs, New Colima VM, the memory budget) is shown: on macOS, or where Colima is installed. */
    public javafx.beans.binding.BooleanBinding colimaShown() {
        return colimaInstalled
                .getReadOnlyProperty()
                .or(javafx.beans.binding.Bindings.createBooleanBinding(colima::onMac));
    }

    /** Why Colima's profiles could not be read (or how to install it), or null. */
    public ReadOnlyStringProperty colimaProblemProperty() {
        return colimaProblem.getReadOnlyProperty();
    }

    /** The host's memory against the running VMs. */
    public ReadOnlyObjectProperty<MemoryBudget> budgetProperty() {
        return budget.getReadOnlyProperty();
    }

    /** The last line of colima's output while it starts or stops a VM. */
    public ReadOnlyStringProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    /** The profile colima is starting or stopping now, or null. */
    public ReadOnlyStringProperty busyProfileProperty() {
        return busyProfile.getReadOnlyProperty();
    }

    /** True where Colima can give a VM nested virtualization (macOS 15+, Apple M3 or later). */
    public ReadOnlyBooleanProperty nestedSupportedProperty() {
        return nestedSupported.getReadOnlyProperty();
    }

    /** What adding a remote host gave, in plain words; empty before. */
    public ReadOnlyStringProperty addHostMessageProperty() {
        return addHostMessage.getReadOnlyProperty();
    }

    /** True when the last host added answered. */
    public ReadOnlyBooleanProperty addHostOkProperty() {
        return addHostOk.getReadOnlyProperty();
    }

    /** True while a host is being added and probed. */
    public ReadOnlyBooleanProperty addingHostProperty() {
        return addingHost.getReadOnlyProperty();
    }

    /**
     * The warning the panel's memory rule gives before starting or creating a VM, or null.
     *
     * @param name the profile
     * @param memoryGib its memory in GiB (0: the profile's current memory)
     */
    public String warningBefore(String name, int memoryGib) {
        ColimaProfile existing =
                profiles.stream().filter(p -> p.name().equals(name)).findFirst().orElse(null);
        long bytes = memoryGib > 0 ? memoryGib * ByteSize.GIB : existing == null ? 0 : existing.memoryBytes();
        ColimaProfile planned =
                new ColimaProfile(name, existing == null ? "Stopped" : existing.status(), "", 0, bytes, 0, "docker");
        return MemoryBudget.of(hostBytes, List.copyOf(profiles), planned).warning();
    }

    // ---- Commands ----

    /** Re-reads Colima's profiles (and, once, the host's memory and nested-virtualization support). */
    public void refresh() {
        BackgroundTask.wrap(() -> {
                    Boolean nested = null;
                    if (hostBytes < 0) {
                        hostBytes = HostMemory.physicalBytes(runner);
                        nested = colima.executable().isPresent() && colima.nestedVirtualizationSupported();
                    }
                    if (colima.executable().isEmpty()) {
                        return new Profiles(nested, false, List.<ColimaProfile>of(), null);
                    }
                    try {
                        return new Profiles(nested, true, colima.list(Duration.ofSeconds(20)), null);
                    } catch (IOException e) {
                        return new Profiles(nested, true, null, e.getMessage());
                    }
                })
                .onSuccess(this::show)
                .executeWith(ui, background);
    }

    /** What a refresh found: nested virtualization (null when not looked at again), Colima, its profiles or why not. */
    private record Profiles(Boolean nested, boolean installed, List<ColimaProfile> list, String problem) {}

    private void show(Profiles found) {
        if (found.nested() != null) {
            nestedSupported.set(found.nested());
        }
        if (!found.installed()) {
            colimaInstalled.set(false);
            // on Linux Colima is optional: the Contexts view shows no install hint for it (colimaShown)
            colimaProblem.set(colima.onMac() ? colima.installHint() : null);
            profiles.clear();
            budget.set(MemoryBudget.of(hostBytes, List.of(), null));
        } else if (found.problem() != null) {
            colimaProblem.set(found.problem());
        } else {
            colimaInstalled.set(true);
            colimaProblem.set(null);
            profiles.setAll(found.list());
            budget.set(MemoryBudget.of(hostBytes, found.list(), null));
        }
    }

    /** Starts a stopped VM with its own settings. */
    public void start(String name) {
        create(name, Colima.StartOptions.NONE);
    }

    /** Starts (creating when new) a VM with these options; colima's output is the progress line. */
    public void create(String name, Colima.StartOptions options) {
        run(name, "Starting " + name + "…", lines -> colima.start(name, options, lines));
    }

    /** Stops a VM. */
    public void stop(String name) {
        run(name, "Stopping " + name + "…", lines -> colima.stop(name, lines));
    }

    /** Stops the running colima command (its process tree). */
    public void cancel() {
        StreamingProcess p = current;
        if (p != null) {
            BackgroundTask.wrap(() -> p.cancel()).executeWith(ui, background);
        }
    }

    /** Adds a remote host as a context and probes it; the message says what happened. */
    public void addHost(String name, String host) {
        addingHost.set(true);
        addHostMessage.set("Adding " + name + " and probing it…");
        BackgroundTask.wrap(() -> remoteHosts.add(name == null ? null : name.strip(), host, Duration.ofSeconds(20)))
                .onSuccess(added -> {
                    addHostOk.set(added.ok());
                    addHostMessage.set(added.message());
                    if (added.context() != null) {
                        contextsChanged.run();
                    }
                })
                .onFailure(e -> {
                    addHostOk.set(false);
                    addHostMessage.set(e.getMessage());
                })
                .onFinished(() -> addingHost.set(false))
                .executeWith(ui, background);
    }

    private interface Starter {
        StreamingProcess start(java.util.function.Consumer<String> onLine) throws IOException;
    }

    private void run(String name, String first, Starter starter) {
        if (busyProfile.get() != null) {
            return;
        }
        busyProfile.set(name);
        progress.set(first);
        BackgroundTask.wrapWithProgress(lines -> {
                    String[] lastLine = {""};
                    StreamingProcess p = starter.start(line -> {
                        lastLine[0] = humanLine(line);
                        lines.update(lastLine[0], -1);
                    });
                    current = p;
                    int code = p.exit().join();
                    current = null;
                    return p.cancelled()
                            ? "Cancelled: colima was stopped."
                            : code == 0 ? "Done." : "colima exited with code " + code + ": " + lastLine[0];
                })
                .progressEvery(Duration.ofMillis(100))
                .onProgress((line, f) -> progress.set(line))
                .onSuccess(end -> {
                    busyProfile.set(null);
                    progress.set(end);
                    refresh();
                    contextsChanged.run();
                })
                .onFailure(e -> {
                    busyProfile.set(null);
                    progress.set(e.getMessage());
                })
                .executeWith(ui, background);
    }

    /** Colima's log lines ({@code time=… level=info msg="…"}) shown as their message. */
    static String humanLine(String line) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("msg=\"((?:[^\"\\\\]|\\\\.)*)\"")
                .matcher(line);
        return m.find() ? m.group(1) : line.strip();
    }
}
