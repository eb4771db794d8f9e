package dev.mstpanel.bench;

import dev.mstpanel.core.results.diagnosis.TextDocument;
import dev.mstpanel.ui.results.TextDumpView;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import javafx.application.Platform;

/**
 * Opens a large accessibility dump and types a search and a filter into it, printing the time of
 * each step: with a display, the real {@link TextDumpView} on the FX thread first (after a small
 * dump has warmed the controls, as the app's window has when a user opens a trial), then the core
 * load and scan. Run by {@code scripts/bench/text-dump.sh}; not a test.
 */
public final class TextDumpBench {
    private TextDumpBench() {}

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        String typed = args.length > 1 ? args[1] : "send message";
        if (System.getenv("DISPLAY") == null) {
            System.out.println("no DISPLAY: skipping the FX view part");
        } else {
            view(file, typed);
        }
        for (int round = 0; round < 3; round++) {
            long t0 = System.nanoTime();
            TextDocument doc = TextDocument.load(file, TextDocument.DUMP_BUDGET_BYTES);
            System.out.printf("core load %,d lines: %.1f ms%n", doc.lines().size(), (System.nanoTime() - t0) / 1e6);
            if (round == 2) {
                for (int i = 1; i <= typed.length(); i++) {
                    String q = typed.substring(0, i);
                    long s = System.nanoTime();
                    int hits = doc.find(q).length;
                    System.out.printf(
                            "  core full scan \"%s\": %d hits, %.1f ms%n", q, hits, (System.nanoTime() - s) / 1e6);
                }
            }
        }
    }

    private static void view(Path file, String typed) throws Exception {
        CompletableFuture<Void> started = new CompletableFuture<>();
        Platform.startup(() -> started.complete(null));
        started.get();
        Path small = Files.createTempFile("mstp-warm", ".txt");
        Files.writeString(small, "button \"OK\" enabled\ntext \"hello\" disabled\n".repeat(50));
        onFx(() -> {
            TextDumpView warm = new TextDumpView(TextDocument.load(small, TextDocument.DUMP_BUDGET_BYTES), true, "ax");
            new javafx.scene.Scene(warm, 1000, 700);
            warm.applyCss();
            warm.layout();
            warm.search("ok");
            warm.layout();
        });
        Files.deleteIfExists(small);
        for (int round = 0; round < 3; round++) {
            int r = round;
            // load off the FX thread (as the app does), then build and lay out on it
            long t0 = System.nanoTime();
            TextDocument doc = TextDocument.load(file, TextDocument.DUMP_BUDGET_BYTES);
            long loaded = System.nanoTime();
            onFx(() -> {
                long t1 = System.nanoTime();
                TextDumpView view = new TextDumpView(doc, true, "ax");
                long t2 = System.nanoTime();
                javafx.scene.Scene scene = new javafx.scene.Scene(view, 1000, 700);
                view.applyCss();
                view.layout();
                long t3 = System.nanoTime();
                System.out.printf(
                        "view open %d (load + build + first layout): %.1f ms  [load %.1f, build %.1f, css + layout %.1f]%n",
                        r + 1, (loaded - t0 + t3 - t1) / 1e6, (loaded - t0) / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6);
                if (r == 2) {
                    for (int i = 1; i <= typed.length(); i++) {
                        type(view, typed.substring(0, i), "keystroke");
                    }
                    for (int i = typed.length() - 1; i >= typed.length() - 4; i--) {
                        type(view, typed.substring(0, i), "backspace");
                    }
                    type(view, "button", "new query");
                    type(view, typed, "new query");
                    long s = System.nanoTime();
                    ((javafx.scene.control.ToggleButton) scene.lookup("#ax-filter")).setSelected(true);
                    view.layout();
                    System.out.printf(
                            "  filter on: %d lines shown, %.1f ms%n",
                            view.lines().getItems().size(), (System.nanoTime() - s) / 1e6);
                    for (int i = typed.length() - 1; i >= typed.length() - 4; i--) {
                        type(view, typed.substring(0, i), "filtered backspace");
                    }
                    type(view, "b", "filtered new query");
                    type(view, "bu", "filtered keystroke");
                }
            });
        }
        Platform.exit();
    }

    private static void type(TextDumpView view, String text, String what) {
        long s = System.nanoTime();
        view.search(text);
        view.layout();
        System.out.printf(
                "  %s \"%s\": %d hits, %d lines shown, %.1f ms%n",
                what, text, view.hits().length, view.lines().getItems().size(), (System.nanoTime() - s) / 1e6);
    }

    private interface FxWork {
        void run() throws Exception;
    }

    private static void onFx(FxWork work) throws Exception {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                work.run();
                done.complete(null);
            } catch (Throwable e) {
                done.completeExceptionally(e);
            }
        });
        done.get();
    }
}
