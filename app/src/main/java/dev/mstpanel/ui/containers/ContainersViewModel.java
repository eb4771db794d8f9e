package dev.mstpanel.ui.containers;

import dev.mstpanel.core.docker.ContainerActionException;
import dev.mstpanel.core.docker.ContainerKind;
import dev.mstpanel.core.docker.ContainerListing;
import dev.mstpanel.core.docker.ContainerShell;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.docker.MstContainer;
import dev.mstpanel.core.docker.ProbeFailure;
import dev.mstpanel.core.docker.SessionFile;
import dev.mstpanel.core.docker.TerminalLauncher;
import dev.mstpanel.ui.common.BackgroundTask;
import dev.mstpanel.ui.common.UiExecutor;
import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

/**
 * The Containers view's state: MST's containers on every context, a kind filter, and the actions
 * (open a shell, copy its command, session files, logs, remove, clean orphans). Docker work runs
 * on the background executor; state reaches the UI through the {@link UiExecutor}; a followed log
 * is pushed at most 10 times a second and keeps its last {@value #MAX_LOG_LINES} lines.
 */
public final class ContainersViewModel {
    /** Lines of a followed log kept on screen. */
    public static final int MAX_LOG_LINES = 5000;

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

    /** The filter choices: all kinds, or one. */
    public enum KindFilter {
        ALL("All kinds", null),
        RUNNING("Running", ContainerKind.RUNNING),
        KEPT("Kept", ContainerKind.KEPT),
        ORPHANED("Orphaned", ContainerKind.ORPHANED),
        OTHER_HOST("Another machine's", ContainerKind.OTHER_HOST);

        private final String label;
        private final ContainerKind kind;

        KindFilter(String label, ContainerKind kind) {
            this.label = label;
            this.kind = kind;
        }

        boolean accepts(MstContainer k) {
            return kind == null || k.kind() == kind;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    // Properties
    private final ObservableList<MstContainer> all = FXCollections.observableArrayList();
    private final FilteredList<MstContainer> shown = new FilteredList<>(all, k -> true);
    private final ObjectProperty<KindFilter> filter = new SimpleObjectProperty<>(KindFilter.ALL);
    private final ObservableList<String> failures = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper refreshing = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("Looking for MST's containers…");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper();
    private final ReadOnlyBooleanWrapper messageIsError = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper sessionText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper logText = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper following = new ReadOnlyBooleanWrapper();

    private final ContainerServices services;
    private final UiExecutor ui;
    private final Executor background;
    private final AtomicBoolean inFlight = new AtomicBoolean();
    private final Map<String, DockerContext> contextsByName = new java.util.concurrent.ConcurrentHashMap<>();
    private final Deque<String> logLines = new ArrayDeque<>();
    private final ScheduledExecutorService logFlusher;
    private volatile boolean logDirty;
    private boolean firstRefresh = true;
    private Closeable logHandle;
    /** The selected container's key ({@code context/id}), or null; FX thread only. */
    private String selectedKey;
    /** The container the shown message is about, or null when it is about none in particular; FX thread only. */
    private String messageAbout;
    /** The log being opened or followed: resetting the pane makes the older log's lines stale. */
    private final BackgroundTask.Lane logs = new BackgroundTask.Lane();
    /** The first listing timed out while the window started: it is tried once more; FX thread only. */
    private boolean retryFirst;

    /**
     * @param services the container, terminal and log services
     * @param ui posts state to the FX thread
     * @param background runs Docker work
     */
    public ContainersViewModel(ContainerServices services, UiExecutor ui, Executor background) {
        this.services = services;
        this.ui = ui;
        this.background = background;
        filter.addListener((o, a, f) -> shown.setPredicate(k -> f == null || f.accepts(k)));
        logFlusher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "container-log-flush");
            t.setDaemon(true);
            return t;
        });
        logFlusher.scheduleWithFixedDelay(this::flushLog, 100, 100, TimeUnit.MILLISECONDS);
    }

    // ---- Properties ----

    /** The containers the filter lets through. */
    public ObservableList<MstContainer> containers() {
        return shown;
    }
    /** Every container listed. */
    public ObservableList<MstContainer> allContainers() {
        return FXCollections.unmodifiableObservableList(all);
    }
    /** The kind filter. */
    public ObjectProperty<KindFilter> filterProperty() {
        return filter;
    }
    /** One line per context that could not be listed. */
    public ObservableList<String> failures() {
        return failures;
    }

    public ReadOnlyBooleanProperty refreshingProperty() {
        return refreshing.getReadOnlyProperty();
    }
    /** E.g. "3 containers on 2 contexts: 1 orphaned, 1 kept · 10:02:11". */
    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }
    /** The last action's outcome, one or two sentences, or null. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty messageIsErrorProperty() {
        return messageIsError.getReadOnlyProperty();
    }
    /** The selected container's session files as text, absent ones as lines. */
    public ReadOnlyStringProperty sessionTextProperty() {
        return sessionText.getReadOnlyProperty();
    }
    /** The selected container's log (its last lines). */
    public ReadOnlyStringProperty logTextProperty() {
        return logText.getReadOnlyProperty();
    }
    /** True while a log is followed. */
    public ReadOnlyBooleanProperty followingProperty() {
        return following.getReadOnlyProperty();
    }

    // ---- Commands ----

    /**
     * The table's selection changed: the per-container panes (session files, log) are emptied and
     * a message about the previous container is dropped, so nothing of one container is shown next
     * to another's name; results still on their way for the previous one are ignored. Selecting
     * the same container again (same context and id) keeps everything.
     *
     * @param k the selected container, or null when none is
     */
    public void select(MstContainer k) {
        String key = key(k);
        if (java.util.Objects.equals(key, selectedKey)) {
            return;
        }
        selectedKey = key;
        clearPanes();
        if (messageAbout != null && !messageAbout.equals(key)) {
            message.set(null);
            messageIsError.set(false);
            messageAbout = null;
        }
    }

    private void clearPanes() {
        resetLog();
        sessionText.set("");
    }

    /** Stops the log and empties its pane; lines still arriving from it are dropped. */
    private void resetLog() {
        stopLog();
        synchronized (logLines) {
            logs.cancelAll();
            logLines.clear();
        }
        logDirty = false;
        logText.set("");
    }

    /** A container's identity across listings: {@code context/id}; null for null. */
    static String key(MstContainer k) {
        return k == null ? null : k.context() + "/" + k.id();
    }

    /** Lists MST's containers on every context again. Does nothing while one is in flight. */
    public void refresh() {
        if (!inFlight.compareAndSet(false, true)) {
            return;
        }
        BackgroundTask.wrap(() -> {
                    List<DockerContext> contexts = services.contexts();
                    ContainerListing listing = services.containers().list(contexts, services.probeTimeout());
                    String hostChange = services.containers()
                            .owner()
                            .hostNames()
                            .change()
                            .map(c -> " · " + c)
                            .orElse("");
                    return new Listed(contexts, listing, hostChange);
                })
                .onRunning(() -> refreshing.set(true))
                .onSuccess(this::listed)
                .onFailure(e -> failures.setAll("The Docker contexts could not be read: " + e.getMessage()))
                .onFinished(() -> {
                    inFlight.set(false);
                    refreshing.set(false);
                    if (retryFirst) {
                        retryFirst = false;
                        refresh();
                    }
                })
                .executeWith(ui, background);
    }

    private record Listed(List<DockerContext> contexts, ContainerListing listing, String hostChange) {}

    private void listed(Listed l) {
        contextsByName.clear();
        l.contexts().forEach(c -> contextsByName.put(c.name(), c));
        all.setAll(l.listing().containers());
        failures.setAll(l.listing().failures().stream()
                .map(f -> f.context() + ": " + f.message())
                .toList());
        summary.set(summarize(l.listing(), l.contexts().size()) + " · "
                + LocalTime.now().format(CLOCK) + l.hostChange());
        boolean timedOut = l.listing().failures().stream().anyMatch(f -> f.kind() == ProbeFailure.Kind.TIMEOUT);
        // the first listing also loads the Docker client's classes while the window starts: try once more
        retryFirst = firstRefresh && timedOut;
        firstRefresh = false;
    }

    static String summarize(ContainerListing listing, int contexts) {
        int n = listing.containers().size();
        Map<ContainerKind, Integer> counts = new java.util.EnumMap<>(ContainerKind.class);
        listing.containers().forEach(k -> counts.merge(k.kind(), 1, Integer::sum));
        List<String> parts = new ArrayList<>();
        counts.forEach((kind, c) ->
                parts.add(c + " " + (kind == ContainerKind.OTHER_HOST ? "another machine's" : kind.jsonName())));
        return n + (n == 1 ? " container" : " containers") + " on "
                + (contexts - listing.failures().size()) + " of " + contexts + " contexts"
                + (parts.isEmpty() ? "" : ": " + String.join(", ", parts));
    }

    /**
     * The shell command for a container, for the clipboard.
     *
     * @return {@code docker --context CTX exec -it -u mst NAME bash}, or null with a message when a name is not a Docker name
     */
    public String copyCommand(MstContainer k) {
        try {
            String cmd = TerminalLauncher.copyCommand(k.context(), k.name());
            say("Copied: " + cmd, false, k);
            return cmd;
        } catch (IllegalArgumentException e) {
            say(e.getMessage(), true, k);
            return null;
        }
    }

    /**
     * Opens the user's terminal on a shell in the container (Settings' terminal): bash, or sh with a
     * note when the container's image has no bash ({@link ContainerShell}, as the CLI's {@code shell}).
     */
    public void openShell(MstContainer k) {
        BackgroundTask.wrap(() -> {
                    ContainerShell shell = ContainerShell.BASH;
                    try {
                        shell = ContainerShell.choose(services.docker(), k.context(), k.name(), Duration.ofSeconds(5));
                        ContainerShell chosen = shell;
                        services.terminals()
                                .withShell(shell.program())
                                .open(
                                        services.settings().terminalApp,
                                        k.context(),
                                        k.name(),
                                        // macOS asked the person and was refused, or the terminal failed later: said in
                                        // place of the success
                                        later -> say(
                                                (chosen.note() == null ? "" : chosen.note() + " ") + later.getMessage(),
                                                true,
                                                k));
                        say(
                                "Opened " + (shell.note() == null ? "a shell" : "sh") + " in " + k.name() + "."
                                        + (shell.note() == null ? "" : " " + shell.note()),
                                false,
                                k);
                    } catch (IOException | IllegalArgumentException e) {
                        say((shell.note() == null ? "" : shell.note() + " ") + e.getMessage(), true, k);
                    }
                    return shell;
                })
                .executeWith(ui, background);
    }

    /** Removes one of this machine's kept or orphaned containers (the view confirms first). */
    public void remove(MstContainer k) {
        BackgroundTask.wrap(() -> services.containers().remove(context(k), k.name(), Duration.ofSeconds(30)))
                .onSuccess(gone -> {
                    if (key(k).equals(selectedKey)) {
                        clearPanes();
                    }
                    say("Removed " + gone.name() + " from " + gone.context() + ".", false, null);
                })
                .onFailure(e -> say(e.getMessage(), true, k))
                .onFinished(this::refresh)
                .executeWith(ui, background);
    }

    /** This machine's orphaned containers now listed. */
    public List<MstContainer> orphans() {
        return all.stream().filter(k -> k.kind() == ContainerKind.ORPHANED).toList();
    }

    /** Removes this machine's orphaned containers on every context (the view confirms first). */
    public void cleanOrphans() {
        BackgroundTask.wrap(() -> services.containers().removeOrphans(services.contexts(), Duration.ofSeconds(30)))
                .onSuccess(r -> {
                    String names = String.join(
                            ", ",
                            r.removed().stream()
                                    .map(k -> k.context() + "/" + k.name())
                                    .toList());
                    List<String> problems =
                            r.problems().stream().filter(p -> !isUnreachable(p)).toList();
                    say(
                            (r.removed().isEmpty()
                                            ? "No orphaned container to remove."
                                            : "Removed " + r.removed().size() + ": " + names + ".")
                                    + (problems.isEmpty() ? "" : " Not removed: " + String.join("; ", problems)),
                            !problems.isEmpty());
                })
                .onFinished(this::refresh)
                .executeWith(ui, background);
    }

    private boolean isUnreachable(String problem) {
        return failures.stream().anyMatch(problem::equals);
    }

    /** Reads the container's session files into {@link #sessionTextProperty()}. */
    public void loadSessionFiles(MstContainer k) {
        select(k);
        String key = key(k);
        sessionText.set("Reading the session files of " + k.name() + "…");
        java.util.function.Consumer<String> show = t -> {
            if (key.equals(selectedKey)) {
                sessionText.set(t);
            }
        };
        BackgroundTask.wrap(() -> render(services.sessionFiles().read(context(k), k.name(), Duration.ofSeconds(30))))
                .onSuccess(show)
                .onFailure(e -> show.accept(e.getMessage()))
                .executeWith(ui, background);
    }

    /** Session files as one text: a header line per file, absent ones as a line of their own. */
    static String render(List<SessionFile> files) {
        StringBuilder sb = new StringBuilder();
        for (SessionFile f : files) {
            sb.append("── ").append(f.headline()).append('\n');
            if (!f.content().isEmpty()) {
                sb.append(f.content());
                if (!f.content().endsWith("\n")) {
                    sb.append('\n');
                }
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /**
     * Shows the container's log: its last 1000 lines, then new ones while {@code follow}.
     */
    public void openLog(MstContainer k, boolean follow) {
        select(k);
        resetLog();
        following.set(follow);
        BackgroundTask.wrapWithProgress(log -> services.logs()
                        .open(context(k), k.name(), 1000, follow, line -> appendLog(log, line), why -> {
                            if (why != null) {
                                appendLog(log, "[mst-panel] the log ended: " + why);
                            }
                            ui.execute(() -> {
                                if (!log.isCancelled()) {
                                    following.set(false);
                                }
                            });
                        }))
                .onSuccess(h -> logHandle = h)
                .onDropped(this::closeQuietly)
                .onFailure(e -> {
                    synchronized (logLines) {
                        logLines.addLast("[mst-panel] " + e.getMessage());
                    }
                    logDirty = true;
                    following.set(false);
                })
                .latestIn(logs)
                .executeWith(ui, background);
    }

    private void closeQuietly(Closeable h) {
        if (h != null) {
            BackgroundTask.wrap(() -> {
                        h.close();
                        return h;
                    })
                    .executeWith(ui, background);
        }
    }

    /** Stops following the log. */
    public void stopLog() {
        Closeable h = logHandle;
        logHandle = null;
        following.set(false);
        closeQuietly(h);
    }

    /** Adds a line of the log {@code log} reads, unless the pane was reset since. */
    private void appendLog(BackgroundTask.Progress log, String line) {
        synchronized (logLines) {
            if (log.isCancelled()) {
                return;
            }
            logLines.addLast(line);
            while (logLines.size() > MAX_LOG_LINES) {
                logLines.removeFirst();
            }
        }
        logDirty = true;
    }

    private void flushLog() {
        if (!logDirty) {
            return;
        }
        logDirty = false;
        // joined on the FX thread, so that a pane reset in between is never overwritten by older lines
        ui.execute(() -> {
            String text;
            synchronized (logLines) {
                text = String.join("\n", logLines);
            }
            logText.set(text);
        });
    }

    private DockerContext context(MstContainer k) throws ContainerActionException {
        DockerContext c = contextsByName.get(k.context());
        if (c == null) {
            c = services.contexts().stream()
                    .filter(x -> x.name().equals(k.context()))
                    .findFirst()
                    .orElseThrow(() -> new ContainerActionException("The context " + k.context() + " is gone."));
        }
        return c;
    }

    private void say(String text, boolean error) {
        say(text, error, null);
    }

    /** Shows a message; {@code about} (or null) is the container it concerns, dropped when another is selected. */
    private void say(String text, boolean error, MstContainer about) {
        String aboutKey = key(about);
        ui.execute(() -> {
            if (aboutKey != null && !aboutKey.equals(selectedKey)) {
                return;
            }
            message.set(text);
            messageIsError.set(error);
            messageAbout = aboutKey;
        });
    }

    /** Stops the log and its flusher. */
    public void dispose() {
        stopLog();
        logFlusher.shutdownNow();
    }
}
