package dev.mstpanel.ui.runs;

import dev.mstpanel.core.mst.FlagVocabulary;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;

/**
 * The Run view's seam to whatever starts and watches MST: the real supervisor and live model
 * in the app, an in-memory fake in unit tests. Callbacks come on any thread; the view model
 * coalesces them onto the FX thread.
 */
public interface RunSession {

    /**
     * How this machine starts MST for an eval config.
     *
     * @param command the executable and its leading words, e.g. {@code [mst]} or {@code [npx, --no-install, mst]}
     * @param vocabulary the runner flags this MST understands
     * @param version MST's version, or null when unknown
     * @param problem why MST cannot be started (with the install command), or null when it can
     */
    record Mst(List<String> command, FlagVocabulary vocabulary, String version, String problem) {
        /** {@code mst} on PATH with the documents' flags: what the preview shows before MST is found. */
        public static final Mst ASSUMED = new Mst(List.of("mst"), FlagVocabulary.RUNNER, null, null);
    }

    /**
     * One run to start.
     *
     * @param mstCommand how to start MST ({@link Mst#command()})
     * @param runArgs the arguments after the subcommand, in MST's flag vocabulary
     * @param display the command line for people (no secrets)
     * @param workDir the eval config's folder, where MST runs
     * @param contexts the chosen contexts (empty: the current one)
     * @param expectedTrials how many trials the run should collect, when known
     * @param subcommand {@code run}, or {@code grade} for {@code mst grade <run> …} (Results → Grade…)
     */
    record Launch(
            List<String> mstCommand,
            List<String> runArgs,
            String display,
            Path workDir,
            List<String> contexts,
            OptionalInt expectedTrials,
            String subcommand) {
        public Launch {
            mstCommand = List.copyOf(mstCommand);
            runArgs = List.copyOf(runArgs);
            contexts = List.copyOf(contexts);
            subcommand = subcommand == null || subcommand.isBlank() ? "run" : subcommand;
        }

        /** A launch of {@code mst run}. */
        public Launch(
                List<String> mstCommand,
                List<String> runArgs,
                String display,
                Path workDir,
                List<String> contexts,
                OptionalInt expectedTrials) {
            this(mstCommand, runArgs, display, workDir, contexts, expectedTrials, "run");
        }

        /** The whole command line: {@code mst run …} (or {@code mst grade …}). */
        public List<String> argv() {
            List<String> all = new java.util.ArrayList<>(mstCommand);
            all.add(subcommand);
            all.addAll(runArgs);
            return List.copyOf(all);
        }
    }

    /** Receives a run's progress; called on background threads. */
    interface Listener {
        /** The run's state changed; each snapshot replaces the previous one. */
        void snapshot(RunSnapshot snapshot);

        /** New lines of MST's output (stdout and stderr, secrets already redacted). */
        void lines(List<String> lines);

        /**
         * The memory chart's history up to now, from a session that begins in the middle of a run
         * (a replay's seek); it replaces what was shown and comes before that pass's first snapshot.
         * A live run never calls it.
         *
         * @param history by shard index, each shard's samples in time order (seconds since the run's start, bytes)
         */
        default void memoryHistory(java.util.Map<Integer, List<MemorySample>> history) {}
    }

    /** A started run. */
    interface Handle {
        /**
         * Asks MST to stop: the first call sends SIGINT (MST stops its shards and keeps the trials
         * that came back); a second call ends the process tree at once.
         */
        void cancel();

        /**
         * How long MST may take to stop after the first cancel before its process tree is ended
         * (SIGTERM, then SIGKILL after {@link dev.mstpanel.core.mst.ProcessSupervisor#TERM_WAIT}).
         */
        default java.time.Duration grace() {
            return dev.mstpanel.core.mst.ProcessSpec.DEFAULT_GRACE;
        }
    }

    /**
     * Finds MST for an eval config. May run processes: call it off the FX thread.
     *
     * @param config the eval config (MST may be a local dependency in its folder or a parent), or null
     */
    Mst locate(Path config);

    /**
     * The variables MST runs with, for the form's checks (whether an LLM gateway is configured);
     * never shown. Empty when the session does not know them.
     */
    default java.util.Map<String, String> environment() {
        return java.util.Map.of();
    }

    /**
     * Which eval config each context's MST image was last set up for by the panel (empty: set up
     * without one); reads a file, so call off the FX thread. Empty when the session does not know.
     */
    default java.util.Map<String, java.util.Optional<Path>> pluginSetups() {
        return java.util.Map.of();
    }

    /**
     * How long and how much the run of these arguments would take, from the earlier runs of its eval;
     * null when this session cannot tell. Reads files: call it off the FX thread.
     *
     * @param runArgs the arguments of {@code mst run}
     * @param engines the chosen contexts' engines as last probed (a context not in it: unknown)
     */
    default dev.mstpanel.core.runs.estimate.RunEstimate estimate(
            List<String> runArgs, java.util.Map<String, dev.mstpanel.core.docker.EngineInfo> engines) {
        return null;
    }

    /** How close the last runs' estimates were ({@code last 3 estimates: within 12 %}); reads a file. */
    default java.util.Optional<String> estimatesCloseness() {
        return java.util.Optional.empty();
    }

    /**
     * Starts a run.
     *
     * @param launch what to run
     * @param listener receives snapshots and output lines until a snapshot whose state has ended
     * @return the run, to cancel it
     * @throws IOException when the process cannot start (the message says why)
     */
    Handle start(Launch launch, Listener listener) throws IOException;
}
