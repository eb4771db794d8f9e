package dev.mstpanel.ui.runs;

import dev.mstpanel.ui.common.Notifier;
import java.util.HashSet;
import java.util.Set;

/**
 * Turns the Runs view's snapshots into desktop notifications: one when a run ends (finished,
 * stopped or failed) and one the first time each shard runs out of memory. They show also while
 * the window is in the background.
 */
public final class RunNotifications {
    private final Set<Integer> oomShards = new HashSet<>();
    private RunSnapshot.State last;

    private RunNotifications() {}

    /**
     * Follows a Runs view model.
     *
     * @param runs the view model (its snapshots change on the FX thread)
     * @param notifier shows the notifications
     * @param onClick what clicking a notification does (e.g. open the Runs view), or null
     */
    public static void attach(RunViewModel runs, Notifier notifier, Runnable onClick) {
        RunNotifications n = new RunNotifications();
        runs.snapshotProperty().addListener((o, before, s) -> n.onSnapshot(s, runs, notifier, onClick));
    }

    private void onSnapshot(RunSnapshot s, RunViewModel runs, Notifier notifier, Runnable onClick) {
        if (s == null) {
            return;
        }
        if (s.state() == RunSnapshot.State.STARTING) {
            oomShards.clear();
        }
        for (ShardSnapshot shard : s.shards()) {
            if (shard.oomKilled() && oomShards.add(shard.index())) {
                notifier.shardOutOfMemory(
                        "shard " + shard.index() + "/" + shard.count(),
                        shard.context() == null ? "its context" : shard.context(),
                        (shard.message() != null && !shard.message().isBlank() ? shard.message() + " " : "")
                                + "Raise memory= or run fewer containers on that context.",
                        onClick);
            }
        }
        if (s.state().ended() && (last == null || !last.ended())) {
            String config = runs.configPathProperty().get();
            String name = s.runId() != null
                    ? s.runId()
                    : config == null
                            ? "MST run"
                            : java.nio.file.Path.of(config).getFileName().toString();
            String summary = runs.resultTextProperty().get();
            if (summary == null || summary.isBlank()) {
                summary = s.collected() + " collected, " + s.infra() + " infra"
                        + (s.missing() >= 0 ? ", " + s.missing() + " missing" : "");
            }
            boolean ok = s.state() == RunSnapshot.State.FINISHED && s.missing() == 0 && s.failure() == null;
            notifier.runFinished(name, summary, ok, onClick);
        }
        last = s.state();
    }
}
