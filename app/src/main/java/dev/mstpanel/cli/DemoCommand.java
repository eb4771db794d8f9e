package dev.mstpanel.cli;

import dev.mstpanel.cli.output.Streams;
import dev.mstpanel.core.runs.DemoData;
import dev.mstpanel.core.runs.RunRecording;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code mst-panel demo [--speed X] [--events jsonl]}: plays the built-in demo's recording (issue
 * 12, "A built-in demo"): a 3-shard Cowork run on two contexts with an out-of-memory shard, a kept
 * container and missing trials, as {@code replay} plays any recording. Nothing runs.
 */
@Command(
        name = "demo",
        mixinStandardHelpOptions = true,
        description = {
            "Play the built-in demo run (3 shards on two contexts, one out of memory, three kept containers, missing trials). Nothing runs.",
            "Its results are copied into the data folder's demo/ for the window's Results view."
        })
public final class DemoCommand implements Callable<Integer> {

    @Mixin
    ReplayCommand.Playback playback = new ReplayCommand.Playback();

    @Mixin
    Streams output = new Streams();

    @Override
    public Integer call() {
        RunRecording rec;
        try {
            // as the window does: the demo's results are copied into the data folder and the
            // recording's eval-folder placeholder becomes that copy, so its command, Output and log
            // lines name real folders
            Path eval = null;
            try {
                eval = DemoData.installResults(root.services().paths().dataDir());
            } catch (IOException | RuntimeException e) {
                // installResults's message names the folder, why and the fix
                output.err()
                        .println("mst-panel demo: " + e.getMessage() + ". The replay names its folders "
                                + DemoData.PLACEHOLDER + ".");
            }
            rec = DemoData.recording(eval);
        } catch (IOException e) {
            output.err().println("mst-panel demo: the demo cannot be read from the panel's jar: " + e.getMessage());
            return 1;
        }
        return playback.play(output, rec, "the built-in demo");
    }

    /** The command line's root: its services. */
    @CommandLine.ParentCommand
    MstPanelCommand root;
}
