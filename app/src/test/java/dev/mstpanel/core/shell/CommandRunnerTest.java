package dev.mstpanel.core.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** CommandRunner with real processes: its timeout bounds the whole call, and a timed-out shell is hung up before it is killed. */
@DisabledOnOs(OS.WINDOWS)
class CommandRunnerTest {
    @TempDir
    Path dir;

    private CommandRunner runner() {
        return new CommandRunner(
                new HostEnvironment(Map.of("PATH", "/usr/bin:/bin"), dir, HostEnvironment.OsFamily.current()));
    }

    @Test
    void aBackgroundJobThatKeepsStdoutOpenDoesNotHoldTheCall() throws Exception {
        Path pid = dir.resolve("pid");
        CommandResult r = runner().run(
                        List.of("sh", "-c", "sleep 30 & echo $! > '" + pid + "'; echo done"),
                        dir,
                        Duration.ofSeconds(20));
        assertThat(r.timedOut()).isFalse();
        assertThat(r.exitCode()).isZero();
        assertThat(r.stdout().strip()).isEqualTo("done");
        assertThat(r.elapsedMillis()).isLessThan(5_000);
        ProcessHandle.of(Long.parseLong(Files.readString(pid).strip())).ifPresent(ProcessHandle::destroyForcibly);
    }

    @Test
    void aCommandPastItsTimeoutIsHungUpFirstThenEndedWithItsChildren() throws Exception {
        Path marker = dir.resolve("hup");
        Path pid = dir.resolve("pid");
        String script = "trap 'echo hup > \"" + marker + "\"; exit 1' HUP; sleep 30 & echo $! > '" + pid + "'; wait";
        CommandResult r = runner().run(List.of("bash", "-c", script), dir, Duration.ofSeconds(1));
        assertThat(r.timedOut()).isTrue();
        assertThat(r.elapsedMillis()).isLessThan(5_000);
        assertThat(Files.readString(marker).strip()).isEqualTo("hup");
        long child = Long.parseLong(Files.readString(pid).strip());
        long until = System.currentTimeMillis() + 3_000;
        while (ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false)
                && System.currentTimeMillis() < until) {
            Thread.sleep(50);
        }
        assertThat(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false))
                .as("the background sleep is ended too")
                .isFalse();
    }
}
