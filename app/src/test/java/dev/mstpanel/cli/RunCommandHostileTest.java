package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.shell.BoundedStreams;
import dev.mstpanel.testsupport.TestEngines;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The headless {@code run} against a hostile MST: the {@code mst-hostile} test double
 * prints secrets in every form, prints hundreds of MB without a newline, names a billion shards,
 * ignores SIGINT. Each test runs the panel as a user does (a JVM running its main class) and
 * asserts on what the user gets: the exit code, the printed text, the log file, the panel's
 * peak memory, the processes and containers left (the last test uses the real test engines).
 */
@DisabledOnOs(OS.WINDOWS)
class RunCommandHostileTest {
    private static final Path HOSTILE = TestEngines.projectRoot().resolve("app/src/test/resources/mst-hostile/mst");
    private static final String ENV_SECRET = "sk-ant \"q\"/x+y=z&w q\\b-4471";
    private static final String FILE_SECRET = "shop-file-secret-73819";
    private static final String CLI_SECRET = "tok-cli-secret-5521";
    private static final String PEM =
            "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\n"
                    + "VJTUt9Us8cKjMzEfYyjiWA4R4/M2bS1GB4t7NXp98C3SC6dVMvDuictG\n-----END PRIVATE KEY-----";

    @TempDir
    Path dir;

    record Run(int exit, String out, String err, long peakRssKib, Path log) {
        String all() {
            return out + err;
        }
    }

    private Run panel(Map<String, String> extraEnv, List<String> jvm, String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.addAll(jvm);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "dev.mstpanel.Main", "run"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        Map<String, String> env = pb.environment();
        env.put("MST_PANEL_LOGIN_SHELL", "off");
        env.put("HOME", Files.createDirectories(dir.resolve("home")).toString());
        env.put("MST_PANEL_HOME", dir.resolve("panel-home").toString());
        env.put("ANTHROPIC_API_KEY", ENV_SECRET);
        env.remove("DOCKER_CONFIG");
        env.putAll(extraEnv);
        Process p = pb.start();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p, false));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p, true));
        AtomicLong peak = new AtomicLong();
        Thread sampler = new Thread(() -> {
            // VmHWM is the process's peak resident set so far; sample it until the process is gone
            Path status = Path.of("/proc/" + p.pid() + "/status");
            while (p.isAlive()) {
                try {
                    Matcher m = Pattern.compile("VmHWM:\\s+(\\d+) kB").matcher(Files.readString(status));
                    if (m.find()) {
                        peak.accumulateAndGet(Long.parseLong(m.group(1)), Math::max);
                    }
                    Thread.sleep(50);
                } catch (IOException | InterruptedException e) {
                    return;
                }
            }
        });
        sampler.setDaemon(true);
        sampler.start();
        assertThat(p.waitFor(180, TimeUnit.SECONDS)).as("the panel ended").isTrue();
        sampler.join(1000);
        String e = err.get();
        Matcher log = Pattern.compile("(?m)^log: (.+)$").matcher(e);
        return new Run(
                p.exitValue(),
                out.get(),
                e,
                peak.get(),
                log.find() ? Path.of(log.group(1).strip()) : null);
    }

    private static String read(Process p, boolean err) {
        try {
            return new String((err ? p.getErrorStream() : p.getInputStream()).readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    private Path config() throws IOException {
        return Files.writeString(dir.resolve("eval.json"), "{\"name\": \"hostile\", \"client\": \"cowork\"}");
    }

    private static void assertNoForm(String text, String secret) {
        assertThat(text).doesNotContain(secret);
        assertThat(text).doesNotContain(URLEncoder.encode(secret, StandardCharsets.UTF_8));
        assertThat(text)
                .doesNotContain(
                        URLEncoder.encode(secret, StandardCharsets.UTF_8).replace("+", "%20"));
        assertThat(text).doesNotContain(secret.replace("\\", "\\\\").replace("\"", "\\\""));
    }

    @Test
    void aSecretIsMaskedInEveryFormMstPrintsItThoughTheSecretsFileHasABadByte() throws Exception {
        // one byte that is not UTF-8 (é in Latin-1) before the secret
        Path secrets = dir.resolve("secrets.env");
        Files.write(secrets, ("# caf\u00e9\nSHOP_TOKEN=" + FILE_SECRET + "\n").getBytes(StandardCharsets.ISO_8859_1));

        Run r = panel(
                Map.of("MST_HOSTILE_MODE", "secrets", "PEM_PRIVATE_KEY", PEM, "MST_HOSTILE_FILE_SECRET", FILE_SECRET),
                List.of(),
                "--mst",
                HOSTILE.toString(),
                "--",
                "--config",
                config().toString(),
                "--api-token",
                CLI_SECRET,
                "--secrets-file",
                secrets.toString());

        assertThat(r.exit()).as(r.err()).isZero();
        String log = Files.readString(r.log());
        for (String shown : List.of(r.all(), log)) {
            assertNoForm(shown, ENV_SECRET);
            assertThat(shown).doesNotContain(FILE_SECRET, CLI_SECRET, "unknown-bearer-token-5581");
            for (String pemLine : PEM.split("\n")) {
                assertThat(shown).doesNotContain(pemLine);
            }
        }
        assertThat(log)
                .contains(
                        "raw: ***",
                        "json: {\"note\": \"***\"}",
                        "url: https://example.test/cb?code=***",
                        "Authorization: Bearer ***",
                        "file value: ***",
                        "--api-token *** --secrets-file",
                        "argv: --config"); // MST echoing its arguments: the flag's value is masked there too
    }

    /**
     * A secret is never written in part where the reader cuts a long line: MST prints each secret
     * (one from the secrets file, one from the environment) at every offset around the 8 KiB cut,
     * and no six characters of either reach the screen, the run log, the recording or the panel's
     * log. Before, the cut came first and the mask saw only the start of the value.
     */
    @Test
    void aSecretAtEveryOffsetAroundTheLineCutIsNeverWrittenInPart() throws Exception {
        String fileSecret = "sk-ant-api03-" + "Kq7Wv2Lr9Xz4Mn8Bt3Hy6Jd1Pf5Gs0Ca".repeat(3) + "Ue";
        String envSecret = "sk-proj-Zr4Tn8Vb2Qx6Wm1Ky5Hd9Lp3Fc7Js0Ga-Nq";
        Path secrets = Files.writeString(dir.resolve("secrets.env"), "ANTHROPIC_API_KEY=" + fileSecret + "\n");

        Run r = panel(
                Map.of(
                        "MST_HOSTILE_MODE",
                        "at-cut",
                        "OPENAI_API_KEY",
                        envSecret,
                        "MST_HOSTILE_CUT_SECRETS",
                        fileSecret + " " + envSecret),
                List.of(),
                "--mst",
                HOSTILE.toString(),
                "--",
                "--config",
                config().toString(),
                "--secrets-file",
                secrets.toString());

        assertThat(r.exit()).as(r.err()).isZero();
        Map<String, String> written = new HashMap<>();
        written.put("the screen", r.all());
        try (var files = Files.walk(dir.resolve("panel-home"))) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                byte[] bytes = Files.readAllBytes(f);
                if (f.toString().endsWith(".gz")) {
                    bytes = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(bytes)).readAllBytes();
                }
                written.put(f.toString(), new String(bytes, StandardCharsets.UTF_8));
            }
        }
        assertThat(written.keySet())
                .as("the run log and the recording were written")
                .anyMatch(f -> f.endsWith(".log"))
                .anyMatch(f -> f.endsWith(".recording.jsonl.gz"));
        assertThat(written.get("the screen")).as("the lines were cut").contains(BoundedStreams.CUT_MARK);
        for (Map.Entry<String, String> e : written.entrySet()) {
            for (String secret : List.of(fileSecret, envSecret)) {
                for (int i = 0; i + 6 <= secret.length(); i++) {
                    assertThat(e.getValue())
                            .as("%s holds %s", e.getKey(), secret.substring(i, i + 6))
                            .doesNotContain(secret.substring(i, i + 6));
                }
            }
        }
    }

    @Test
    void aJsonSecretsFileWithAByteOrderMarkIsMasked() throws Exception {
        Path secrets = dir.resolve("secrets.json");
        Files.writeString(secrets, "\uFEFF{\"SHOP_TOKEN\": \"" + FILE_SECRET + "\"}");

        Run r = panel(
                Map.of("MST_HOSTILE_MODE", "secrets", "MST_HOSTILE_FILE_SECRET", FILE_SECRET),
                List.of(),
                "--mst",
                HOSTILE.toString(),
                "--",
                "--config",
                config().toString(),
                "--secrets-file",
                secrets.toString());

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(Files.readString(r.log())).contains("file value: ***").doesNotContain(FILE_SECRET);
        assertThat(r.all()).doesNotContain(FILE_SECRET);
    }

    @Test
    void aSecretsFileThatCannotBeReadWholeRefusesTheRunAndSaysWhy() throws Exception {
        Path fifo = dir.resolve("secrets.fifo");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertThat(mkfifo.waitFor()).isZero();
        Path huge = dir.resolve("huge.env");
        Files.writeString(huge, "K=" + "x".repeat(2 << 20) + "\n");

        Run fromFifo = panel(
                Map.of("MST_HOSTILE_MODE", "secrets"),
                List.of(),
                "--mst",
                HOSTILE.toString(),
                "--",
                "--config",
                config().toString(),
                "--secrets-file",
                fifo.toString());
        Run fromHuge = panel(
                Map.of("MST_HOSTILE_MODE", "secrets"),
                List.of(),
                "--mst",
                HOSTILE.toString(),
                "--",
                "--config",
                config().toString(),
                "--secrets-file",
                huge.toString());

        assertThat(fromFifo.exit()).isEqualTo(2);
        assertThat(fromFifo.err())
                .contains("The secrets file " + fifo + " is not a regular file", "The run was not started.");
        assertThat(fromHuge.exit()).isEqualTo(2);
        assertThat(fromHuge.err()).contains("the limit is 1048576 bytes (1 MiB)", "The run was not started.");
        for (Run r : List.of(fromFifo, fromHuge)) {
            assertThat(r.out()).as("MST never ran").doesNotContain("raw:");
            assertThat(r.err()).doesNotContain("Exception", "\tat ");
        }
    }

    @Test
    void mstOutputWithoutANewlineIsReadInBoundedMemoryAndMstsExitCodeIsReported() throws Exception {
        long bytes = 300_000_000L;
        Run r = panel(
                Map.of(
                        "MST_HOSTILE_MODE",
                        "no-newline",
                        "MST_HOSTILE_BYTES",
                        Long.toString(bytes),
                        "MST_HOSTILE_EXIT",
                        "7"),
                List.of("-Xmx64m"),
                "--mst",
                HOSTILE.toString(),
                "--",
                "--config",
                config().toString());

        System.out.printf("no-newline: %d bytes from MST, panel peak RSS %d KiB with -Xmx64m%n", bytes, r.peakRssKib());
        assertThat(r.exit())
                .as(
                        "MST's own exit code, not SIGPIPE (141) or an OutOfMemoryError; stderr starts %s",
                        r.err().substring(0, Math.min(300, r.err().length())))
                .isEqualTo(7);
        assertThat(r.err().contains(BoundedStreams.CUT_MARK))
                .as("the long line is cut and marked")
                .isTrue();
        assertThat(r.err().contains("\nafter the long line\n"))
                .as("what follows it is still read")
                .isTrue();
        assertThat(r.err().contains("OutOfMemoryError")).isFalse();
        assertThat(r.out()).contains("MST exited with code 7");
        assertThat(r.peakRssKib())
                .as("peak resident memory of the panel, KiB")
                .isPositive()
                .isLessThan(400_000);
        assertThat(Files.size(r.log()))
                .as("the log holds the cut line, not 300 MB")
                .isLessThan(64 * 1024);
    }

    @Test
    void aBillionShardsInMstsLinesMakeOnlyTheShardsNamedAndShardZeroIsJustALine() throws Exception {
        Run r = panel(
                Map.of("MST_HOSTILE_MODE", "shards"),
                List.of("-Xmx64m"),
                "--mst",
                HOSTILE.toString(),
                "--",
                "--config",
                config().toString(),
                "--runner-option",
                "shards=999999999");

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("shard 1/999999999", "shard 999999999/999999999", "MST exited with code 0");
        assertThat(r.err()).contains("[mst] shard 0/0: done").doesNotContain("Exception", "OutOfMemoryError");
        assertThat(r.peakRssKib()).isLessThan(400_000);
    }

    @Test
    void graceOutsideZeroTo3600SecondsIsAUsageError() throws Exception {
        for (String grace : List.of("9223372036854775807", "-1", "3601", "1e9", "")) {
            Run r = panel(
                    Map.of("MST_HOSTILE_MODE", "secrets"),
                    List.of(),
                    "--grace=" + grace,
                    "--mst",
                    HOSTILE.toString(),
                    "--",
                    "--config",
                    config().toString());
            assertThat(r.exit()).as("--grace=%s: %s", grace, r.err()).isEqualTo(2);
            assertThat(r.err()).contains("--grace takes a whole number of seconds from 0 to 3600");
            assertThat(r.out()).doesNotContain("raw:");
        }
    }

    @Test
    void aWrongMstPathIsRefusedAndNeverReplacedByTheMstOnPath() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path marker = dir.resolve("path-mst-ran");
        Files.writeString(bin.resolve("mst"), "#!/bin/sh\ntouch '" + marker + "'\necho 2.0.0\n");
        bin.resolve("mst").toFile().setExecutable(true);
        Path wrong = dir.resolve("no/such/mst");

        Run r = panel(
                Map.of("PATH", bin + ":" + System.getenv("PATH")),
                List.of(),
                "--mst",
                wrong.toString(),
                "--",
                "--config",
                config().toString());

        assertThat(r.exit()).isEqualTo(127);
        assertThat(r.err()).contains("The MST path " + wrong + " cannot be used: there is no such file");
        assertThat(marker).as("the mst on PATH was not run").doesNotExist();
    }

    @Test
    void ctrlCWithAStubbornMstEndsItsTreeAfterTheGraceReportsItsExitCodeAndNamesTheContainerLeft() throws Exception {
        try {
            stubbornMstWithAContainer();
        } finally {
            removeWhatTheHostileMstLeft();
        }
    }

    private void stubbornMstWithAContainer() throws Exception {
        Path pids = dir.resolve("pids");
        // the hostile MST also leaves a real container on engine-1, labelled as MST labels its own
        Map<String, String> env =
                new HashMap<>(TestEngines.environment(dir.resolve("home")).variables());
        env.putAll(Map.of(
                "MST_HOSTILE_MODE",
                "ignore-sigint",
                "MST_HOSTILE_PIDFILE",
                pids.toString(),
                "MST_HOSTILE_CONTEXT",
                "engine-1"));
        List<String> cmd = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp",
                System.getProperty("java.class.path"),
                "dev.mstpanel.Main",
                "run",
                "--grace",
                "1",
                "--mst",
                HOSTILE.toString(),
                "--",
                "--config",
                config().toString(),
                "--runner-option",
                "contexts=engine-1"));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        pb.environment().putAll(env);
        pb.environment().put("MST_PANEL_LOGIN_SHELL", "off");
        pb.environment().put("MST_PANEL_HOME", dir.resolve("panel-home").toString());
        Process p = pb.start();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p, false));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p, true));
        for (int i = 0; i < 200 && !Files.exists(pids); i++) {
            Thread.sleep(100);
        }
        Thread.sleep(300);
        String[] both = Files.readString(pids).strip().split(" ");
        long mst = Long.parseLong(both[0]);
        long child = Long.parseLong(both[1]);

        new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();

        assertThat(p.waitFor(60, TimeUnit.SECONDS))
                .as("the panel ended after the grace")
                .isTrue();
        assertThat(ProcessHandle.of(mst).map(ProcessHandle::isAlive).orElse(false))
                .as("MST is gone")
                .isFalse();
        assertThat(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false))
                .as("its child is gone")
                .isFalse();
        assertThat(p.exitValue()).as(err.get()).isEqualTo(143); // MST ended by SIGTERM: 128 + 15
        assertThat(out.get())
                .contains(
                        "MST exited with code 143",
                        "Still there after the run (MST did not remove them):",
                        "  mst-hostile-" + mst + "-1 on engine-1 (running)",
                        "Remove them with: mst-panel containers remove-orphans");
        assertThat(err.get()).contains("mst-panel run: stopping the shards").doesNotContain("Exception");

        // the one action named removes it
        ProcessBuilder clean = new ProcessBuilder(
                        ProcessHandle.current().info().command().orElse("java"),
                        "-cp",
                        System.getProperty("java.class.path"),
                        "dev.mstpanel.Main",
                        "containers",
                        "remove-orphans",
                        "--context",
                        "engine-1",
                        "--timeout",
                        "30")
                .directory(dir.toFile())
                .redirectErrorStream(true);
        clean.environment().putAll(env);
        clean.environment().put("MST_PANEL_HOME", dir.resolve("panel-home").toString());
        Process c = clean.start();
        String cleaned = new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(c.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(cleaned).contains("removed engine-1 mst-hostile-" + mst + "-1");
        assertThat(dockerPs("mst-hostile-" + mst)).as("no container left").isBlank();
    }

    private static void removeWhatTheHostileMstLeft() throws Exception {
        String ids = dockerPs("mst-hostile-");
        if (!ids.isBlank()) {
            List<String> rm = new ArrayList<>(List.of("docker", "--context", "engine-1", "rm", "-f"));
            rm.addAll(List.of(ids.split("\\s+")));
            ProcessBuilder pb = new ProcessBuilder(rm).redirectErrorStream(true);
            pb.environment().put("DOCKER_CONFIG", TestEngines.dockerConfig().toString());
            pb.start().waitFor(60, TimeUnit.SECONDS);
        }
    }

    private static String dockerPs(String namePrefix) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(
                        "docker", "--context", "engine-1", "ps", "-aq", "--filter", "name=" + namePrefix)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("DOCKER_CONFIG", TestEngines.dockerConfig().toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        p.waitFor(60, TimeUnit.SECONDS);
        return out;
    }
}
