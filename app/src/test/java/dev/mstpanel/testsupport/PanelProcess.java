package dev.mstpanel.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs {@code mst-panel} as a user does: a separate JVM on the panel's main class, its output captured. */
public final class PanelProcess {
    private PanelProcess() {}

    /** What the command did: its exit code, stdout and stderr. */
    public record Result(int exit, String out, String err) {}

    /**
     * Runs one command and waits for it to end (the test fails when it does not end in time).
     *
     * @param dir the working folder, also where the output files go
     * @param env variables to set; a null value removes the variable
     * @param waitSeconds how long it may take
     */
    public static Result run(Path dir, Map<String, String> env, long waitSeconds, String... args) throws Exception {
        return run(dir, env, List.of(), waitSeconds, args);
    }

    /**
     * As {@link #run(Path, Map, long, String...)}, with options for the JVM (e.g. {@code -Xmx64m}:
     * the heap a user gives it).
     */
    public static Result run(
            Path dir, Map<String, String> env, List<String> jvmOptions, long waitSeconds, String... args)
            throws Exception {
        ProcessBuilder pb = builder(dir, env, jvmOptions, args);
        File out = Files.createTempFile(dir, "out-", ".txt").toFile();
        File err = Files.createTempFile(dir, "err-", ".txt").toFile();
        pb.redirectOutput(out).redirectError(err);
        Process p = pb.start();
        boolean ended = p.waitFor(waitSeconds, TimeUnit.SECONDS);
        if (!ended) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        assertThat(ended)
                .as("mst-panel " + String.join(" ", args) + " ended; stderr: " + Files.readString(err.toPath()))
                .isTrue();
        return new Result(
                p.exitValue(),
                Files.readString(out.toPath(), StandardCharsets.UTF_8),
                Files.readString(err.toPath(), StandardCharsets.UTF_8));
    }

    /**
     * The process of one command, not started: the panel's main class in a JVM of its own, with
     * {@code jvmOptions}, in {@code dir}, with {@code env} set (a null value removes the variable).
     */
    public static ProcessBuilder builder(Path dir, Map<String, String> env, List<String> jvmOptions, String... args) {
        List<String> cmd =
                new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java")));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "dev.mstpanel.Main"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        pb.environment().put("MST_PANEL_LOGIN_SHELL", "off");
        env.forEach((k, v) -> {
            if (v == null) {
                pb.environment().remove(k);
            } else {
                pb.environment().put(k, v);
            }
        });
        return pb;
    }

    /**
     * Runs one command in a pseudo-terminal ({@code script}), as from an SSH session or a terminal
     * window ({@code System.console()} is not null), on the test engines' contexts, types
     * {@code typed} into it and waits for it to end.
     *
     * @param panelHome the panel's {@code MST_PANEL_HOME}
     * @param typed what the user types (e.g. shell commands ending with {@code exit N})
     * @param waitSeconds how long it may take (the test fails when it does not end in time)
     * @return its exit code, and the terminal's output in {@code out} (stdout and stderr together)
     */
    public static Result inTerminal(Path panelHome, String typed, long waitSeconds, String... args) throws Exception {
        List<String> argv = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "dev.mstpanel.Main"));
        argv.addAll(List.of(args));
        String line = String.join(
                " ", argv.stream().map(a -> "'" + a.replace("'", "'\\''") + "'").toList());
        ProcessBuilder pb = new ProcessBuilder("script", "-qec", line, "/dev/null").redirectErrorStream(true);
        pb.environment().remove("DOCKER_HOST");
        pb.environment().remove("DOCKER_CONTEXT");
        pb.environment().remove("DISPLAY");
        pb.environment().put("DOCKER_CONFIG", TestEngines.dockerConfig().toString());
        pb.environment().put("MST_PANEL_HOME", panelHome.toString());
        Process proc = pb.start();
        proc.getOutputStream().write(typed.getBytes(StandardCharsets.UTF_8));
        proc.getOutputStream().flush();
        String out = new String(proc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(proc.waitFor(waitSeconds, TimeUnit.SECONDS))
                .as("mst-panel " + String.join(" ", args) + " ended")
                .isTrue();
        return new Result(proc.exitValue(), out, "");
    }
}
