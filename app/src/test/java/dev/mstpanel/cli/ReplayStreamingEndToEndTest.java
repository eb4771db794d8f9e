package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.runs.RunRecording;
import dev.mstpanel.testsupport.PanelProcess;
import dev.mstpanel.testsupport.TestEngines;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * A recording the panel wrote replays in the memory the run took, and a run killed mid-way leaves a
 * recording that plays up to the kill and says it is cut short: real {@code run} and {@code replay}
 * processes, a real MST process (the {@code mst-hostile} test double), a real SIGKILL.
 */
@DisabledOnOs(OS.WINDOWS)
class ReplayStreamingEndToEndTest {
    private static final Path HOSTILE = TestEngines.projectRoot().resolve("app/src/test/resources/mst-hostile/mst");

    @TempDir
    Path dir;

    private Map<String, String> env(String mode) {
        Map<String, String> env = new HashMap<>();
        env.put("MST_PANEL_HOME", dir.resolve("home").toString());
        env.put("MST_HOSTILE_MODE", mode);
        env.put("MST_HOSTILE_LINES", "200000");
        env.put("DOCKER_CONFIG", TestEngines.dockerConfig().toString());
        env.put("DOCKER_HOST", null);
        env.put("DOCKER_CONTEXT", null);
        return env;
    }

    private Path evalConfig() throws Exception {
        Path eval = Files.createDirectories(dir.resolve("eval"));
        return Files.writeString(eval.resolve("eval.json"), "{\"name\": \"streamed\"}\n");
    }

    private Path runsFolder() {
        return dir.resolve("home/data/runs");
    }

    private Path only(String suffix) throws Exception {
        try (Stream<Path> s = Files.list(runsFolder())) {
            List<Path> l =
                    s.filter(p -> p.getFileName().toString().endsWith(suffix)).toList();
            assertThat(l).as("files *" + suffix + " in " + runsFolder()).hasSize(1);
            return l.get(0);
        }
    }

    @Test
    void aRecordingOfTwoHundredThousandLinesReplaysInTheHeapTheRunHad() throws Exception {
        Path config = evalConfig();
        PanelProcess.Result run = PanelProcess.run(
                dir,
                env("lines"),
                List.of("-Xmx64m"),
                240,
                "run",
                "--mst",
                HOSTILE.toString(),
                "--",
                "--config",
                config.toString());
        assertThat(run.exit()).as(run.err()).isZero();
        Path recording = only(".recording.jsonl.gz");

        // read whole, the 200,000 lines took more than this heap; streamed, one entry at a time
        PanelProcess.Result replay = PanelProcess.run(
                dir,
                env("lines"),
                List.of("-Xmx64m"),
                240,
                "replay",
                recording.toString(),
                "--speed",
                "max",
                "--events",
                "jsonl");

        assertThat(replay.err())
                .doesNotContain("OutOfMemoryError")
                .doesNotContain("Exception")
                .doesNotContain("\tat ");
        assertThat(replay.exit()).as(replay.err()).isZero();
        assertThat(replay.out())
                .contains("npm warn something happened in the agent log 200000\"")
                .contains("\"type\":\"finished\"");
        assertThat(replay.err()).doesNotContain("cut short");
    }

    @Test
    void aRunKilledWithSigkillLeavesARecordingThatPlaysUpToTheKillAndSaysItIsCutShort() throws Exception {
        Path config = evalConfig();
        ProcessBuilder pb = PanelProcess.builder(
                dir,
                env("chatter"),
                List.of(),
                "run",
                "--mst",
                HOSTILE.toString(),
                "--",
                "--config",
                config.toString());
        pb.redirectOutput(dir.resolve("run.out").toFile())
                .redirectError(dir.resolve("run.err").toFile());
        Process panel = pb.start();
        try {
            // the run log is written line by line: wait for 100 of MST's lines in it
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (linesInLog() < 100) {
                assertThat(System.nanoTime())
                        .as("100 lines in the run log; stderr: " + Files.readString(dir.resolve("run.err")))
                        .isLessThan(deadline);
                Thread.sleep(100);
            }
            long logged = linesInLog();
            Thread.sleep(6_000); // longer than the recorder waits between flushes (5 s)
            List<ProcessHandle> mst = panel.descendants().toList();
            panel.destroyForcibly(); // SIGKILL: no shutdown hook, no close of the recording
            assertThat(panel.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(panel.exitValue()).isEqualTo(137);
            mst.forEach(ProcessHandle::destroyForcibly);

            Path recording = only(".recording.jsonl.gz");
            RunRecording read = RunRecording.read(recording);
            assertThat(read.ending()).isEqualTo(RunRecording.Ending.CUT_SHORT);
            assertThat(read.entryCount()).isGreaterThanOrEqualTo(logged);

            PanelProcess.Result replay = PanelProcess.run(
                    dir, env("chatter"), 60, "replay", recording.toString(), "--speed", "max", "--events", "jsonl");
            assertThat(replay.exit()).as(replay.err()).isZero();
            assertThat(replay.out()).contains("[mst] chatter line " + logged + "\"");
            String cut = "The recording is cut short after "
                    + String.format(java.util.Locale.ROOT, "%,d", read.entryCount()) + " events";
            assertThat(replay.err()).contains(cut).contains("note: " + cut).doesNotContain("Exception");
        } finally {
            panel.destroyForcibly();
        }
    }

    private long linesInLog() throws Exception {
        if (!Files.isDirectory(runsFolder())) {
            return 0;
        }
        try (Stream<Path> s = Files.list(runsFolder())) {
            Path log = s.filter(p -> p.getFileName().toString().endsWith(".log"))
                    .findFirst()
                    .orElse(null);
            if (log == null) {
                return 0;
            }
            try (Stream<String> lines = Files.lines(log)) {
                return lines.filter(l -> l.contains("chatter line")).count();
            }
        }
    }
}
