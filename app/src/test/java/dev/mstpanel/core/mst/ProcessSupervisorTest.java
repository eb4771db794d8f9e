package dev.mstpanel.core.mst;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

@DisabledOnOs(OS.WINDOWS)
class ProcessSupervisorTest {
    @TempDir
    Path dir;

    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final List<String> notices = new CopyOnWriteArrayList<>();

    private final OutputListener listener = new OutputListener() {
        @Override
        public void onLine(Stream stream, String line) {
            lines.add(stream.name().toLowerCase() + ":" + line);
        }

        @Override
        public void onNotice(String message) {
            notices.add(message);
        }
    };

    private Map<String, String> env() {
        Map<String, String> env = new HashMap<>();
        env.put("PATH", System.getenv("PATH"));
        env.put("ANTHROPIC_API_KEY", "sk-ant-supersecret-123");
        return env;
    }

    private Path script(String body) throws Exception {
        Path f = dir.resolve("s" + System.nanoTime() + ".sh");
        Files.writeString(f, "#!/bin/bash\n" + body + "\n");
        f.toFile().setExecutable(true);
        return f;
    }

    /** Waits (bounded) until the listener saw a line containing the text. */
    private void awaitLine(String text) throws InterruptedException {
        for (int i = 0; i < 200 && lines.stream().noneMatch(l -> l.contains(text)); i++) {
            Thread.sleep(50);
        }
    }

    @Test
    void linesOfBothStreamsReachTheListenerAndTheLogWithSecretsMasked() throws Exception {
        Path s = script(
                "echo \"key is $ANTHROPIC_API_KEY\"; echo 'ünïcödé case ✓' >&2; printf 'crlf\\r\\nlast-no-newline'");
        Path log = dir.resolve("logs/run.log");
        ProcessSupervisor.SupervisedProcess p = new ProcessSupervisor()
                .start(
                        ProcessSpec.of(List.of(s.toString(), "--token=sk-ant-supersecret-123"), dir, env(), log),
                        listener);

        assertThat(p.exitCode().get(20, TimeUnit.SECONDS)).isZero();
        assertThat(lines)
                .contains("stdout:key is ***", "stderr:ünïcödé case ✓", "stdout:crlf", "stdout:last-no-newline");
        assertThat(p.shownCommandLine()).endsWith("--token=***").doesNotContain("supersecret");
        String logText = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(logText)
                .contains("key is ***", "ünïcödé case ✓", "exited with code 0")
                .doesNotContain("supersecret");
        assertThat(p.state()).isEqualTo(ProcessSupervisor.State.EXITED);
    }

    @Test
    void theStartIsToldBeforeAnyLineEvenWhenTheProcessPrintsAtOnce() throws Exception {
        Path s = script("echo first; echo second >&2");
        for (int round = 0; round < 20; round++) {
            List<String> seen = new CopyOnWriteArrayList<>();
            var p = new ProcessSupervisor()
                    .start(
                            ProcessSpec.of(List.of(s.toString(), "--token=sk-ant-supersecret-123"), null, env(), null),
                            new OutputListener() {
                                @Override
                                public void onStarted(String shownCommandLine, long pid) {
                                    seen.add("started " + shownCommandLine.contains("sk-ant-supersecret-123") + " "
                                            + (pid > 0));
                                }

                                @Override
                                public void onLine(Stream stream, String line) {
                                    seen.add(line);
                                }
                            });
            assertThat(p.exitCode().get(20, TimeUnit.SECONDS)).isZero();
            for (int i = 0; i < 100 && seen.size() < 3; i++) {
                Thread.sleep(20);
            }
            // the run's "started" event is made here: MST's first lines (capacity) must not come before it
            assertThat(seen).hasSize(3).first().isEqualTo("started false true");
        }
    }

    /** While MST runs the operating system is told the panel is busy (macOS: no App Nap), and told no longer once it ends. */
    @Test
    void theOperatingSystemIsToldThePanelIsBusyWhileTheProcessRunsAndNoLongerAfter() throws Exception {
        java.util.List<String> said = new java.util.concurrent.CopyOnWriteArrayList<>();
        dev.mstpanel.core.shell.BusyActivity busy = reason -> {
            said.add("begin " + reason);
            return () -> said.add("end");
        };
        Path s = script("sleep 0.5; exit 0");
        var p = new ProcessSupervisor(false, busy)
                .start(ProcessSpec.of(List.of(s.toString()), null, env(), null), listener);
        assertThat(said).as("begun as the process starts").containsExactly("begin MST is running: " + s.getFileName());
        assertThat(p.exitCode().get(20, TimeUnit.SECONDS)).isZero();
        for (int i = 0; i < 100 && said.size() < 2; i++) {
            Thread.sleep(20);
        }
        assertThat(said).as("ended when it exits").containsExactly("begin MST is running: " + s.getFileName(), "end");
    }

    @Test
    void exitCodeIsTheProcesses() throws Exception {
        Path s = script("exit 7");
        var p = new ProcessSupervisor().start(ProcessSpec.of(List.of(s.toString()), null, env(), null), listener);
        assertThat(p.exitCode().get(20, TimeUnit.SECONDS)).isEqualTo(7);
    }

    @Test
    void missingProgramGivesAMessageNamingIt() {
        assertThatThrownBy(() -> new ProcessSupervisor()
                        .start(ProcessSpec.of(List.of("/no/such/mst"), null, env(), null), listener))
                .isInstanceOf(ProcessStartException.class)
                .hasMessageContaining("Cannot start /no/such/mst");
    }

    @Test
    void firstCancelSendsSigintWhichTheProcessCanHandle() throws Exception {
        Path s = script("trap 'echo stopping shards; exit 3' INT; echo ready; while true; do sleep 0.1; done");
        var p = new ProcessSupervisor().start(ProcessSpec.of(List.of(s.toString()), null, env(), null), listener);
        awaitLine("ready");

        assertThat(p.cancel()).isEqualTo(ProcessSupervisor.State.INTERRUPTED);

        assertThat(p.exitCode().get(20, TimeUnit.SECONDS)).isEqualTo(3);
        assertThat(lines).contains("stdout:stopping shards");
        assertThat(notices).anyMatch(n -> n.contains("sent SIGINT"));
    }

    @Test
    void processIgnoringSigintHasItsWholeTreeEndedAfterTheGracePeriod() throws Exception {
        // a parent and a grandchild that ignore SIGINT and SIGTERM: only the force step ends them
        // (loops, not `wait`: a `wait` would return once the grandchild dies and let the parent exit 0)
        Path s = script(
                "trap '' INT TERM; bash -c \"trap '' INT TERM; sleep 1000 & echo grandchild \\$!; while true; do sleep 0.2; done\" & "
                        + "echo ready; while true; do sleep 0.2; done");
        var p = new ProcessSupervisor()
                .start(
                        ProcessSpec.of(List.of(s.toString()), null, env(), null).withGrace(Duration.ofSeconds(1)),
                        listener);
        awaitLine("grandchild");
        List<Long> tree = p.processTreePids();
        assertThat(tree).hasSizeGreaterThanOrEqualTo(3);

        p.cancel();

        int code = p.exitCode().get(30, TimeUnit.SECONDS);
        assertThat(code).isEqualTo(137);
        for (long pid : tree) {
            ProcessHandle.of(pid).ifPresent(h -> {
                try {
                    h.onExit().get(5, TimeUnit.SECONDS);
                } catch (Exception e) {
                    // asserted below
                }
            });
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                    .as("pid %d alive", pid)
                    .isFalse();
        }
        assertThat(notices).anyMatch(n -> n.contains("No exit within 1 s"));
    }

    @Test
    void secondCancelEndsTheTreeDeepestChildFirst() throws Exception {
        // the child reports when it gets SIGTERM; the parent notes whether the child was gone first
        Path s = script(
                "trap '' INT; trap 'if kill -0 $CHILD 2>/dev/null; then echo child-alive; else echo child-gone; fi; exit 143' TERM; "
                        + "bash -c \"trap '' INT; sleep 1000\" & CHILD=$!; echo ready; while true; do sleep 0.1; done");
        var p = new ProcessSupervisor()
                .start(
                        ProcessSpec.of(List.of(s.toString()), null, env(), null).withGrace(Duration.ofMinutes(5)),
                        listener);
        awaitLine("ready");
        List<Long> tree = p.processTreePids();

        p.cancel();
        p.cancel();

        assertThat(p.exitCode().get(30, TimeUnit.SECONDS)).isEqualTo(143);
        assertThat(lines).contains("stdout:child-gone");
        for (long pid : tree) {
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                    .isFalse();
        }
        assertThat(notices).anyMatch(n -> n.contains("Second cancel"));
    }
}
