package dev.mstpanel.bench;

import dev.mstpanel.cli.MstPanelCommand;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * Runs {@code transcript FILE --json} ROUNDS times in one JVM, the output thrown away, printing each
 * round's time: the command's cost without the JVM's start (round 1 is a cold JVM, later rounds
 * warm). {@code TranscriptJsonBench FILE [ROUNDS]}. Run by {@code scripts/bench/transcript.sh}; not a test.
 */
public final class TranscriptJsonBench {
    private TranscriptJsonBench() {}

    public static void main(String[] args) {
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        PrintWriter sink = new PrintWriter(OutputStream.nullOutputStream());
        for (int i = 0; i < rounds; i++) {
            long t0 = System.nanoTime();
            int code = MstPanelCommand.execute(
                    sink, sink, "transcript", Path.of(args[0]).toString(), "--json");
            System.out.printf(
                    "in-process transcript --json %d: %.1f ms (exit %d)%n",
                    i + 1, (System.nanoTime() - t0) / 1e6, code);
        }
    }
}
