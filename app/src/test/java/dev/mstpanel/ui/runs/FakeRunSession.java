package dev.mstpanel.ui.runs;

import dev.mstpanel.core.mst.FlagVocabulary;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An in-memory {@link RunSession} for unit tests of the view model: it records what it was asked
 * to start and lets the test emit snapshots and output lines as MST's model would.
 */
final class FakeRunSession implements RunSession {
    final List<Launch> launches = new CopyOnWriteArrayList<>();
    final AtomicInteger cancels = new AtomicInteger();
    volatile Listener listener;
    volatile Mst mst = new Mst(List.of("npx", "--no-install", "mst"), FlagVocabulary.RUNNER, "2.0.0-beta.7", null);
    /** The variables MST would run with (the form's gateway rules read them). */
    volatile java.util.Map<String, String> environment = java.util.Map.of();

    @Override
    public java.util.Map<String, String> environment() {
        return environment;
    }

    @Override
    public Mst locate(Path configDir) {
        return mst;
    }

    @Override
    public Handle start(Launch launch, Listener l) {
        launches.add(launch);
        this.listener = l;
        return cancels::incrementAndGet;
    }

    void emit(RunSnapshot s) {
        listener.snapshot(s);
    }

    void lines(List<String> lines) {
        listener.lines(lines);
    }
}
