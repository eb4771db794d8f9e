package dev.mstpanel.ui.results;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.RunInfo;
import dev.mstpanel.core.results.Transcript;
import dev.mstpanel.core.results.TranscriptReader;
import dev.mstpanel.core.results.TrialRecord;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import javafx.application.Platform;

/**
 * Opens a long transcript as the window does and prints how long its first rows take: the trace
 * read off the FX thread, then the Transcript tab built, styled and laid out (its first cells exist)
 * on it. Rounds after a small transcript has warmed the controls, as a window has when a user opens
 * a trial. {@code TranscriptBench RUN_DIR CASE_ID [ROUNDS]}. Run by {@code scripts/bench/transcript.sh}; not a test.
 */
public final class TranscriptBench {
    private TranscriptBench() {}

    public static void main(String[] args) throws Exception {
        Path runDir = Path.of(args[0]);
        String caseId = args[1];
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        CompletableFuture<Void> started = new CompletableFuture<>();
        Platform.startup(() -> {
            dev.mstpanel.ui.App.applyTheme(false); // the app's theme and stylesheet, as in the window
            started.complete(null);
        });
        started.get();
        TranscriptReader reader = new TranscriptReader(TranscriptReader.WINDOW_OUTPUT_CHARS);
        TrialRecord trial;
        RunInfo run;
        try (ResultsReader r = new ResultsReader()) {
            run = r.readRun(runDir);
            trial = r.readTrials(run).stream().filter(t -> t.caseId().equals(caseId)).findFirst().orElseThrow();
        }
        for (int i = 0; i < rounds; i++) {
            int round = i;
            long t0 = System.nanoTime();
            Transcript t = reader.read(trial, run.redactStoredResponses());
            long read = System.nanoTime();
            CompletableFuture<Void> done = new CompletableFuture<>();
            Platform.runLater(() -> {
                long t1 = System.nanoTime();
                TranscriptView view = new TranscriptView(t);
                long tb = System.nanoTime();
                javafx.scene.Scene scene = new javafx.scene.Scene(view, 700, 800);
                scene.getStylesheets().add(dev.mstpanel.ui.App.class.getResource("app.css").toExternalForm());
                view.applyCss();
                view.layout();
                long t2 = System.nanoTime();
                int cells = view.lookupAll(".transcript-cell").size();
                System.out.printf("open %d: first rows after %.1f ms  [read %,d events %.1f ms, build %.1f ms, css + layout %.1f ms, %d cells]%n",
                        round + 1, (read - t0 + t2 - t1) / 1e6, t.events().size(), (read - t0) / 1e6, (tb - t1) / 1e6, (t2 - tb) / 1e6, cells);
                done.complete(null);
            });
            done.get();
        }
        Platform.exit();
    }
}
