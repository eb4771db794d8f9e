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
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), "dev.mstpanel.Main"));
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
        File out = Files.createTempFile(dir, "out-", ".txt").toFile();
        File err = Files.createTempFile(dir, "err-", ".txt").toFile();
        pb.redirectOutput(out).redirectError(err);
        Process p = pb.start();
        boolean ended = p.waitFor(waitSeconds, TimeUnit.SECONDS);
        if (!ended) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        assertThat(ended).as("mst-panel " + String.join(" ", args) + " ended; stderr: " + Files.readString(err.toPath())).isTrue();
        return new Result(p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
                Files.readString(err.toPath(), StandardCharsets.UTF_8));
    }
}
