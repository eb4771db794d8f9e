package dev.mstpanel.bench;

import dev.mstpanel.core.results.TextDocument;
import dev.mstpanel.ui.results.TextDumpView;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import javafx.application.Platform;

/**
 * Opens a large accessibility dump and types a search and a filter into it, printing the time of
 * each step: the core load and scan, and (with a display) the real {@link TextDumpView} on the FX
 * thread. Run by {@code scripts/bench/text-dump.sh}; not a test.
 */
public final class TextDumpBench {
    private TextDumpBench() {}

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        String typed = args.length > 1 ? args[1] : "send message";
        for (int round = 0; round < 3; round++) {
            long t0 = System.nanoTime();
            TextDocument doc = TextDocument.load(file, TextDocument.DUMP_BUDGET_BYTES);
            System.out.printf("load %,d lines: %.1f ms%n", doc.lines().size(), (System.nanoTime() - t0) / 1e6);
            if (round == 2) {
                for (int i = 1; i <= typed.length(); i++) {
                    String q = typed.substring(0, i);
                    long s = System.nanoTime();
                    int hits = doc.find(q).length;
                    System.out.printf("  core find \"%s\": %d hits, %.1f ms%n", q, hits, (System.nanoTime() - s) / 1e6);
                }
            }
        }
        if (System.getenv("DISPLAY") == null) {
            System.out.println("no DISPLAY: skipping the FX view part");
            return;
        }
        CompletableFuture<Void> started = new CompletableFuture<>();
        Platform.startup(() -> started.complete(null));
        started.get();
        for (int round = 0; round < 2; round++) {
            CompletableFuture<Void> done = new CompletableFuture<>();
            int r = round;
            Platform.runLater(() -> {
                try {
                    long t0 = System.nanoTime();
                    TextDocument doc = TextDocument.load(file, TextDocument.DUMP_BUDGET_BYTES);
                    TextDumpView view = new TextDumpView(doc, true, "ax");
                    javafx.scene.Scene scene = new javafx.scene.Scene(view, 1000, 700);
                    view.applyCss();
                    view.layout();
                    System.out.printf("view open (load + build + first layout): %.1f ms%n", (System.nanoTime() - t0) / 1e6);
                    if (r == 1) {
                        for (int i = 1; i <= typed.length(); i++) {
                            long s = System.nanoTime();
                            view.search(typed.substring(0, i));
                            view.layout();
                            System.out.printf("  keystroke \"%s\": %d hits, %.1f ms%n", typed.substring(0, i), view.hits().length, (System.nanoTime() - s) / 1e6);
                        }
                        long s = System.nanoTime();
                        ((javafx.scene.control.ToggleButton) scene.lookup("#ax-filter")).setSelected(true);
                        view.layout();
                        System.out.printf("  filter on: %d lines shown, %.1f ms%n", view.lines().getItems().size(), (System.nanoTime() - s) / 1e6);
                        for (int i = typed.length() - 1; i >= typed.length() - 4; i--) {
                            long k = System.nanoTime();
                            view.search(typed.substring(0, i));
                            view.layout();
                            System.out.printf("  filtered keystroke (backspace) \"%s\": %d lines, %.1f ms%n", typed.substring(0, i), view.lines().getItems().size(), (System.nanoTime() - k) / 1e6);
                        }
                    }
                    done.complete(null);
                } catch (Exception e) {
                    done.completeExceptionally(e);
                }
            });
            done.get();
        }
        Platform.exit();
    }
}
