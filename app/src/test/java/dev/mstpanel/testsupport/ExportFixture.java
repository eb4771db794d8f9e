package dev.mstpanel.testsupport;

import dev.mstpanel.core.runs.DemoData;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The demo's results copied into a test's folder, with secrets planted where an export reads text:
 * the gift card number of the {@code gift-card} case (in its prompt, the failing call's arguments and
 * output, the final answer and the accessibility dump) becomes {@link #ENV_KEY}, and {@link #FILE_KEY}
 * is appended to each of that case's logs.
 */
public final class ExportFixture {
    /** The demo's run with failing and passing trials, two variants: its latest, whatever a remake named it. */
    public static final String RUN_ID = latestRunId();
    /** A key given in the environment ({@code OPENAI_API_KEY}). */
    public static final String ENV_KEY = "sk-test-9f8e7d6c5b4a39281706f5e4d3c2b1a0";
    /** A key given in a secrets file ({@code GH_TOKEN=…}). */
    public static final String FILE_KEY = "ghp_Zx81Qw72Er63Ty54Ui45Op36As27Df18";

    private ExportFixture() {}

    private static String latestRunId() {
        try {
            // the recorded run is the latest; its folder's name is its id
            String dir = DemoData.recording(null).runDir();
            return dir.substring(dir.lastIndexOf('/') + 1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Copies the demo's results below {@code root} and plants the keys.
     *
     * @return the run folder
     */
    public static Path demoRun(Path root) {
        try {
            Path eval = DemoData.installResults(root.resolve("data"));
            Path run = eval.resolve(".mcp-test-results/checkout-flow/runs/" + RUN_ID);
            try (Stream<Path> files = Files.walk(run)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    String name = f.getFileName().toString();
                    boolean giftCard = f.toString().contains("gift-card") || name.equals("results.json");
                    if (giftCard && (name.endsWith(".json") || name.endsWith(".txt"))) {
                        String s = Files.readString(f, StandardCharsets.UTF_8);
                        Files.writeString(f, s.replace("GC-5531", ENV_KEY), StandardCharsets.UTF_8);
                    } else if (giftCard && name.endsWith(".log")) {
                        Files.writeString(
                                f,
                                "2026-12-05T03:07:30.000Z [debug] auth header Bearer-less token " + FILE_KEY + "\n",
                                StandardCharsets.UTF_8,
                                java.nio.file.StandardOpenOption.APPEND);
                    }
                }
            }
            return run;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A secrets file holding {@link #FILE_KEY}, in {@code dir}. */
    public static Path secretsFile(Path dir) {
        try {
            return Files.writeString(dir.resolve("secrets.env"), "GH_TOKEN=" + FILE_KEY + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The gift-card case's first failed trial of the baseline. */
    public static Path failedTrace(Path run) {
        return run.resolve("traces/baseline/gift-card/0.json");
    }
}
