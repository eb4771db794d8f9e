package dev.mstpanel.testsupport;

import java.nio.file.Path;

/**
 * Writes fixture runs for benchmarks and screenshots:
 * {@code GenerateRun demo ROOT} (a run with every status and full failure diagnoses),
 * {@code GenerateRun big ROOT TRIALS TRACE_BYTES} (one variant, TRIALS cases of one trial, each
 * trace file about TRACE_BYTES as written, every tenth failed with a failure diagnosis in its
 * artifacts folder),
 * {@code GenerateRun dump FILE LINES} (an accessibility dump of LINES lines),
 * {@code GenerateRun transcripts ROOT} (runs with transcripts: {@link TranscriptFixture}),
 * {@code GenerateRun long-trace ROOT EVENTS OUTPUT_CHARS} (one trial of EVENTS tool calls; prints the trace's path).
 * {@code GenerateRun pair ROOT TRIALS TRACE_BYTES} (two runs of the eval {@code pair-eval}, TRIALS trials each in
 * two variants, cases of 4 trials, with regressions, improvements, flaky and infra trials: see {@link CompareFixture#pair}),
 * {@code GenerateRun trend ROOT} (the two-run comparison fixture plus four more runs of it, for the trend chart).
 */
public final class GenerateRun {
    private GenerateRun() {}

    /** What to give it, said when nothing or an unknown word is given. */
    private static final String USAGE = "usage: GenerateRun demo DIR | big DIR TRIALS TRACE_BYTES | transcripts DIR"
            + " | long-trace DIR EVENTS OUTPUT_CHARS | dump FILE LINES | pair DIR TRIALS TRACE_BYTES | trend DIR   (see the class comment for each)";

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println(USAGE);
            System.exit(2);
        }
        switch (args[0]) {
            case "demo" -> {
                RunFixture f = RunFixture.allStatuses(Path.of(args[1]));
                System.out.println(f.runDir());
            }
            case "big" -> {
                int n = Integer.parseInt(args[2]);
                int bytes = Integer.parseInt(args[3]);
                RunFixture f = RunFixture.create(Path.of(args[1]), "big-eval", "20260110T080000Z-bbbbbb")
                        .runJson("big-eval", "default")
                        .traceBytes(bytes);
                // one diagnosis drawn once, copied into each failed trial's artifacts (keep=failed)
                Path template = java.nio.file.Files.createTempDirectory("mstp-diagnosis");
                RunFixture.diagnosis(template, 2_000);
                for (int i = 0; i < n; i++) {
                    String c = String.format("case-%05d", i);
                    boolean fail = i % 10 == 3;
                    f.trace("default", c, 0, fail ? RunFixture.fields().put("error", "Task did not submit") : null);
                    f.score("judge.accuracy", "default", c, 0, !fail, fail ? "No answer" : "ok");
                    if (fail) {
                        copyTree(template, f.artifacts("default", c, 0));
                    }
                }
                System.out.println(f.runDir());
            }
            case "transcripts" -> {
                RunFixture f = TranscriptFixture.build(Path.of(args[1]));
                System.out.println(f.runDir());
            }
            case "long-trace" -> {
                // GenerateRun long-trace ROOT EVENTS OUTPUT_CHARS: one trial of EVENTS tool calls (about 2 KB each for
                // ~10 MB at 5,000)
                RunFixture f = RunFixture.create(Path.of(args[1]), "long-eval", "20260111T090000Z-dddddd")
                        .runJson("long-eval", "default");
                Path p = TranscriptFixture.longTrace(
                        f, "long-session", Integer.parseInt(args[2]), Integer.parseInt(args[3]));
                f.score("judge.accuracy", "default", "long-session", 0, false, "Stopped at page 3000.");
                System.out.println(p);
            }
            case "dump" -> {
                Path file = Path.of(args[1]);
                int lines = Integer.parseInt(args[2]);
                Path dir = file.toAbsolutePath().getParent();
                RunFixture.diagnosis(dir, lines);
                if (!dir.resolve("accessibility.txt").equals(file.toAbsolutePath())) {
                    java.nio.file.Files.move(
                            dir.resolve("accessibility.txt"), file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
                System.out.println(file);
            }
            case "pair" -> {
                Path eval = CompareFixture.pair(Path.of(args[1]), Integer.parseInt(args[2]), Integer.parseInt(args[3]));
                System.out.println(eval);
            }
            case "trend" -> System.out.println(CompareFixture.trend(Path.of(args[1])));
            default -> {
                System.err.println(USAGE);
                System.exit(2);
            }
        }
    }

    private static void copyTree(Path from, Path to) throws java.io.IOException {
        try (var s = java.nio.file.Files.walk(from)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path t = to.resolve(from.relativize(p).toString());
                if (java.nio.file.Files.isDirectory(p)) {
                    java.nio.file.Files.createDirectories(t);
                } else {
                    java.nio.file.Files.copy(p, t, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
