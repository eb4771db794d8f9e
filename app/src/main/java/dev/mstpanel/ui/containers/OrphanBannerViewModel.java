package dev.mstpanel.ui.containers;

import dev.mstpanel.core.docker.ContainerActionException;
import dev.mstpanel.core.docker.ContainerKind;
import dev.mstpanel.core.docker.ContainerListing;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.docker.MstContainer;
import dev.mstpanel.ui.common.BackgroundTask;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The start-up offer to clean up orphaned containers ("Supervising the process": if the
 * panel itself dies, the next start finds the run's containers by their labels and offers to
 * clean them). {@link #check()} lists MST's containers on every context the panel can name
 * (unreachable ones cost their probe timeout, in parallel, and are left out) and keeps this
 * machine's orphaned ones: labelled {@code mst.owner.host} = this host, {@code mst.owner.pid} a
 * process that is gone (docs/dev/mst-format.md, Containers). {@link #cleanUp()} removes exactly those,
 * each re-checked by {@link dev.mstpanel.core.docker.MstContainers#remove} just before: kept
 * containers, another machine's, unlabelled ones and any whose process came back are never
 * removed. Docker work runs on the background executor; state changes go through the UI executor.
 */
public final class OrphanBannerViewModel {
    /** What the banner shows. */
    public enum State {
        /** Nothing to show (before the check, no orphan, or closed). */
        HIDDEN,
        /** Orphans were found: Clean up and Show are offered. */
        FOUND,
        /** Removal is under way. */
        REMOVING,
        /** Every orphan was removed. */
        CLEANED,
        /** Some could not be removed: the reasons are in the detail; Clean up can be tried again. */
        PROBLEM
    }

    private static final Logger LOG = LoggerFactory.getLogger(OrphanBannerViewModel.class);
    private static final Duration REMOVE_TIMEOUT = Duration.ofSeconds(30);

    private final ContainerServices services;
    private final Executor ui;
    private final Executor background;

    // Properties
    private final ReadOnlyObjectWrapper<State> state = new ReadOnlyObjectWrapper<>(State.HIDDEN);
    private final ReadOnlyBooleanWrapper shown = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper detail = new ReadOnlyStringWrapper("");
    private List<MstContainer> orphans = List.of();

    /**
     * @param services the contexts, the container listing and removal, the probe timeout
     * @param ui posts to the FX thread
     * @param background runs Docker work
     */
    public OrphanBannerViewModel(ContainerServices services, Executor ui, Executor background) {
        this.services = services;
        this.ui = ui;
        this.background = background;
        state.addListener((o, a, s) -> shown.set(s != State.HIDDEN));
    }

    // ---- Properties ----------------------------------------------------------------------

    public ReadOnlyObjectProperty<State> stateProperty() {
        return state.getReadOnlyProperty();
    }
    /** True while the banner is to be shown. */
    public ReadOnlyBooleanProperty shownProperty() {
        return shown.getReadOnlyProperty();
    }
    /** One line, e.g. "2 orphaned MST containers on engine-1, engine-2". */
    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }
    /** What they are and what Clean up does, or what went wrong. */
    public ReadOnlyStringProperty detailProperty() {
        return detail.getReadOnlyProperty();
    }

    /** The orphans found (on the FX thread), in listing order. */
    public List<MstContainer> orphans() {
        return orphans;
    }

    /** The question the view asks before {@link #cleanUp()}: a title and a message naming every container. */
    public String[] confirmation() {
        String names = orphans.stream().map(k -> k.context() + "/" + k.name()).collect(Collectors.joining(", "));
        return new String[] {
            "Remove " + count(orphans.size()) + "?",
            names
                    + " will be removed (docker rm -f). Kept containers, another machine's and containers without MST's labels are not touched."
        };
    }

    // ---- Commands ------------------------------------------------------------------------

    /** Lists this machine's orphaned containers in the background; shows the banner when there are any. */
    public void check() {
        BackgroundTask.wrap(() -> {
                    ContainerListing listing = services.containers().list(services.contexts(), services.probeTimeout());
                    List<MstContainer> found = listing.containers().stream()
                            .filter(k -> k.kind() == ContainerKind.ORPHANED)
                            .toList();
                    LOG.info(
                            "start-up check: {} orphaned container(s) in {} ms", found.size(), listing.elapsedMillis());
                    return found;
                })
                .onSuccess(found -> {
                    if (state.get() == State.REMOVING) {
                        return;
                    }
                    orphans = found;
                    if (found.isEmpty()) {
                        state.set(State.HIDDEN);
                        return;
                    }
                    title.set(count(found.size()) + " on "
                            + found.stream()
                                    .collect(Collectors.groupingBy(
                                            MstContainer::context, LinkedHashMap::new, Collectors.counting()))
                                    .entrySet()
                                    .stream()
                                    .map(e -> e.getKey() + " (" + e.getValue() + ")")
                                    .collect(Collectors.joining(", ")));
                    detail.set(
                            "Their mst process on this machine is gone (a run ended without cleaning up), and each may still hold memory and disk."
                                    + " Clean up removes only these; kept containers and other machines' are left alone.");
                    state.set(State.FOUND);
                })
                .onFailure(e -> LOG.warn("looking for orphaned containers failed", e))
                .executeWith(ui, background);
    }

    /** Removes the orphans found (the view confirms first). */
    public void cleanUp() {
        List<MstContainer> targets = orphans;
        if (targets.isEmpty() || state.get() == State.REMOVING) {
            return;
        }
        state.set(State.REMOVING);
        title.set("Removing " + count(targets.size()) + "…");
        BackgroundTask.wrap(() -> {
                    Map<String, DockerContext> byName = new LinkedHashMap<>();
                    services.contexts().forEach(c -> byName.put(c.name(), c));
                    List<MstContainer> removed = new ArrayList<>();
                    List<String> problems = new ArrayList<>();
                    for (MstContainer k : targets) {
                        DockerContext c = byName.get(k.context());
                        if (c == null) {
                            problems.add(k.context() + "/" + k.name() + ": the context is gone");
                            continue;
                        }
                        try {
                            removed.add(services.containers().remove(c, k.id(), REMOVE_TIMEOUT));
                        } catch (ContainerActionException e) {
                            problems.add(e.getMessage());
                        } catch (RuntimeException e) {
                            LOG.warn("removing {} on {} failed", k.name(), k.context(), e);
                            problems.add(k.context() + "/" + k.name() + ": " + e.getMessage());
                        }
                    }
                    return new Removal(removed, problems);
                })
                .onSuccess(done -> {
                    List<MstContainer> removed = done.removed();
                    List<String> problems = done.problems();
                    List<MstContainer> left = targets.stream()
                            .filter(t -> removed.stream().noneMatch(r -> r.id().equals(t.id())))
                            .toList();
                    orphans = left;
                    if (problems.isEmpty()) {
                        title.set("Removed " + count(removed.size()) + " from " + contextsOf(removed) + ".");
                        detail.set("");
                        state.set(State.CLEANED);
                    } else {
                        title.set(
                                removed.isEmpty()
                                        ? "Could not remove the orphaned containers"
                                        : "Removed " + removed.size() + ", " + left.size() + " left");
                        detail.set(String.join("\n", problems));
                        state.set(left.isEmpty() ? State.CLEANED : State.PROBLEM);
                    }
                })
                .onFailure(e -> {
                    LOG.warn("removing the orphaned containers failed", e);
                    title.set("Could not remove the orphaned containers");
                    detail.set(String.valueOf(e.getMessage()));
                    state.set(State.PROBLEM);
                })
                .executeWith(ui, background);
    }

    private record Removal(List<MstContainer> removed, List<String> problems) {}

    /** Closes the banner; it stays closed until the next {@link #check()}. */
    public void dismiss() {
        if (state.get() != State.REMOVING) {
            state.set(State.HIDDEN);
        }
    }

    private static String count(int n) {
        return n + (n == 1 ? " orphaned MST container" : " orphaned MST containers");
    }

    private static String contextsOf(List<MstContainer> ks) {
        return ks.stream().map(MstContainer::context).distinct().collect(Collectors.joining(", "));
    }
}
