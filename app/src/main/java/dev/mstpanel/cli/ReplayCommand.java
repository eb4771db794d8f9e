package dev.mstpanel.cli;

import dev.mstpanel.cli.output.Streams;
import dev.mstpanel.cli.output.TerminalText;
import dev.mstpanel.core.runs.RunRecording;
import dev.mstpanel.core.runs.RunReplayer;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code mst-panel replay RECORDING [--speed X] [--events jsonl]}: plays a run's recording
 * ("Replay") and prints what {@code run} printed, in the same order: the shard rows, or
 * with {@code --events jsonl} the JSON events. Nothing runs: no MST, no Docker. Exits 0 when the
 * recording played, 1 when it cannot be read, 2 on a usage error.
 */
@Command(
        name = "replay",
        mixinStandardHelpOptions = true,
        description = {
            "Play a run's recording (runs/<time>-<run>.recording.jsonl.gz in the data folder) as `run` printed it. Nothing runs.",
            "Example, in the data folder (e.g. ~/.local/share/mst-panel):",
            "  replay runs/20261201-101500-a1b2c3.recording.jsonl.gz --speed 4"
        })
public final class ReplayCommand implements Callable<Integer> {

    @Parameters(paramLabel = "RECORDING", description = "The recording file.")
    Path recording;

    @Mixin
    Playback playback = new Playback();

    @Mixin
    Streams output = new Streams();

    /** The options {@code replay} and {@code demo} share. */
    static final class Playback {
        /** The slowest replay (a tenth of real time: a 10-minute run plays in 100 minutes) and the fastest short of max. */
        static final double MIN_SPEED = 0.1;

        static final double MAX_SPEED = 10_000;

        @Option(
                names = "--speed",
                paramLabel = "X",
                defaultValue = "1",
                description =
                        "How much faster than the run: 1, 4, 16, …, or max for no waiting (default: ${DEFAULT-VALUE}).")
        String speed;

        @Option(
                names = "--events",
                paramLabel = "FORMAT",
                description = "Print events instead of shard rows; the only format is jsonl.")
        String events;

        /** A plain decimal: no sign, exponent, hex, NaN or Infinity (which Double.parseDouble takes). */
        private static final java.util.regex.Pattern DECIMAL =
                java.util.regex.Pattern.compile("[0-9]{1,6}(\\.[0-9]{1,6})?");

        /**
         * The speed a {@code --speed} value means: {@code max} (any case) is infinite; a decimal from
         * {@link #MIN_SPEED} to {@link #MAX_SPEED}, optionally followed by {@code x} or {@code ×} as
         * people write speeds and with blanks around it, is that number; anything else is NaN (a usage error).
         */
        static double speedOf(String value) {
            String v = value == null ? "" : value.strip();
            if (v.equalsIgnoreCase("max")) {
                return Double.POSITIVE_INFINITY;
            }
            if (v.endsWith("x") || v.endsWith("X") || v.endsWith("\u00d7")) {
                v = v.substring(0, v.length() - 1).strip();
            }
            if (!DECIMAL.matcher(v).matches()) {
                return Double.NaN;
            }
            double x = Double.parseDouble(v);
            return x >= MIN_SPEED && x <= MAX_SPEED ? x : Double.NaN;
        }

        /** A speed as people read it: 4 for 4.0, 0.5. */
        static String format(double x) {
            return x == Math.rint(x)
                    ? Long.toString((long) x)
                    : java.math.BigDecimal.valueOf(x).stripTrailingZeros().toPlainString();
        }

        /**
         * Plays a recording to the command's writers.
         *
         * @return the exit code
         */
        int play(Streams streams, RunRecording rec, String what) {
            PrintWriter out = streams.out();
            PrintWriter err = streams.err();
            String name = streams.name();
            double x = speedOf(speed);
            if (Double.isNaN(x)) {
                err.println("mst-panel " + name + ": --speed takes a number from " + MIN_SPEED + " to "
                        + (int) MAX_SPEED + " (1, 4, 16) or max, not `" + TerminalText.escape(speed) + "`.");
                return 2;
            }
            if (events != null && !events.equalsIgnoreCase("jsonl")) {
                err.println("mst-panel " + name + ": --events takes `jsonl`.");
                return 2;
            }
            RunCommand.Printer printer = new RunCommand.Printer(out, err, events != null);
            String note = rec.endingNote();
            err.println("Replaying " + what + " (" + Math.round(rec.durationMs() / 1000.0) + " s recorded"
                    + (Double.isInfinite(x) ? "" : ", at " + format(x) + "×") + "): nothing is running."
                    + (note == null ? "" : " " + note));
            err.flush();
            try (RunReplayer replayer = new RunReplayer(rec, model -> model.addEventListener(printer::print))) {
                printer.state = () -> replayer.model().snapshot();
                printer.recording = () -> rec.file();
                long start = System.nanoTime();
                try {
                    while (!replayer.done()) {
                        long t = replayer.nextTime();
                        if (!Double.isInfinite(x)) {
                            long dueMs = (long) (t / x);
                            long waitMs = dueMs - (System.nanoTime() - start) / 1_000_000;
                            if (waitMs > 0) {
                                Thread.sleep(waitMs);
                            }
                        }
                        replayer.advanceTo(t);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return 130;
                }
                synchronized (printer) {
                    out.flush();
                }
                if (replayer.unmatched() > 0) {
                    err.println("note: " + replayer.unmatched()
                            + " recorded events were not made again (a recording of another panel version?); "
                            + "the first: " + replayer.firstUnmatched());
                }
                // said again at the end, where the output stops: with the count actually played
                String played = replayer.endingNote();
                if (played != null) {
                    err.println("note: " + played);
                }
            }
            return 0;
        }
    }

    @Override
    public Integer call() {
        RunRecording rec;
        try {
            rec = RunRecording.read(recording);
        } catch (IOException e) {
            output.err().println("mst-panel replay: " + e.getMessage()); // it names the file
            return 1;
        }
        return playback.play(output, rec, recording.toString());
    }
}
