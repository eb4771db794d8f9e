package dev.mstpanel.core.docker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mstpanel.core.shell.HostEnvironment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The terminal launcher: exact command lines, AppleScript built from checked names, injections refused, a real process started. */
class TerminalLauncherTest {
    @TempDir
    Path dir;

    @Test
    void copyCommandIsTheDocumentedShellCommand() {
        assertThat(TerminalLauncher.copyCommand("colima-mst-kvm", "mst-shard-1-kept"))
                .isEqualTo("docker --context colima-mst-kvm exec -it -u mst mst-shard-1-kept bash");
    }

    @Test
    void namesThatTryToInjectAreRefusedBeforeAnyCommandIsBuilt() {
        TerminalLauncher mac = new TerminalLauncher(
                new HostEnvironment(Map.of("PATH", "/usr/bin"), dir, HostEnvironment.OsFamily.MAC));
        for (String bad : List.of("a;rm -rf /", "a\"b", "a'b", "a\nb", "a b", "$(x)", "`x`", "-e")) {
            assertThatThrownBy(() -> mac.launchCommand(TerminalLauncher.Terminal.TERMINAL, "engine-1", bad))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("not a Docker name");
            assertThatThrownBy(() -> mac.launchCommand(TerminalLauncher.Terminal.ITERM2, bad, "box"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("not a Docker name");
            assertThatThrownBy(() -> TerminalLauncher.copyCommand("engine-1", bad))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void terminalAppleScriptQuotesTheDockerPathAndKeepsNamesBare() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("Docker \"Apps\"/it's bin"));
        executable(bin.resolve("docker"), "#!/bin/sh\n");
        TerminalLauncher mac = new TerminalLauncher(
                new HostEnvironment(Map.of("PATH", bin.toString()), dir, HostEnvironment.OsFamily.MAC));
        List<String> argv = mac.launchCommand(TerminalLauncher.Terminal.TERMINAL, "colima-mst-kvm", "box-kept");
        String quotedPath = ("'" + bin.resolve("docker") + "'").replace("'s bin", "'\\''s bin");
        String line = quotedPath + " --context colima-mst-kvm exec -it -u mst box-kept bash";
        assertThat(argv)
                .containsExactly(
                        "osascript",
                        "-e",
                        "tell application \"Terminal\"\n  activate\n  do script \""
                                + line.replace("\\", "\\\\").replace("\"", "\\\"") + "\"\nend tell");
        assertThat(mac.launchCommand(TerminalLauncher.Terminal.ITERM2, "colima-mst-kvm", "box-kept")
                        .get(2))
                .startsWith("tell application \"iTerm\"")
                .contains("write text \"");
    }

    @Test
    void linuxTerminalsGetTheCommandAsSeparateArguments() {
        TerminalLauncher linux = new TerminalLauncher(
                new HostEnvironment(Map.of("PATH", dir.toString()), dir, HostEnvironment.OsFamily.LINUX));
        assertThat(linux.launchCommand(TerminalLauncher.Terminal.GNOME_TERMINAL, "engine-1", "box"))
                .containsExactly(
                        "gnome-terminal",
                        "--",
                        "docker",
                        "--context",
                        "engine-1",
                        "exec",
                        "-it",
                        "-u",
                        "mst",
                        "box",
                        "bash");
        assertThat(linux.launchCommand(TerminalLauncher.Terminal.KONSOLE, "engine-1", "box"))
                .containsExactly(
                        "konsole", "-e", "docker", "--context", "engine-1", "exec", "-it", "-u", "mst", "box", "bash");
        TerminalLauncher windows = new TerminalLauncher(
                new HostEnvironment(Map.of("PATH", dir.toString()), dir, HostEnvironment.OsFamily.WINDOWS));
        assertThat(windows.launchCommand(TerminalLauncher.Terminal.WINDOWS_TERMINAL, "engine-1", "box"))
                .containsExactly(
                        "wt",
                        "new-tab",
                        "--title",
                        "mst box",
                        "docker",
                        "--context",
                        "engine-1",
                        "exec",
                        "-it",
                        "-u",
                        "mst",
                        "box",
                        "bash");
    }

    @Test
    void everyTerminalOfEveryPlatformHasACommandLineThatRunsTheShellCommand() {
        for (HostEnvironment.OsFamily os : HostEnvironment.OsFamily.values()) {
            TerminalLauncher launcher =
                    new TerminalLauncher(new HostEnvironment(Map.of("PATH", dir.toString()), dir, os));
            assertThat(TerminalLauncher.Terminal.of(os)).as(os.name()).isNotEmpty();
            for (TerminalLauncher.Terminal t : TerminalLauncher.Terminal.of(os)) {
                List<String> argv = launcher.launchCommand(t, "engine-1", "box-kept");
                assertThat(argv.get(0)).as(t.displayName()).isEqualTo(t.program());
                assertThat(String.join(" ", argv))
                        .as(t.displayName())
                        .contains("--context engine-1 exec -it -u mst box-kept");
                assertThat(launcher.choose(t.displayName())).as(t.displayName()).contains(t);
            }
        }
    }

    @Test
    void ghosttyAndWezTermOpenANewWindowThroughTheirDocumentedCommandLines() {
        TerminalLauncher mac = new TerminalLauncher(
                new HostEnvironment(Map.of("PATH", dir.toString()), dir, HostEnvironment.OsFamily.MAC));
        List<String> shell = TerminalLauncher.shellArguments("docker", "colima-mst-kvm", "box");
        List<String> ghostty =
                new java.util.ArrayList<>(List.of("open", "-n", "-b", "com.mitchellh.ghostty", "--args", "-e"));
        ghostty.addAll(shell);
        assertThat(mac.launchCommand(TerminalLauncher.Terminal.GHOSTTY, "colima-mst-kvm", "box"))
                .isEqualTo(ghostty);
        List<String> wezterm = new java.util.ArrayList<>(
                List.of("open", "-n", "-b", "com.github.wez.wezterm", "--args", "start", "--"));
        wezterm.addAll(shell);
        assertThat(mac.launchCommand(TerminalLauncher.Terminal.WEZTERM, "colima-mst-kvm", "box"))
                .isEqualTo(wezterm);
        assertThat(mac.choose("ghostty")).contains(TerminalLauncher.Terminal.GHOSTTY);
        assertThat(mac.choose("WezTerm.app")).contains(TerminalLauncher.Terminal.WEZTERM);
    }

    @Test
    void settingChoosesTheTerminalAndUnknownOnesAreExplained() {
        TerminalLauncher mac = new TerminalLauncher(new HostEnvironment(Map.of(), dir, HostEnvironment.OsFamily.MAC));
        assertThat(mac.choose(null)).contains(TerminalLauncher.Terminal.TERMINAL);
        assertThat(mac.choose("iTerm2")).contains(TerminalLauncher.Terminal.ITERM2);
        assertThat(mac.choose("iterm.app")).contains(TerminalLauncher.Terminal.ITERM2);
        assertThatThrownBy(() -> mac.choose("konsole")).hasMessageContaining("does not run on this system");
        assertThatThrownBy(() -> mac.choose("hyper")).hasMessageContaining("Choose one of: Terminal, iTerm2");
    }

    @Test
    void opensTheFirstLinuxTerminalOnPathWithTheExactCommand() throws Exception {
        Path record = dir.resolve("args.txt");
        executable(dir.resolve("docker"), "#!/bin/sh\n");
        executable(
                dir.resolve("konsole"),
                "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > '" + record + "'\n");
        // only the test's folder on PATH: a terminal the machine has (Debian's x-terminal-emulator comes with some
        // desktop packages) would be the first one found otherwise
        TerminalLauncher linux = new TerminalLauncher(
                new HostEnvironment(Map.of("PATH", dir.toString()), dir, HostEnvironment.OsFamily.LINUX));
        List<String> started = linux.open("", "engine-2", "mst-1-kept");
        assertThat(started.get(0)).isEqualTo(dir.resolve("konsole").toString());
        for (int i = 0; i < 50 && !Files.exists(record); i++) {
            Thread.sleep(50);
        }
        assertThat(Files.readAllLines(record, StandardCharsets.UTF_8))
                .containsExactly(
                        "-e",
                        dir.resolve("docker").toString(),
                        "--context",
                        "engine-2",
                        "exec",
                        "-it",
                        "-u",
                        "mst",
                        "mst-1-kept",
                        "bash");
    }

    @Test
    void aTerminalThatFailsSaysSoWithTheCommandToCopy() throws Exception {
        executable(dir.resolve("xterm"), "#!/bin/sh\necho 'cannot open display' >&2\nexit 3\n");
        TerminalLauncher linux = new TerminalLauncher(
                new HostEnvironment(Map.of("PATH", dir + ":/usr/bin:/bin"), dir, HostEnvironment.OsFamily.LINUX));
        assertThatThrownBy(() -> linux.open("xterm", "engine-1", "box"))
                .hasMessageContaining("xterm failed (exit 3): cannot open display")
                .hasMessageContaining("docker --context engine-1 exec -it -u mst box bash");
    }

    private TerminalLauncher macWithAutomation(String answer, int promptSeconds) {
        return new TerminalLauncher(new HostEnvironment(
                Map.of(
                        "PATH",
                        dev.mstpanel.testsupport.MacDouble.bin() + ":/usr/bin:/bin",
                        "MACOS_DOUBLE_AUTOMATION",
                        answer,
                        "MACOS_DOUBLE_PROMPT_SECONDS",
                        Integer.toString(promptSeconds)),
                dir,
                HostEnvironment.OsFamily.MAC));
    }

    @Test
    void aDontAllowAtTheAutomationPromptAfterTheFirstSecondsIsSaidWithTheSettingsPane() throws Exception {
        java.util.concurrent.CompletableFuture<java.io.IOException> later =
                new java.util.concurrent.CompletableFuture<>();
        List<String> started =
                macWithAutomation("denied", 4).open("Terminal", "colima", "mst-trial-1-kept", later::complete);
        assertThat(started.get(0)).endsWith("osascript");
        assertThat(later)
                .as("nothing said while the person still looks at the prompt")
                .isNotDone();
        java.io.IOException said = later.get(20, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(said.getMessage())
                .startsWith("macOS did not allow mst-panel to control Terminal.")
                .contains("System Settings → Privacy & Security → Automation")
                .contains("x-apple.systempreferences:com.apple.preference.security?Privacy_Automation")
                .contains("docker --context colima exec -it -u mst mst-trial-1-kept");
    }

    @Test
    void aPermissionTurnedOffBeforeFailsAtOnceWithTheSamePointer() {
        assertThatThrownBy(() -> macWithAutomation("denied", 0).open("iTerm2", "colima", "mst-trial-1-kept", e -> {}))
                .hasMessageStartingWith("macOS did not allow mst-panel to control iTerm2.")
                .hasMessageContaining(TerminalLauncher.AUTOMATION_PANE);
    }

    @Test
    void anAllowedTerminalIsNotReportedAsAFailure() throws Exception {
        java.util.concurrent.CompletableFuture<java.io.IOException> later =
                new java.util.concurrent.CompletableFuture<>();
        macWithAutomation("allowed", 0).open("Terminal", "colima", "mst-trial-1-kept", later::complete);
        Thread.sleep(500);
        assertThat(later).isNotDone();
        assertThat(TerminalLauncher.appleScriptError(
                        "execution error: Not authorized to send Apple events to Terminal. (-1743)"))
                .hasValue(-1743);
        assertThat(TerminalLauncher.automationRefused(
                        "execution error: Terminal got an error: Can’t get window 1. (-1728)"))
                .isFalse();
    }

    private static void executable(Path file, String text) throws Exception {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
