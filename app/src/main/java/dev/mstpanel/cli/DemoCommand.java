package dev.mstpanel.cli;

import dev.mstpanel.core.recording.DemoData;
import dev.mstpanel.core.recording.RunRecording;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code mst-panel demo [--speed X] [--events jsonl]}: plays the built-in demo's recording (issue
 * 12, "A built-in demo"): a 3-shard Cowork run on two contexts with an out-of-memory shard, a kept
 * container and missing trials, as {@code replay} plays any recording. Nothing runs.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Play the built-in demo run (3 shards on two contexts, one out of memory, a kept container, missing trials). Nothing runs.",
                "Its results are copied into the data folder's demo/ for the window's Results view."})
public final class DemoCommand implements Callable<Integer> {

    @Mixin
    ReplayCommand.Playback playback = new ReplayCommand.Playback();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        RunRecording rec;
        try {
            rec = DemoData.recording(null);
        } catch (IOException e) {
            spec.commandLine().getErr().println("mst-panel demo: the demo cannot be read from the panel's jar: " + e.getMessage());
            return 1;
        }
        return playback.play(spec, rec, "the built-in demo");
    }
}
